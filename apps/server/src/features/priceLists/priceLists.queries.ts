/**
 * Price lists' reads and writes (docs/price-lists.md). A store sees the company's lists (`store_id` null) and its
 * own; a list's prices are kept by catalogue item and unit (null: the base unit, the only one until packagings), and
 * read through the store's item rows, so a company list prices every store's row of an item.
 */
import type { CustomerPrice, PriceList, PriceListPrice, PriceListPricesQuery } from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { itemSearchCondition } from '../items/itemSearch.ts';

/** A list the store may use: the company's or its own. */
const visibleTo = (storeId: number): SQL => sql`(l.store_id is null or l.store_id = ${storeId})`;

/** The store's lists (the company's first, then its own, by name) with how many items and customers each has. */
export async function listPriceLists(db: DbOrTx, storeId: number, id?: number): Promise<PriceList[]> {
  const { rows } = await db.execute<PriceList>(sql`
    select l.id, l.store_id, l.name,
      (select count(*)::int from price_list_item p where p.price_list_id = l.id) as prices,
      (select count(*)::int from sub_accounts a where a.price_list_id = l.id and a.store_id = ${storeId}) as customers
    from price_list l
    where ${visibleTo(storeId)} ${id === undefined ? sql`` : sql`and l.id = ${id}`}
    order by l.store_id nulls first, l.name collate "C", l.id`);
  return rows;
}

/** One list the store may use, locked for the change about to be made to it; none: unknown or another store's. */
export async function lockPriceList(db: DbOrTx, storeId: number, id: number) {
  const { rows } = await db.execute<{ id: number; store_id: number | null; name: string }>(sql`
    select l.id, l.store_id, l.name from price_list l where l.id = ${id} and ${visibleTo(storeId)} for update`);
  return rows[0];
}

export async function insertPriceList(db: DbOrTx, storeId: number | null, name: string) {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into price_list (store_id, name) values (${storeId}, ${name}) returning id`);
  return Number(rows[0]?.id);
}

export const renamePriceList = (db: DbOrTx, id: number, name: string) =>
  db.execute(sql`update price_list set name = ${name} where id = ${id}`);

/** How many customers of any store carry the list. */
export async function countListCustomers(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from sub_accounts where price_list_id = ${id}`);
  return rows[0]?.n ?? 0;
}

/** Deletes the list; its prices go with it (on delete cascade). */
export const deletePriceList = (db: DbOrTx, id: number) => db.execute(sql`delete from price_list where id = ${id}`);

/** The catalogue item of each of the store's item rows named (an id of no row of the store is left out). */
export async function catalogueIdsOf(db: DbOrTx, storeId: number, itemIds: number[]) {
  const { rows } = await db.execute<{ id: number; catalogue_id: number }>(sql`
    select id, catalogue_id from items where store_id = ${storeId} and id = any(${arrayOf(itemIds)}::int[])`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.catalogue_id)]));
}

/** Sets the base-unit prices of catalogue items on a list (each catalogue item once), as one statement. */
export async function upsertPrices(db: DbOrTx, listId: number, catalogueIds: number[], prices: string[]) {
  if (catalogueIds.length === 0) return 0;
  const { rowCount } = await db.execute(sql`
    insert into price_list_item (price_list_id, catalogue_id, unit, price)
    select ${listId}, u.catalogue_id, null, u.price
    from unnest(${arrayOf(catalogueIds)}::int[], ${arrayOf(prices)}::numeric[]) as u(catalogue_id, price)
    on conflict on constraint price_list_item_uq
      do update set price = excluded.price, updated_at = now()
      where price_list_item.price is distinct from excluded.price`);
  return rowCount ?? 0;
}

/** Takes catalogue items off a list (their base-unit prices). */
export async function removePrices(db: DbOrTx, listId: number, catalogueIds: number[]) {
  if (catalogueIds.length === 0) return 0;
  const { rowCount } = await db.execute(sql`
    delete from price_list_item
    where price_list_id = ${listId} and unit is null and catalogue_id = any(${arrayOf(catalogueIds)}::int[])`);
  return rowCount ?? 0;
}

/** A page of the store's items with their own price and the list's, by name (then id: pages never overlap). */
export async function listPrices(db: DbOrTx, storeId: number, query: z.output<typeof PriceListPricesQuery>) {
  const where = sql.join(
    [
      sql`i.store_id = ${storeId}`,
      ...(query.search ? [itemSearchCondition('i', query.search)] : []),
      ...(query.priced === true ? [sql`p.price is not null`] : query.priced === false ? [sql`p.price is null`] : []),
    ],
    sql` and `,
  );
  const from = sql`from items i
    left join price_list_item p
      on p.price_list_id = ${query.price_list_id} and p.catalogue_id = i.catalogue_id and p.unit is null
    where ${where}`;
  const [page, total] = await Promise.all([
    db.execute<PriceListPrice>(sql`
      select i.id as item_id, i.item_name, i.part_no, i.item_parcode, i.item_unit, i.pay_price::text as pay_price,
        p.price::text as price
      ${from}
      order by i.item_name collate "C", i.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`),
  ]);
  return { rows: page.rows.map((row) => ({ ...row, item_id: Number(row.item_id) })), total: total.rows[0]?.n ?? 0 };
}

/** The customer (an account of the store) and the list he carries, if any; none: no such account in the store. */
export async function customerList(db: DbOrTx, storeId: number, customerId: number) {
  const { rows } = await db.execute<{ price_list_id: number | null; name: string | null }>(sql`
    select a.price_list_id, l.name from sub_accounts a left join price_list l on l.id = a.price_list_id
    where a.id = ${customerId} and a.store_id = ${storeId}`);
  const row = rows[0];
  if (!row) return undefined;
  return { list: row.price_list_id === null ? null : { id: Number(row.price_list_id), name: row.name ?? '' } };
}

/**
 * The price each item sells at to a customer of list `listId` (null: none): the list's base-unit price of its
 * catalogue item, else the store row's own selling price. `itemIds` names the items (of the store); without it, every
 * item of the store the list prices.
 */
export async function pricesForList(
  db: DbOrTx,
  storeId: number,
  listId: number | null,
  itemIds: number[] | undefined,
): Promise<CustomerPrice[]> {
  if (itemIds === undefined && listId === null) return [];
  const { rows } = await db.execute<{ item_id: number; price: string; listed: boolean }>(sql`
    select i.id as item_id, coalesce(p.price, i.pay_price)::text as price, p.price is not null as listed
    from items i
    ${itemIds === undefined ? sql`join` : sql`left join`} price_list_item p
      on p.price_list_id = ${listId} and p.catalogue_id = i.catalogue_id and p.unit is null
    where i.store_id = ${storeId}
      ${itemIds === undefined ? sql`` : sql`and i.id = any(${arrayOf(itemIds)}::int[])`}
    order by i.id`);
  return rows.map((row) => ({ item_id: Number(row.item_id), price: row.price, listed: row.listed }));
}

/** Whether the store may give its customers the list: the company's or its own. */
export async function isListOfStore(db: DbOrTx, storeId: number, listId: number) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from price_list l where l.id = ${listId} and ${visibleTo(storeId)}`);
  return (rows[0]?.n ?? 0) > 0;
}
