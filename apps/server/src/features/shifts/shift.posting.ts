/**
 * What a shift posts besides its documents (docs/shifts.md), as `repost` takes it: a paid in or out on its own day
 * (the cash box against its account), and the close's difference on the day it closed (the cash box against the
 * over/short account: short, an expense; over, a gain). Pure: the accounts and amounts in, the reposting out.
 */
import { bookKinds, type Money, money, ZERO } from '@mizan/contract';
import type { LedgerEntry } from '../posting/posting.rules.ts';
import type { Reposting } from '../posting/repost.ts';

const line = (account_id: number, debit: Money, credit: Money, memo: string): LedgerEntry => ({
  account_id,
  debit,
  credit,
  memo,
});

export const shiftMemosAr = {
  paidIn: (reason: string) => `مبلغ وارد للصندوق في وردية: ${reason}`,
  paidOut: (reason: string) => `مبلغ منصرف من الصندوق في وردية: ${reason}`,
  short: 'عجز الصندوق عند إقفال الوردية',
  over: 'زيادة الصندوق عند إقفال الوردية',
} as const;

type Where = { store_id: number; yearId: number; date: string; time: string; reference: string };

/** A paid in (the cash box takes it from the account) or a paid out (the account takes it from the cash box). */
export function cashMoveReposting(
  where: Where,
  move: { id: number; kind: 'in' | 'out'; amount: Money; reason: string; account_id: number; cash_box: number },
  fresh: boolean,
): Reposting {
  const memo = move.kind === 'in' ? shiftMemosAr.paidIn(move.reason) : shiftMemosAr.paidOut(move.reason);
  const [to, from] = move.kind === 'in' ? [move.cash_box, move.account_id] : [move.account_id, move.cash_box];
  return {
    source: { ...where, source_kind: bookKinds.shiftCashMove.wire, source_id: move.id },
    posting: { movements: [], moneyLines: [line(to, move.amount, ZERO, memo), line(from, ZERO, move.amount, memo)] },
    stockUnchanged: true,
    fresh,
  };
}

/**
 * The close's difference (counted − expected): nothing when the count agrees, else the cash box against the
 * over/short account. `posting: undefined` takes back what an earlier close of the shift posted (a reopen).
 */
export function closeReposting(
  where: Where,
  shift: { id: number; cash_box: number; over_short: number },
  difference: Money | undefined,
  fresh: boolean,
): Reposting {
  const source = { ...where, source_kind: bookKinds.tillShift.wire, source_id: shift.id };
  if (difference === undefined || difference === 0n) return { source, posting: undefined, stockUnchanged: true, fresh };
  const size = money(difference < 0n ? -difference : difference);
  const moneyLines =
    difference < 0n
      ? [line(shift.over_short, size, ZERO, shiftMemosAr.short), line(shift.cash_box, ZERO, size, shiftMemosAr.short)]
      : [line(shift.cash_box, size, ZERO, shiftMemosAr.over), line(shift.over_short, ZERO, size, shiftMemosAr.over)];
  return { source, posting: { movements: [], moneyLines }, stockUnchanged: true, fresh };
}
