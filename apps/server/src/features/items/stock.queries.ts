/**
 * The one query of item stock (docs/stock-reads.md). Every stock read (the item-stock screen, the legacy
 * `items/read*Stock*` calls, the pickers' `searchStock`, one item's `readItemByIdQty`, the totals cards, the stock
 * notifications) is built here, so that there is one formula:
 * - the quantity and the value at cost of an item "through year Y" are the kept per-year sums (`item_cost`) of Y
 *   and of every year that starts before it (`yearsThrough`): a few primary-key rows per item;
 * - the breakdown (opening, bought, sold, counted, last sale) sums the item's dated movements (`stock_movement`) of
 *   the same years, only for the rows answered (a page), never for the whole filter unless the order needs it;
 * - in the latest year, a quantity filter, an order by quantity or value and the totals read the kept current stock
 *   (`item_stock`: the sums of every year's kept sums, quantity and value): one row per item, indexed by store and
 *   quantity, so a filter's page and count read only the matching items and the totals one row per item.
 */
import {
  bookKinds,
  documentKinds,
  kindOf,
  roleIds,
  type StockFilterQuery,
  type StockQuantityFilter,
  type StockRow,
  type StockSortKey,
  type StockTotals,
  type StoreStockRow,
} from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { yearsThrough } from '../book/bookYears.ts';
import { itemSearchCondition } from './itemSearch.ts';

/** The kinds that move stock on one side of the trade (the registry's): sales and their returns, purchases and theirs. */
const stockKindsOf = (party: 'customer' | 'supplier') =>
  Object.values(documentKinds)
    .filter((kind) => kind.stockSign !== 0 && kindOf(kind.wire).party === party)
    .map((kind) => kind.wire);
const salesKinds = stockKindsOf('customer');
const purchaseKinds = stockKindsOf('supplier');
const countKind = bookKinds.stockCount.wire;
const openingKind = bookKinds.openingQuantity.wire;
const saleKind = documentKinds.sale.wire;

/** What a stock read takes: the list's filters, one item, and the picker's search by name, code or barcode. */
export type StockFilters = Omit<StockFilterQuery, 'store_id' | 'yearId' | 'year_id'> & { id?: number | undefined };

/** The item's quantity and value at cost through the year: the kept sums (alias `s`). */
const stockSums = (yearId: number) => sql`join lateral (
    select coalesce(sum(k.quantity), 0) as quantity, coalesce(sum(k.value), 0) as value
    from item_cost k
    where k.store_id = i.store_id and k.item_id = i.id and k."yearId" in ${yearsThrough(yearId)}
  ) s on true`;

/**
 * The same sums for every item of the store at once (alias `s`): one grouped pass over the store's kept sums, joined
 * by hash. A filter on quantity, an order by quantity or value, and the totals read every item, where a lookup per
 * item (`stockSums`) would cost one index probe per item (50,000 for a large store); a page reads only its rows.
 */
const allStockSums = (storeId: number, yearId: number) => sql`left join (
    select k.item_id, sum(k.quantity) as quantity, sum(k.value) as value
    from item_cost k
    where k.store_id = ${storeId} and k."yearId" in ${yearsThrough(yearId)}
    group by k.item_id
  ) s0 on s0.item_id = i.id
  cross join lateral (select coalesce(s0.quantity, 0) as quantity, coalesce(s0.value, 0) as value) s`;

/**
 * The stock at the end of a day (`as_of`, alias `s`): the kept current stock less what moved after that day, one
 * item's (`whole` false: a lookup of its movements after the day on the chain index) or every item of the store at
 * once (`whole`: one grouped pass over the store's movements after the day, on the date index). A recent day reads
 * few movements; the oldest days read most of them (docs/stock-reads.md).
 */
