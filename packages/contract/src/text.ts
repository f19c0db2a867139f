import { z } from 'zod';
import { toWesternDigits } from './digits.ts';

/**
 * Characters no text column can keep: NUL (PostgreSQL text refuses it) and a lone UTF-16 surrogate (half of a
 * character: JSON lets a client send one, but it is no character at all and cannot be stored as UTF-8).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The one string of the contract: every text a client sends (names, searches, references, passwords) is one of
 * these, so no endpoint can hand the database a character it refuses.
 */
export const Text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: 'TEXT_UNSTORABLE', abort: true });

/** Optional free text: trimmed; empty becomes null, so "no brand" is stored one way only. */
export const optionalText = (max = 200) =>
  Text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An optional code (an account's or item's code, a barcode, a party's phone): trimmed, its Arabic-Indic and Persian
 * digits made Western, empty becomes null. Codes are found by exact or partial match (the party picker, the code
 * searches, a scanner that sends Western digits) and are unique in a store, so "١٠٢" and "102" must be one code
 * whichever client sent it; the web app's code fields convert as the user types, legacy clients rely on this.
 */
export const optionalCode = (max = 64) =>
  Text()
    .trim()
    .max(max)
    .transform(toWesternDigits)
    .nullish()
    .transform((value) => (value ? value : null));

/** Legacy clients send some arrays as a JSON string (`createMulti`): accept both. */
export const jsonArrayOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, z.array(item).min(1).max(1000));
