import { bookKinds, documentKinds, type ItemListQuery, type itemSortKeys } from '@mizan/contract';
import { and, asc, count, eq, getTableColumns, isNotNull, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { itemCategories, items, stockMovement, tradeLine } from '../../db/schema.ts';
import { listOrder } from '../../lib/listOrder.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { itemSearchCondition } from './itemSearch.ts';

/** An item's own columns as the reads answer them: the search's folded text stays in the database. */
const { search_text: _searched, ...ownColumns } = getTableColumns(items);

const itemColumns = {
  ...ownColumns,
  dateCreated: sql<string>`to_char(${items.dateCreated}, 'YYYY-MM-DD')`,
  category_name: itemCategories.category_name,
};

function listConditions(storeId: number, query: ItemListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(items.store_id, storeId)];
  if (query.search) conditions.push(itemSearchCondition('items', query.search));
  if (query.category_id !== undefined && query.category_id !== 'all')
    conditions.push(eq(items.category_id, query.category_id));
  if (query.brand) conditions.push(eq(items.brand, query.brand));
  if (query.model) conditions.push(eq(items.model, query.model));
  return and(...conditions);
}

/** The columns a header of the item list sorts by. */
const itemSort: Record<(typeof itemSortKeys)[number], SQLWrapper> = {
  item_name: items.item_name,
  part_no: items.part_no,
  item_parcode: items.item_parcode,
  brand: items.brand,
  model: items.model,
  category_name: itemCategories.category_name,
  perch_price: items.perch_price,
  pay_price: items.pay_price,
  tax: items.tax,
  min_qty: items.min_qty,
};

export type ListedItem = Awaited<ReturnType<typeof listItems>>['rows'][number];

export async function listItems(db: DbOrTx, storeId: number, query: ItemListQuery) {
  const where = listConditions(storeId, query);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(items)
      .leftJoin(itemCategories, eq(itemCategories.id, items.category_id))
      .where(where)
      .orderBy(...listOrder(itemSort, query, [asc(items.item_name), asc(items.id)]))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(items).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findItem = (db: DbOrTx, storeId: number, id: number) =>
  db
    .select(itemColumns)
    .from(items)
    .leftJoin(itemCategories, eq(itemCategories.id, items.category_id))
    .where(and(eq(items.store_id, storeId), eq(items.id, id)));

/** Several items of the store (one array parameter, however many ids). */
export const findItems = (db: DbOrTx, storeId: number, ids: number[]) =>
  db
    .select(itemColumns)
    .from(items)
    .leftJoin(itemCategories, eq(itemCategories.id, items.category_id))
    .where(and(eq(items.store_id, storeId), sql`${items.id} = any(${arrayOf(ids)}::int[])`));

export async function categoryBelongsToStore(db: DbOrTx, storeId: number, categoryId: number) {
  const [row] = await db
    .select({ id: itemCategories.id })
    .from(itemCategories)
    .where(and(eq(itemCategories.id, categoryId), eq(itemCategories.store_id, storeId)));
  return row !== undefined;
}

/** Whether any document other than an opening quantity moved this item (or, without an id, any item of the store). */
/**
 * Whether any document moved the item (or any item of the store), or names it on a line: preliminary invoices and
 * purchase orders move no stock but keep their lines. The one usage rule of item deletes.
 */
export async function hasDocumentMovements(db: DbOrTx, storeId: number, itemId?: number) {
  const [moved] = await db
    .select({ n: count() })
    .from(stockMovement)
    .where(
      and(
        eq(stockMovement.store_id, storeId),
        ne(stockMovement.source_kind, bookKinds.openingQuantity.wire),
        itemId === undefined ? undefined : eq(stockMovement.item_id, itemId),
      ),
    );
  if ((moved?.n ?? 0) > 0) return true;
  const [named] = await db
    .select({ n: count() })
    .from(tradeLine)
    .where(and(eq(tradeLine.store_id, storeId), itemId === undefined ? undefined : eq(tradeLine.item_id, itemId)));
  return (named?.n ?? 0) > 0;
}

export const distinctBrands = (db: DbOrTx, storeId: number) =>
  db
    .selectDistinct({ brand: sql<string>`${items.brand}` })
    .from(items)
    .where(and(eq(items.store_id, storeId), isNotNull(items.brand)))
    .orderBy(asc(items.brand));

export const distinctModels = (db: DbOrTx, storeId: number, brand?: string) =>
  db
    .selectDistinct({ model: sql<string>`${items.model}` })
    .from(items)
    .where(and(eq(items.store_id, storeId), isNotNull(items.model), brand ? eq(items.brand, brand) : undefined))
    .orderBy(asc(items.model));

/**
 * An item's last purchase up to a date (the year's end): the latest purchase line by date and time (the order the
 * book keeps, not the order of typing), its unit price and its invoice. Over the lines' item index.
 */
export async function lastPurchase(db: DbOrTx, storeId: number, itemId: number, through: string) {
  const { rows } = await db.execute<{ price: string; date: string; pay_ref: string }>(sql`
    select l.perch_price::text as price, d.pay_date::text as date, d.pay_ref
    from trade_line l join trade_document d on d.pay_id = l.pay_id
    where l.store_id = ${storeId} and l.item_id = ${itemId} and d.kind = ${documentKinds.purchase.wire}
      and d.pay_date <= ${through}::date
    order by d.pay_date desc, d.pay_time desc, d.pay_id desc, l.id desc
    limit 1`);
  return rows[0];
}
