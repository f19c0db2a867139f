import { bookKinds } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';

/**
 * The stock of items in a store at a date and time: the sum of all their movements dated up to then, whatever
 * their year (the book is one book across years: a year is a period of it, not a separate stock). Items that never
 * moved have 0. Answers thousandths-exact decimal strings by item id.
 *
 * `documentId`, the document asking (a stock count), stands at its own place in the day's order: its own movements
 * are left out, and so are those of documents saved after it (a larger id: counts and invoices share one sequence)
 * at the very same date and time, which the cost engine also orders after it.
 */
export async function stockAt(
  db: DbOrTx,
  storeId: number,
  itemIds: number[],
  date: string,
  time: string,
  documentId?: number,
): Promise<Map<number, string>> {
  const ids = [...new Set(itemIds)];
  const stock = new Map<number, string>(ids.map((id) => [id, '0.000']));
  if (ids.length === 0) return stock;
  const { rows } = await db.execute<{ item_id: number; quantity: string }>(sql`
    select m.item_id, sum(m.quantity)::text as quantity
    from stock_movement m
    where m.store_id = ${storeId} and m.item_id = any(${arrayOf(ids)}::int[])
      and ${upToPlace(date, time, documentId)}
    group by m.item_id`);
  for (const row of rows) stock.set(row.item_id, row.quantity);
  return stock;
}

/**
 * The movements (`m`) up to a date and time, and for a document asking, up to its own place (see `stockAt`): the
 * one rule of what a count's system quantity is, for the save and for the count sheet the screen fills in.
 */
export function upToPlace(date: string, time: string, documentId: number | undefined) {
  const after =
    documentId === undefined
      ? sql`false`
      : sql`(m.source_kind = ${bookKinds.stockCount.wire} and m.source_id = ${documentId})
          or (m.move_date = ${date}::date and m.move_time = ${time}::time and m.source_kind <> ${bookKinds.openingQuantity.wire}
            and m.source_id > ${documentId})`;
  return sql`(m.move_date, m.move_time) <= (${date}::date, ${time}::time) and not (${after})`;
}
