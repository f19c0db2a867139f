/** Reads of opening quantities (`firstq`) with their items. */
import type { OpeningQuantityRow } from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstq, items } from '../../db/schema.ts';

/** An opening quantity as the reads answer it: with its item's name and code; typed (not carried from a year before). */
export const rowColumns = {
  id: firstq.id,
  item_id: firstq.item_id,
  item_name: items.item_name,
  part_no: items.part_no,
  store_id: firstq.store_id,
  fq_year: firstq.fq_year,
  quantity: firstq.quantity,
  pay_price: firstq.pay_price,
  perch_price: firstq.perch_price,
  carried: sql<boolean>`false`,
};

/** One opening quantity by its row's id. */
export async function readOpening(db: DbOrTx, id: number): Promise<OpeningQuantityRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(firstq)
    .innerJoin(items, eq(items.id, firstq.item_id))
    .where(eq(firstq.id, id));
  return row;
}