const asOfStock = (storeId: number, asOf: string, whole: boolean) =>
  whole
    ? sql`join item_stock q on q.item_id = i.id and q.store_id = i.store_id
  left join (
    select m.item_id, sum(m.quantity) as quantity, sum(m.value) as value
    from stock_movement m
    where m.store_id = ${storeId} and m.move_date > ${asOf}
    group by m.item_id
  ) a on a.item_id = i.id
  cross join lateral (
    select q.quantity - coalesce(a.quantity, 0) as quantity, q.value - coalesce(a.value, 0) as value
  ) s`
    : sql`join item_stock q on q.item_id = i.id and q.store_id = i.store_id
  cross join lateral (
    select coalesce(sum(m.quantity), 0) as quantity, coalesce(sum(m.value), 0) as value
    from stock_movement m
    where m.store_id = i.store_id and m.item_id = i.id and m.move_date > ${asOf}
  ) a
  cross join lateral (select q.quantity - a.quantity as quantity, q.value - a.value as value) s`;

/**
 * Where a read that filters on, orders by or adds up the quantity and value at cost reads them: `kept`, the item's
 * current stock (`item_stock`, alias `q`), which is its stock through the latest year; `sums`, the kept per-year sums
 * of the years through the read's (alias `s`), for a read of an earlier year; `asOf`, the stock at the end of a day
 * (`asOfStock`).
 */
type QuantitySource = 'kept' | 'sums' | 'asOf';

/** Whether `yearId` is a year and none starts after it: then every year's sums are the ones "through" it. */
async function isLatestYear(db: DbOrTx, yearId: number): Promise<boolean> {
  const { rows } = await db.execute<{ latest: boolean }>(sql`
    select exists (select 1 from year t where t.id = ${yearId})
      and not exists (
        select 1 from year y where y."yearStart" > (select t."yearStart" from year t where t.id = ${yearId})
      ) as latest`);
  return rows[0]?.latest ?? false;
}

/** The source of a read that needs one (none for a read that only shows its rows' figures). */
async function quantitySourceOf(db: DbOrTx, yearId: number, needed: boolean, filters: StockFilters) {
  if (!needed) return undefined;
  if (filters.as_of) return 'asOf' as const;
  return (await isLatestYear(db, yearId)) ? ('kept' as const) : ('sums' as const);
}

/**
 * The items' kept current stock and minimum (alias `q`), its quantity and value also under the sums' alias `s`: one
 * primary-key row per item, the same figures as the sums of every year (held to them by the drift query).
 */
const keptStock = sql`join item_stock q on q.item_id = i.id and q.store_id = i.store_id
  cross join lateral (select q.quantity, q.value) s`;

/** Whether the filters take in every item of the store (none given, or the category "all"). */
const isUnfiltered = (filters: StockFilters) =>
  (filters.category_id === undefined || filters.category_id === 'all') &&
  !filters.brand &&
  !filters.model &&
  !filters.search &&
  !filters.quantity_filter &&
  filters.id === undefined;

/** Whether the filters narrow the store's items to a few (a category, a brand, a search, one item). */
const isNarrowed = (filters: StockFilters) => {
  const { quantity_filter: _quantityFilter, as_of: _asOf, ...others } = filters;
  return !isUnfiltered(others);
};

/** The sums as a list needs them: the kept current stock in the latest year; in an earlier one, a narrowed list (a
 * category, a brand, a search) looks up its items' sums, the whole store groups them once. */
function sumsFor(storeId: number, yearId: number, filters: StockFilters, source: QuantitySource): SQL {
  if (source === 'kept') return keptStock;
  if (source === 'asOf' && filters.as_of) return asOfStock(storeId, filters.as_of, !isNarrowed(filters));
  return isNarrowed(filters) ? stockSums(yearId) : allStockSums(storeId, yearId);
}

/** One row's own figures, after its page was chosen: the day's stock, the kept current one, or the years' sums. */
function rowSums(storeId: number, yearId: number, filters: StockFilters, source: QuantitySource | undefined): SQL {
  if (filters.as_of) return asOfStock(storeId, filters.as_of, false);
  return source === 'kept' ? keptStock : stockSums(yearId);
}

/**
 * The breakdown of the same quantity by what moved it (alias `b`): the movements of the same years (up to the day
 * of an `as_of` read, whose year is the one holding that day). What earlier years left counts as the year's opening,
 * like the `firstq` reads of a later year.
 */
