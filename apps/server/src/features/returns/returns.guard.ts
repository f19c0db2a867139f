/**
 * What returns ask of their original invoices: an invoice with returns is not deleted, and an edit may not leave
 * an item below what its returns took back. Called by the trade save and delete (kept here, beside the returns).
 */
import { fail, ok, type Result } from '@mizan/contract';
import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tradeDocument } from '../../db/schema.ts';
import { toMilli } from '../trade/quantity.ts';
import { returnedLines } from './returns.queries.ts';

/** Refuses the delete of an invoice that still has returns (delete them first). */
export async function refuseDeleteWithReturns(tx: DbOrTx, payId: number): Promise<Result<null>> {
  const [row] = await tx.select({ n: count() }).from(tradeDocument).where(eq(tradeDocument.original_pay_id, payId));
  return (row?.n ?? 0) > 0 ? fail('DOCUMENT_HAS_RETURNS') : ok(null);
}

/** Refuses an edit of an invoice whose new lines have less of an item than its returns took back. */
export async function refuseBelowReturned(
  tx: DbOrTx,
  payId: number,
  lines: { item_id: number; quantity: string }[],
): Promise<Result<null>> {
  const returned = await returnedLines(tx, payId);
  if (returned.length === 0) return ok(null);
  const sum = (rows: { item_id: number; quantity: string }[]) => {
    const by = new Map<number, bigint>();
    for (const row of rows) by.set(row.item_id, (by.get(row.item_id) ?? 0n) + toMilli(row.quantity));
    return by;
  };
  const kept = sum(lines);
  for (const [itemId, back] of sum(returned))
    if ((kept.get(itemId) ?? 0n) < back) return fail('BELOW_RETURNED', { items: 'BELOW_RETURNED' });
  return ok(null);
}
