/**
 * What the search pickers (the party picker, the account field) share about a text typed by hand: its label, the
 * term it is searched by, the entry it names exactly, and the hand-over a form's save awaits while that text names
 * nothing yet (Ctrl+S right after a name, before its search answered).
 */
import { toWesternDigits } from '@mizan/contract';
import { useRef } from 'react';

export type Named = { sub_name: string; sub_code: string | null };

/** "name — code", or the name alone. */
export const choiceLabel = (entry: Named) =>
  entry.sub_code ? `${entry.sub_name} — ${entry.sub_code}` : entry.sub_name;

/** What a typed text is searched by: a label typed or pasted whole ("name — code") by its name. */
export const searchTermOf = (text: string) => {
  const dash = text.lastIndexOf(' — ');
  return (dash >= 0 ? text.slice(0, dash) : text).trim();
};

/** The entry a text names exactly: its label, its name, or its code in any digits (never the first suggestion). */
export const namedExactly = (text: string) => {
  const code = toWesternDigits(text.trim());
  return (entry: Named) =>
    choiceLabel(entry) === text || entry.sub_name === text || (entry.sub_code !== null && entry.sub_code === code);
};

/**
 * Filled by a picker while its typed text names no entry yet: the form's save awaits it and gets the id that text
 * names (found now), or nothing. Empty otherwise.
 */
export type TypedChoice = { current: (() => Promise<number | undefined>) | undefined };
export const useTypedChoice = (): TypedChoice => useRef<TypedChoice['current']>(undefined);