const stockBreakdown = (yearId: number, asOf: string | null | undefined) => sql`join lateral (
    select
      coalesce(sum(m.quantity) filter (where m.source_kind = ${openingKind} or m."yearId" <> ${yearId}), 0) as first_q,
      coalesce(sum(m.quantity) filter (where m."yearId" = ${yearId}
        and m.source_kind = any(${arrayOf(purchaseKinds)}::text[])), 0) as perch_q,
      coalesce(-sum(m.quantity) filter (where m."yearId" = ${yearId}
        and m.source_kind = any(${arrayOf(salesKinds)}::text[])), 0) as sales_q,
      coalesce(-sum(m.quantity) filter (where m."yearId" = ${yearId} and m.source_kind = ${countKind}), 0) as tswia_q,
      max(m.move_date) filter (where m.source_kind = ${saleKind}) as last_sold
    from stock_movement m
    where m.store_id = i.store_id and m.item_id = i.id and m."yearId" in ${yearsThrough(yearId)}
      ${asOf ? sql`and m.move_date <= ${asOf}` : sql``}
  ) b on true`;

const onSums: Record<StockQuantityFilter, SQL> = {
  positive: sql`s.quantity > 0`,
  zero: sql`s.quantity = 0`,
  negative: sql`s.quantity < 0`,
  below_min: sql`s.quantity < i.min_qty`,
};
const quantityCondition: Record<QuantitySource, Record<StockQuantityFilter, SQL>> = {
  sums: onSums,
  asOf: onSums,
  // The same conditions on the kept row; "below the minimum" is the predicate of its partial index.
  kept: {
    positive: sql`q.quantity > 0`,
    zero: sql`q.quantity = 0`,
    negative: sql`q.quantity < 0`,
    below_min: sql`q.quantity < q.min_qty`,
  },
};

function stockWhere(storeId: number, filters: StockFilters, source: QuantitySource = 'sums'): SQL {
  const conditions: SQL[] = [sql`i.store_id = ${storeId}`];
  if (filters.search) conditions.push(itemSearchCondition('i', filters.search));
  if (filters.category_id !== undefined && filters.category_id !== 'all')
    conditions.push(sql`i.category_id = ${filters.category_id}`);
  if (filters.brand) conditions.push(sql`i.brand = ${filters.brand}`);
  if (filters.model) conditions.push(sql`i.model = ${filters.model}`);
  if (filters.id !== undefined) conditions.push(sql`i.id = ${filters.id}`);
  if (filters.quantity_filter) conditions.push(quantityCondition[source][filters.quantity_filter]);
  return sql.join(conditions, sql` and `);
}

const valueAtPrice = sql`round(s.quantity * i.pay_price, 2)`;
const profitPercent = sql`round((i.pay_price - i.perch_price) / i.perch_price * 100, 2)`;
const averageCost = sql`case when s.quantity > 0 then round(s.value / s.quantity, 2) end`;

/** The order a sort key reads (a whitelist: only these reach the ORDER BY); `b.` keys need the breakdown. */
const sortExpression: Record<StockSortKey, SQL> = {
  item_name: sql`i.item_name`,
  item_desc: sql`i.item_desc`,
  aliasEn: sql`i."aliasEn"`,
  part_no: sql`i.part_no`,
  brand: sql`i.brand`,
  model: sql`i.model`,
  item_unit: sql`i.item_unit`,
  category_name: sql`c.category_name`,
  min_qty: sql`i.min_qty`,
  perch_price: sql`i.perch_price`,
  pay_price: sql`i.pay_price`,
  profit: profitPercent,
  quantity: sql`s.quantity`,
  stockValuePerchPrice: sql`s.value`,
  stockValuePayPrice: valueAtPrice,
  avg_cost: averageCost,
  lastSoldDate: sql`b.last_sold`,
  firstQuantity: sql`b.first_q`,
};
const sortNeedsBreakdown = (key: StockSortKey | undefined) => key === 'lastSoldDate' || key === 'firstQuantity';
/** The sort keys that read the kept sums (`s.`): the page is then chosen over every item's sums. */
const sortNeedsSums = (key: StockSortKey | undefined) =>
  key === 'quantity' || key === 'stockValuePerchPrice' || key === 'stockValuePayPrice' || key === 'avg_cost';

