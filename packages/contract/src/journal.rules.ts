/**
 * The rules of a journal (vouchers and journal entries), as pure functions over its lines: which side each line is
 * on, the two sides' totals, and whether it posts. A journal posts only when its two sides are equal and non-zero;
 * the one-call save refuses any other, and a legacy client's journal between its calls posts nothing. Kept free of
 * zod, so a screen can check a journal as the server does.
 */
import { type FieldErrors, fail, ok, type Result } from './errors.ts';
import { addMoney, isWithinAmountBound, type Money, money, parseMoney } from './money.ts';

/** `from`: a debit line (`jdetails_from`, "من حساب"); `to`: a credit line (`jdetails_to`, "الي حساب"). */
export type JournalSide = 'from' | 'to';

/** A journal line's amounts as they travel: decimal strings, one of them zero. */
export type JournalAmounts = { debit: string; credit: string };

const ZERO = money(0n);
const amount = (text: string) => parseMoney(text) ?? ZERO;

/** The side a line is on: only a debit → `from`, only a credit → `to`; both or neither → none. */
export function sideOf(line: JournalAmounts): JournalSide | undefined {
  const debit = amount(line.debit) > 0n;
  const credit = amount(line.credit) > 0n;
  if (debit === credit) return undefined;
  return debit ? 'from' : 'to';
}

/** The two sides' totals. */
export function journalTotals(lines: JournalAmounts[]): { debit: Money; credit: Money } {
  return {
    debit: addMoney(ZERO, ...lines.map((line) => amount(line.debit))),
    credit: addMoney(ZERO, ...lines.map((line) => amount(line.credit))),
  };
}

/** Whether a journal posts: its two sides are equal and non-zero. */
export const isPostable = (lines: JournalAmounts[]) => {
  const { debit, credit } = journalTotals(lines);
  return debit === credit && debit > 0n;
};

/**
 * Every line on exactly one side (every refused line listed at once, by its field: `items.2.debit`). Lines sent to
 * one side's legacy path (`jdetails_from` debit lines, `jdetails_to` credit lines) must carry their amount on that
 * side. Answers each line's side.
 */
export function checkLineSides(
  lines: JournalAmounts[],
  options: { path?: string; side?: JournalSide } = {},
): Result<JournalSide[]> {
  const path = options.path ?? 'items.';
  const fields: FieldErrors = {};
  const sides: JournalSide[] = [];
  let code: 'JOURNAL_LINE_ONE_SIDE' | 'JOURNAL_LINE_WRONG_SIDE' | undefined;
  lines.forEach((line, index) => {
    const side = sideOf(line);
    if (side === undefined) {
      code ??= 'JOURNAL_LINE_ONE_SIDE';
      fields[`${path}${index}.debit`] = 'JOURNAL_LINE_ONE_SIDE';
    } else if (options.side !== undefined && side !== options.side) {
      code ??= 'JOURNAL_LINE_WRONG_SIDE';
      fields[`${path}${index}.${options.side === 'from' ? 'debit' : 'credit'}`] = 'JOURNAL_LINE_WRONG_SIDE';
    } else sides.push(side);
  });
  return code ? fail(code, fields) : ok(sides);
}

/**
 * A whole journal as the one-call save takes it: every line on one side, each side's total within the amounts the
 * ledger keeps, and the two sides equal and non-zero (400 `JOURNAL_UNBALANCED` otherwise).
 */
export function checkJournal(lines: JournalAmounts[]): Result<JournalSide[]> {
  const sides = checkLineSides(lines);
  if (!sides.ok) return sides;
  const { debit, credit } = journalTotals(lines);
  if (!isWithinAmountBound(debit) || !isWithinAmountBound(credit))
    return fail('AMOUNT_TOO_LARGE', { items: 'AMOUNT_TOO_LARGE' });
  if (!isPostable(lines)) return fail('JOURNAL_UNBALANCED', { items: 'JOURNAL_UNBALANCED' });
  return sides;
}
