/**
 * What returns ask of their original invoices. An invoice with returns is not deleted, and an edit of it is refused
 * (409) when it would leave a return without its ground: another party (the first would keep a credit for goods it
 * no longer bought), a date after one of its returns (their goods come back at what it took out), an item below
 * what its returns took back, or less charged than the returns refunded. Refusing
 * rather than carrying the returns along keeps every posted return as the accountant saw it. Each refusal names the
 * returns in the way (`returns: [{ pay_id, pay_ref }]`, which `sendError` answers). Called by the trade save and
 * delete, so every path that edits an invoice (the legacy two-call edits included) meets it.
 */
import {
  type ErrorCode,
  type FieldErrors,
  fail,
  type KindToken,
  kindOf,
  type Money,
  money,
  ok,
  parseMoney,
  type Result,
  toMilli,
  toMoneyString,
} from '@mizan/contract';
import type { DbOrTx } from '../../db/client.ts';
import { originalLines, returnedLines, returnsOf } from './returns.queries.ts';
import { refundedAboveCharge } from './returns.rules.ts';

/** The returns an invoice's refusal names. */
export type NamedReturn = { pay_id: number; pay_ref: string };

const refusal = (code: ErrorCode, fields: FieldErrors | undefined, returns: NamedReturn[]): Result<never> =>
  Object.assign(fail(code, fields), { returns });

const named = (rows: NamedReturn[]) => rows.map(({ pay_id, pay_ref }) => ({ pay_id, pay_ref }));

/** Refuses the delete of an invoice that still has returns (delete them first). */
export async function refuseDeleteWithReturns(tx: DbOrTx, payId: number): Promise<Result<null>> {
  const returns = await returnsOf(tx, payId);
  return returns.length > 0 ? refusal('DOCUMENT_HAS_RETURNS', undefined, named(returns)) : ok(null);
}

/**
 * Refuses an edit of an invoice with returns that changes its party, keeps less of an item than its returns took
 * back, or charges less than they refunded (see `refundedAboveCharge`). `lines` are the edit's priced lines.
 */
export async function refuseEditWithReturns(
  tx: DbOrTx,
  kind: KindToken,
  existing: { pay_id: number; cust_id: number; discount: string },
  edit: {
    cust_id: number;
    discount: string;
    pay_date: string;
    lines: { item_id: number; quantity: string; tot: Money }[];
  },
): Promise<Result<null>> {
  const returns = await returnsOf(tx, existing.pay_id);
  if (returns.length === 0) return ok(null);
  const names = named(returns);
  if (edit.cust_id !== existing.cust_id) return refusal('PARTY_HAS_RETURNS', { cust_id: 'PARTY_HAS_RETURNS' }, names);
  // Its returns are valued from it, so it stays before them on the book's dates.
  const earlier = returns.filter((row) => row.pay_date < edit.pay_date);
  if (earlier.length > 0)
    return refusal('ORIGINAL_AFTER_RETURN', { pay_date: 'ORIGINAL_AFTER_RETURN' }, named(earlier));

  const returned = await returnedLines(tx, existing.pay_id);
  const sum = (rows: { item_id: number; quantity: string }[]) => {
    const by = new Map<number, bigint>();
    for (const row of rows) by.set(row.item_id, (by.get(row.item_id) ?? 0n) + toMilli(row.quantity));
    return by;
  };
  const kept = sum(edit.lines);
  for (const [itemId, back] of sum(returned))
    if ((kept.get(itemId) ?? 0n) < back) return refusal('BELOW_RETURNED', { items: 'BELOW_RETURNED' }, names);

  const priceField = kindOf(kind).price;
  const before = await originalLines(tx, kind, existing.pay_id);
  const field = refundedAboveCharge({
    before: { discount: existing.discount, lines: before },
    after: {
      discount: edit.discount,
      lines: edit.lines.map((line) => ({
        item_id: line.item_id,
        quantity: line.quantity,
        tot: toMoneyString(line.tot),
      })),
    },
    returned: returned.map((line) => ({ item_id: line.item_id, quantity: line.quantity, price: line[priceField] })),
    refunded: money(returns.reduce((total, row) => total + (parseMoney(row.refunded) ?? 0n), 0n)),
  });
  return field ? refusal('BELOW_REFUNDED', { [field]: 'BELOW_REFUNDED' }, names) : ok(null);
}
