/**
 * What a journal posts, and which accounts it may name, as pure functions (the balance rule itself is the
 * contract's `journal.rules.ts`, shared with the screens). `repost` writes what `journalPosting` returns.
 */
import {
  type FieldErrors,
  fail,
  formatBookReference,
  isPostable,
  money,
  ok,
  parseMoney,
  postingMemosAr,
  type Result,
} from '@mizan/contract';
import type { Posting } from '../posting/posting.rules.ts';

/** `SH-J-000012`: the store's prefix, J, the number on the store's journal counter (the registry's). */
export const journalReference = (storeRef: string, sequence: number) =>
  formatBookReference(storeRef, 'journal', sequence);

/** A journal as its rule reads it: its notes and its lines, amounts as the saved decimal strings. */
export type JournalPostingInput = {
  j_details: string | null;
  j_desc: string | null;
  j_type: string | null;
  lines: { ac_id: number; debit: string; credit: string; j_desc: string | null }[];
};

const amount = (text: string) => parseMoney(text) ?? money(0n);

/**
 * What a journal posts: each line to its account on its own side, in the money part, with no stock movement; only
 * when its two sides are equal and non-zero. An unbalanced journal (a legacy client between its calls, or after
 * editing one side) posts nothing: undefined. A line's memo is its own note, else what the user wrote about the
 * journal, else its template's description, else its type ("سند قبض").
 */
export function journalPosting(journal: JournalPostingInput): Posting | undefined {
  if (!isPostable(journal.lines)) return undefined;
  const memo = journal.j_details ?? journal.j_desc ?? journal.j_type ?? postingMemosAr.journal;
  return {
    movements: [],
    moneyLines: journal.lines.map((line) => ({
      account_id: line.ac_id,
      debit: amount(line.debit),
      credit: amount(line.credit),
      memo: line.j_desc ?? memo,
    })),
  };
}

/**
 * The accounts a journal's lines name, checked against the store's: each must be one of its accounts (else
 * `ACCOUNT_NOT_FOUND`), and none the inventory account, whose balance is the stock at cost and moves only with stock
 * (`ACCOUNT_KEPT_BY_STOCK`). `found` maps the store's accounts of these ids to their role. Every refused line is
 * named at once, by its field (`items.1.ac_id`).
 */
export function checkAccounts(
  lines: { ac_id: number }[],
  found: Map<number, string | null>,
  path = 'items.',
): Result<void> {
  const fields: FieldErrors = {};
  let code: 'ACCOUNT_NOT_FOUND' | 'ACCOUNT_KEPT_BY_STOCK' | undefined;
  lines.forEach((line, index) => {
    const role = found.get(line.ac_id);
    const refusal =
      role === undefined ? 'ACCOUNT_NOT_FOUND' : role === 'inventory' ? 'ACCOUNT_KEPT_BY_STOCK' : undefined;
    if (!refusal) return;
    code ??= refusal;
    fields[`${path}${index}.ac_id`] = refusal;
  });
  return code ? fail(code, fields) : ok(undefined);
}
