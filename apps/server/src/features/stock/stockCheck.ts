/**
 * The one stock check. Every operation that lowers stock (a sale, a purchase edited or deleted, an opening quantity
 * lowered or cleared, an opening sheet imported again) states the signed quantity changes it is about to make, and
 * is refused with the items that would go below zero, unless the store allows negative stock.
 *
 * It is set-based: the changes travel as arrays unnested in SQL, so an import of thousands of rows is two
 * statements (lock, then sum), not one query per row.
 */
import { fail, fromMilli, type Result, type StockShortage, toMilli } from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { store } from '../../db/schema.ts';

/**
 * A signed change of an item's stock: negative takes out, positive brings in. Stock is one book across years
 * (docs/accounting-years.md): it is checked against everything the item has, whatever the year.
 */
export type StockChange = { item_id: number; quantity: string };

/** A PostgreSQL array literal of numbers or decimal strings, sent as one parameter (not one per element). */
const arrayLiteral = (values: (number | string)[]) => `{${values.join(',')}}`;

/** Changes summed per item; the ones that do not lower stock are dropped (they can never be refused). */
function netDecreases(changes: StockChange[]) {
  const net = new Map<number, StockChange & { milli: bigint }>();
  for (const change of changes) {
    const sum = (net.get(change.item_id)?.milli ?? 0n) + toMilli(change.quantity);
    net.set(change.item_id, { ...change, milli: sum });
  }
  return [...net.values()].filter((change) => change.milli < 0n);
}

/**
 * The changes an operation makes when it replaces `before` with `after` (an edit: the old movements of a document
 * go, the new ones come). Both lists are signed movements as `stock_movement` holds them.
 */
export function replacementChanges(before: StockChange[], after: StockChange[]): StockChange[] {
  return [...after, ...before.map((m) => ({ ...m, quantity: fromMilli(-toMilli(m.quantity)) }))];
}

/** An item's card as a save prices its lines: read with the item's lock, in the same statement. */
export type LockedItem = { id: number; item_name: string; pay_price: string; perch_price: string; tax: string };

/**
 * Locks the store's items of these ids in id order until the transaction ends (the order every stock operation
 * takes them in). Taken before reading what an operation replaces (an opening quantity, say), so that the changes it
 * states are computed from figures no one else is changing. Answers the locked items' cards (names, prices and tax
 * rate), read under the lock in the same statement, so a save prices its lines without another round trip; an id
 * the store does not have is not among them.
 */
export async function lockStockItems(tx: DbOrTx, storeId: number, ids: number[]): Promise<LockedItem[]> {
  const itemIds = [...new Set(ids)].sort((a, b) => a - b);
  if (itemIds.length === 0) return [];
  const { rows } = await tx.execute<LockedItem>(sql`
    select id, item_name, pay_price, perch_price, tax from items
    where store_id = ${storeId} and id = any(${arrayLiteral(itemIds)}::int[])
    order by id for update`);
  return rows;
}

/**
 * The items that `changes` would take below zero in the store, with what is there and what is taken out; empty when
 * the store allows negative stock or nothing goes below zero. The changed items are locked in id order until the
 * transaction ends, so two operations on the same items wait for each other instead of both passing the check.
 * Call it before writing the changes (with the stock as it stands in the transaction).
 */
export async function findStockShortages(
  tx: DbOrTx,
  storeId: number,
  changes: StockChange[],
): Promise<StockShortage[]> {
  const decreases = netDecreases(changes);
  if (decreases.length === 0) return [];
  // Locks first, in one order for every operation (items by id), then reads the stock they guard.
  await lockStockItems(
    tx,
    storeId,
    decreases.map((c) => c.item_id),
  );
  const [settings] = await tx
    .select({ allowNegative: store.allow_negative_stock })
    .from(store)
    .where(eq(store.id, storeId));
  if (!settings || settings.allowNegative) return [];
  const result = await tx.execute<{
    item_id: number;
    item_name: string;
    pay_price: string;
    perch_price: string;
    available: string;
    taken: string;
  }>(sql`
    with change as (
      select * from unnest(
        ${arrayLiteral(decreases.map((c) => c.item_id))}::int[],
        ${arrayLiteral(decreases.map((c) => fromMilli(-c.milli)))}::numeric[]
      ) as c(item_id, taken)
    ),
    stock as (
      select m.item_id, sum(m.quantity) as quantity
      from stock_movement m
      join change c on c.item_id = m.item_id
      where m.store_id = ${storeId}
      group by m.item_id
    )
    select c.item_id, i.item_name, i.pay_price::text, i.perch_price::text,
      coalesce(s.quantity, 0)::text as available, c.taken::text as taken
    from change c
    join items i on i.id = c.item_id and i.store_id = ${storeId}
    left join stock s on s.item_id = c.item_id
    where coalesce(s.quantity, 0) - c.taken < 0
    order by c.item_id`);
  return result.rows.map((row) => {
    const available = toMilli(row.available);
    const taken = toMilli(row.taken);
    return {
      item_id: row.item_id,
      item_name: row.item_name,
      requested_quantity: fromMilli(taken),
      available_quantity: fromMilli(available),
      shortage: fromMilli(taken - available),
      perch_price: row.perch_price,
      pay_price: row.pay_price,
    };
  });
}

/**
 * The refusal of an operation for want of stock: 409 STOCK_INSUFFICIENT, a field per short item, and the short items
 * themselves, which `sendError` answers as `insufficient_items` (the same shape as a refused sale).
 */
export const stockRefusal = <T = never>(shortages: StockShortage[]): Result<T> =>
  Object.assign(
    fail<T>(
      'STOCK_INSUFFICIENT',
      Object.fromEntries(shortages.map((s) => [`item.${s.item_id}`, 'STOCK_INSUFFICIENT'])),
    ),
    { shortages },
  );