export type StockOrder =
  | { sort?: StockSortKey | undefined; order?: 'asc' | 'desc' | undefined }
  /** The pickers' order: an exact code or barcode first, then by name. */
  | { exactFirst: string };

function orderBy(order: StockOrder): SQL {
  const byName = sql`i.item_name asc, i.id asc`;
  if ('exactFirst' in order)
    return sql`(i.part_no = ${order.exactFirst} or i.item_parcode = ${order.exactFirst}) desc nulls last, ${byName}`;
  if (!order.sort) return byName;
  const direction = order.order === 'desc' ? sql`desc` : sql`asc`;
  return sql`${sortExpression[order.sort]} ${direction} nulls last, ${byName}`;
}

export type StockRowsOptions = {
  order?: StockOrder;
  limit?: number;
  offset?: number;
  /** Leave out the breakdown (the pickers: quantity and average cost are all they show) and its fields. */
  breakdown?: boolean;
};

type StockRowOut = StockRow;
/** A row without its breakdown (`breakdown: false`). */
type PickerRow = Omit<StockRow, 'firstQuantity' | 'perchQuantity' | 'salesQuantity' | 'tswiaQuantity' | 'lastSoldDate'>;

/**
 * Items of a store with their stock through `yearId`, filtered, ordered (a whitelisted column, then by name and id,
 * so pages never overlap) and paged in SQL. The page is chosen first (with the kept sums, and the breakdown only
 * when the order is one of its columns), then its rows get their breakdown.
 */
export async function stockRows(
  db: DbOrTx,
  storeId: number,
  yearId: number,
  filters: StockFilters,
  options: StockRowsOptions & { breakdown: false },
): Promise<PickerRow[]>;
export async function stockRows(
  db: DbOrTx,
  storeId: number,
  yearId: number,
  filters: StockFilters,
  options?: StockRowsOptions,
): Promise<StockRowOut[]>;
export async function stockRows(
  db: DbOrTx,
  storeId: number,
  yearId: number,
  filters: StockFilters,
  { order = {}, limit, offset = 0, breakdown = true }: StockRowsOptions = {},
): Promise<StockRowOut[] | PickerRow[]> {
  const pageBreakdown = !('exactFirst' in order) && sortNeedsBreakdown(order.sort);
  // The page is chosen without the sums unless the filter or the order reads them: page 1,000 by name is then an
  // index walk over names, not 50,000 items' stock.
  const pageSums = !!filters.quantity_filter || (!('exactFirst' in order) && sortNeedsSums(order.sort));
  const source = await quantitySourceOf(db, yearId, pageSums, filters);
  const ordering = orderBy(order);
  const { rows } = await db.execute<StockRowOut>(sql`
    with page as (
      select i.id, row_number() over (order by ${ordering}) as ord
      from items i
      left join item_categories c on c.id = i.category_id
      ${source ? sumsFor(storeId, yearId, filters, source) : sql``}
      ${pageBreakdown ? stockBreakdown(yearId, filters.as_of) : sql``}
      where ${stockWhere(storeId, filters, source)}
      order by ${ordering}
      ${limit === undefined ? sql`` : sql`limit ${limit}`}
      offset ${offset}
    )
    select i.id, i.store_id, i.catalogue_id, i.item_name, i.item_desc, i."aliasEn", i.part_no, i.item_parcode, i.brand, i.model,
      i.item_unit, i.min_qty::text as min_qty, i.perch_price::text as perch_price, i.pay_price::text as pay_price,
      i.tax::text as tax, i.category_id, c.category_name, i."imageUrl",
      to_char(i."dateCreated", 'YYYY-MM-DD') as "dateCreated",
      s.quantity::numeric(15, 3)::text as quantity,
      (${averageCost})::text as avg_cost,
      s.value::numeric(20, 2)::text as "stockValuePerchPrice",
      ${valueAtPrice}::text as "stockValuePayPrice",
      ${profitPercent}::text as profit
      ${
        breakdown
          ? sql`, b.first_q::numeric(15, 3)::text as "firstQuantity",
        b.perch_q::numeric(15, 3)::text as "perchQuantity",
        b.sales_q::numeric(15, 3)::text as "salesQuantity",
        b.tswia_q::numeric(15, 3)::text as "tswiaQuantity",
        to_char(b.last_sold, 'YYYY-MM-DD') as "lastSoldDate"`
          : sql``
      }
    from page p
    join items i on i.id = p.id
    left join item_categories c on c.id = i.category_id
    ${rowSums(storeId, yearId, filters, source)}
    ${breakdown ? stockBreakdown(yearId, filters.as_of) : sql``}
    order by p.ord`);
  return rows;
}

