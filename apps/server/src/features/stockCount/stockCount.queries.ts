/** Reads and writes of stock counts (`stock_count`, `stock_count_line`); each takes the database or a transaction. */
import {
  bookKinds,
  type CountSheetLine,
  MAX_COUNT_LINES,
  type StockCount,
  type StockCountLine,
  type StockCountWithLines,
} from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { stockCount, stockCountLine } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { upToPlace } from '../stock/stockAt.ts';

/** What a count's postings are kept under (`source_kind`). */
const COUNT = bookKinds.stockCount.wire;

/** The key a legacy client's own reference is kept under, so its lines (and a re-sent header) find the count. */
export const legacyKey = (yearId: number, ref: string) => `legacy-ref:${COUNT}:${yearId}:${ref}`;

export type CountFilter = {
  storeId: number;
  yearId?: number | undefined;
  payId?: number | undefined;
  /** The server's reference or the legacy client's own (in `yearId`). */
  payRef?: string | undefined;
  itemId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only this user's counts (a role without `readOthers`). */
  userId?: number | undefined;
};

function where(filter: CountFilter) {
  const ref = filter.payRef;
  return sql.join(
    [
      sql`c.store_id = ${filter.storeId}`,
      filter.yearId === undefined ? undefined : sql`c."yearId" = ${filter.yearId}`,
      filter.payId === undefined ? undefined : sql`c.pay_id = ${filter.payId}`,
      ref === undefined
        ? undefined
        : sql`(c.pay_ref = ${ref} or c.idempotency_key = ${legacyKey(filter.yearId ?? 0, ref)})`,
      filter.from === undefined ? undefined : sql`c.pay_date >= ${filter.from}`,
      filter.to === undefined ? undefined : sql`c.pay_date <= ${filter.to}`,
      filter.userId === undefined ? undefined : sql`c.user_id = ${filter.userId}`,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
}

/** Counts (headers), newest first, with the value at cost they moved (positive: goods missing). */
export async function listCounts(db: DbOrTx, filter: CountFilter, limit: number): Promise<StockCount[]> {
  const { rows } = await db.execute<StockCount>(sql`
    select c.pay_id, c.pay_ref, c.store_id, c."yearId", c.user_id, u.user_name, c.tot_pr::text,
      (-coalesce((select sum(m.value) from stock_movement m where m.source_kind = ${COUNT} and m.source_id = c.pay_id),
        0))::numeric(20, 2)::text as cost,
      c.pay_date::text, c.pay_time::text, c."payComment"
    from stock_count c left join users u on u.id = c.user_id
    where ${where(filter)}
    order by c.pay_date desc, c.pay_time desc, c.pay_id desc
    limit ${limit}`);
  return rows;
}

/**
 * Count lines in date order, each with what its difference cost (its movement's value, signed like `quantity`).
 * Narrowed to an item, a count, dates, like the headers.
 */
export async function listCountLines(db: DbOrTx, filter: CountFilter, limit = 2000): Promise<StockCountLine[]> {
  const { rows } = await db.execute<StockCountLine>(sql`
    select l.id, l.pay_id, c.pay_ref, l.store_id, c."yearId", l.item_id, l.item_name, l."availQty"::text,
      l."qtyReal"::text, l.quantity::text, l.pay_price::text, l.perch_price::text, l.tot::text,
      (-m.value)::numeric(20, 2)::text as cost, c.pay_date::text
    from stock_count_line l
    join stock_count c on c.pay_id = l.pay_id
    left join stock_movement m on m.source_kind = ${COUNT} and m.source_id = l.pay_id and m.line_no = l.line_no
    where ${where(filter)} ${filter.itemId === undefined ? sql`` : sql`and l.item_id = ${filter.itemId}`}
    order by c.pay_date, c.pay_time, l.pay_id, l.line_no
    limit ${limit}`);
  return rows;
}

/** Σ availQty − qtyReal of an item's count lines (legacy `tswiaQuantity`: positive, more went out than came in). */
export async function countedQuantityOfItem(db: DbOrTx, filter: CountFilter & { itemId: number }) {
  const { rows } = await db.execute<{ quantity: string }>(sql`
    select coalesce(sum(l.quantity), 0)::text as quantity
    from stock_count_line l join stock_count c on c.pay_id = l.pay_id
    where ${where(filter)} and l.item_id = ${filter.itemId}`);
  return rows[0]?.quantity ?? '0';
}

/** The count, locked until the transaction ends: edits and deletes of one count queue behind each other. */
export async function lockCount(tx: DbOrTx, storeId: number, payId: number) {
  const [row] = await tx
    .select({
      pay_id: stockCount.pay_id,
      pay_ref: stockCount.pay_ref,
      yearId: stockCount.yearId,
      user_id: stockCount.user_id,
      pay_date: stockCount.pay_date,
      pay_time: stockCount.pay_time,
      payComment: stockCount.payComment,
    })
    .from(stockCount)
    .where(and(eq(stockCount.store_id, storeId), eq(stockCount.pay_id, payId)))
    .for('update');
  return row;
}

/** A count's saved lines in their order, as a save takes them again. */
export const savedLines = (db: DbOrTx, payId: number) =>
  db
    .select({
      item_id: stockCountLine.item_id,
      qtyReal: stockCountLine.qtyReal,
      pay_price: stockCountLine.pay_price,
      perch_price: stockCountLine.perch_price,
    })
    .from(stockCountLine)
    .where(eq(stockCountLine.pay_id, payId))
    .orderBy(stockCountLine.line_no);

/** The count an earlier save with this key made, with the hash of what it saved. */
export async function countWithKey(db: DbOrTx, storeId: number, key: string) {
  const [row] = await db
    .select({ pay_id: stockCount.pay_id, hash: stockCount.idempotency_hash })
    .from(stockCount)
    .where(and(eq(stockCount.store_id, storeId), eq(stockCount.idempotency_key, key)));
  return row;
}

/** One count with its lines; undefined when the store has no such count. */
export async function readCount(db: DbOrTx, storeId: number, payId: number): Promise<StockCountWithLines | undefined> {
  const [count] = await listCounts(db, { storeId, payId }, 1);
  if (!count) return undefined;
  // Every line of the count (the line reads stop at 2,000; a count holds up to MAX_COUNT_LINES).
  return { ...count, items: await listCountLines(db, { storeId, payId }, MAX_COUNT_LINES) };
}

/**
 * The count sheet: the store's items named (or every item of a category), each with its system quantity at the
 * count's place (`upToPlace`, the save's own rule) and the moving average there (the purchase price on an empty
 * shelf), in name order.
 */
export async function countSheet(
  db: DbOrTx,
  storeId: number,
  place: { date: string; time: string; payId?: number | undefined },
  which: { itemIds?: number[] | undefined; categoryId?: number | undefined },
): Promise<CountSheetLine[]> {
  const chosen = sql.join(
    [
      which.itemIds === undefined ? undefined : sql`i.id = any(${arrayOf(which.itemIds)}::int[])`,
      which.categoryId === undefined ? undefined : sql`i.category_id = ${which.categoryId}`,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const { rows } = await db.execute<CountSheetLine>(sql`
    select i.id as item_id, i.item_name, i.part_no, i.item_parcode, i.item_unit, i.perch_price::text,
      coalesce(s.quantity, 0)::numeric(20, 3)::text as "availQty",
      (case when s.quantity > 0 then round(s.value / s.quantity, 2) else i.perch_price end)::numeric(20, 2)::text
        as avg_cost
    from items i
    left join lateral (
      select sum(m.quantity) as quantity, sum(m.value) as value from stock_movement m
      where m.store_id = ${storeId} and m.item_id = i.id and ${upToPlace(place.date, place.time, place.payId)}
    ) s on true
    where i.store_id = ${storeId} and ${chosen}
    order by i.item_name, i.id
    limit ${MAX_COUNT_LINES}`);
  return rows;
}