/** How many items the filters take in (the paged reads' `total`). */
export async function stockCount(db: DbOrTx, storeId: number, yearId: number, filters: StockFilters) {
  const source = await quantitySourceOf(db, yearId, !!filters.quantity_filter, filters);
  const { quantity_filter: quantityFilter, ...others } = filters;
  if (source === 'kept' && quantityFilter && isUnfiltered(others)) {
    // Every item has its kept row in its store: the count of a quantity filter alone is read from its index only.
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from item_stock q
      where q.store_id = ${storeId} and ${quantityCondition.kept[quantityFilter]}`);
    return rows[0]?.n ?? 0;
  }
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from items i
    ${source ? sumsFor(storeId, yearId, filters, source) : sql``}
    where ${stockWhere(storeId, filters, source)}`);
  return rows[0]?.n ?? 0;
}

/**
 * The totals cards over the same filters: the stock's value at cost (Σ the kept values: what the inventory account
 * holds when nothing is filtered) and at selling price (Σ each row's quantity × pay_price, rounded per row as the
 * rows show it), negative stock included as it stands. In the latest year one kept row per item (`item_stock`).
 */
export async function stockTotals(
  db: DbOrTx,
  storeId: number,
  yearId: number,
  filters: StockFilters,
): Promise<StockTotals> {
  const source = (await quantitySourceOf(db, yearId, true, filters)) ?? 'sums';
  const { rows } = await db.execute<StockTotals>(sql`
    select coalesce(sum(${valueAtPrice}), 0)::numeric(20, 2)::text as "stockValuePayPrice",
      coalesce(sum(s.value), 0)::numeric(20, 2)::text as "stockValuePerchPrice",
      count(*)::int as "itemsCount"
    from items i
    ${sumsFor(storeId, yearId, filters, source)}
    where ${stockWhere(storeId, filters, source)}`);
  return rows[0] ?? { stockValuePayPrice: '0.00', stockValuePerchPrice: '0.00', itemsCount: 0 };
}

/**
 * One item in every store of the user (docs/catalogue.md): the rows of its catalogue item, found from the session
 * store's row by the catalogue index, with each store's kept current stock; the value at cost only where the user's
 * role in that store reads costs (the owner's reads everything). The session store comes first. Empty when the item
 * is not the session store's.
 */
export async function storesStock(db: DbOrTx, userId: number, storeId: number, itemId: number) {
  const { rows } = await db.execute<StoreStockRow>(sql`
    select s.id as store_id, s.store_name, i.id as item_id, q.quantity::text as quantity,
      case when r.id = ${roleIds.owner} or 'readCost' = any(r.permissions) then q.value::text end as value,
      i.pay_price::text as pay_price, i.min_qty::text as min_qty
    from items own
    join items i on i.catalogue_id = own.catalogue_id
    join item_stock q on q.item_id = i.id
    join store s on s.id = i.store_id
    join user_store us on us.store_id = i.store_id and us.user_id = ${userId}
    join role r on r.id = us.role_id
    where own.id = ${itemId} and own.store_id = ${storeId}
    order by i.store_id <> ${storeId}, s.id`);
  return rows;
}
