/**
 * Figures of several stores side by side (docs/consolidated.md). Each store's row is read by the query of its own
 * report (the gross-profit report's lines), so a row always equals what that store's report says.
 */
import {
  grossProfitKindTokens,
  roleIds,
  type StoreSales,
  type StoresStockItem,
  type StoresStockList,
} from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { itemSearchCondition } from '../items/itemSearch.ts';
import type { Period } from '../reports/period.ts';
import { grossProfitLines } from '../reports/reports.queries.ts';
import { amountText } from '../reports/sql.ts';

/** A store the user reads reports of, and whether their role there may read costs. */
export type ReadableStore = { id: number; store_name: string; read_cost: boolean };

/** The user's stores whose role reads reports (the owner's role reads everything), in the stores' order. */
export async function storesReadable(db: DbOrTx, userId: number): Promise<ReadableStore[]> {
  const { rows } = await db.execute<ReadableStore>(sql`
    select s.id, s.store_name, (r.id = ${roleIds.owner} or 'readCost' = any(r.permissions)) as read_cost
    from user_store us join role r on r.id = us.role_id join store s on s.id = us.store_id
    where us.user_id = ${userId} and (r.id = ${roleIds.owner} or 'readReports' = any(r.permissions))
    order by s.id`);
  return rows;
}

type SalesRow = Omit<StoreSales, 'store_name'> & { store_id: number | null };

/**
 * Each store's net sales, gross profit and number of sales in the period, from its own gross-profit lines, and the
 * stores' sum (the rollup's row, store null) by the same aggregate: exact decimals, never added up in JavaScript.
 */
export async function storesSales(db: DbOrTx, stores: ReadableStore[], period: Period) {
  if (stores.length === 0) {
    const none = { net_sales: '0.00', gross_profit: '0.00', sales_count: 0, average_sale: '0.00' };
    return { data: [], sums: none };
  }
  const lines = sql.join(
    stores.map((store) => sql`select ${store.id}::int as store_id, g.* from (${grossProfitLines(store.id, period)}) g`),
    sql` union all `,
  );
  const { rows } = await db.execute<SalesRow>(sql`
    with lines as (${lines}),
    sums as (
      select l.store_id, sum(l.sign * l.revenue) as revenue, sum(l.sign * l.cost) as cost,
        count(distinct (l.store_id, l.pay_id))
          filter (where l.kind = any(${`{${grossProfitKindTokens.join(',')}}`}::text[])) as sales
      from lines l group by rollup (l.store_id)
    )
    select store_id, ${amountText(sql`coalesce(revenue, 0)`)} as net_sales,
      ${amountText(sql`coalesce(revenue - cost, 0)`)} as gross_profit, coalesce(sales, 0)::int as sales_count,
      ${amountText(sql`case when coalesce(sales, 0) = 0 then 0 else revenue / sales end`)} as average_sale
    from sums`);
  const byStore = new Map<number | null, SalesRow>(rows.map((row) => [row.store_id, row]));
  const zero = { net_sales: '0.00', gross_profit: '0.00', sales_count: 0, average_sale: '0.00' };
  const data: StoreSales[] = stores.map((store) => {
    const { store_id: _id, ...row } = byStore.get(store.id) ?? { store_id: store.id, ...zero };
    return {
      store_id: store.id,
      store_name: store.store_name,
      ...row,
      gross_profit: store.read_cost ? row.gross_profit : null,
    };
  });
  const { store_id: _all, ...sum } = byStore.get(null) ?? { store_id: null, ...zero };
  return {
    data,
    sums: { ...sum, gross_profit: stores.every((store) => store.read_cost) ? sum.gross_profit : null },
  };
}

/**
 * The company's stock of each catalogue item over `stores` (docs/consolidated.md): each store's kept current stock
 * (`item_stock`, the figure of its item-stock screen), what those stores sent that is still on the way (each open
 * transfer line's value less what its receipts brought in), and their sum; a page of items by name, and the sums
 * over every item from the kept rows (one per item and store).
 */
export async function storesStockList(
  db: DbOrTx,
  stores: { id: number; store_name: string }[],
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<StoresStockList> {
  const ids = arrayOf(stores.map((store) => store.id));
  const matching = query.search ? sql`and ${itemSearchCondition('i', query.search)}` : sql``;
  const inTransit = sql`
    select f.catalogue_id, sum(l.quantity - l.received - l.sent_back) as quantity,
      sum(coalesce(-(select sum(m.value) from stock_movement m where m.source_kind = 'transfer'
          and m.source_id = l.transfer_id and m.line_no = l.line_no), 0)
        - coalesce((select sum(m.value) from transfer_receipt_line rl join stock_movement m
          on m.source_kind = 'transfer_receipt' and m.source_id = rl.receipt_id and m.line_no = rl.line_no
          where rl.transfer_line_id = l.id), 0)) as value
    from stock_transfer_line l
    join stock_transfer t on t.pay_id = l.transfer_id
    join items f on f.id = l.from_item_id
    where t.from_store_id = any(${ids}::int[]) and l.quantity > l.received + l.sent_back
    group by f.catalogue_id`;
  const { rows } = await db.execute<StoresStockItem>(sql`
    with page as (
      select i.catalogue_id, min(i.item_name) as item_name from items i
      where i.store_id = any(${ids}::int[]) ${matching}
      group by i.catalogue_id order by 2, 1
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
    ),
    transit as (${inTransit})
    select p.catalogue_id, p.item_name, min(i.part_no) as part_no, min(i.item_parcode) as item_parcode,
      json_agg(json_build_object('store_id', i.store_id, 'quantity', q.quantity::text,
        'value', q.value::numeric(20, 2)::text) order by i.store_id) as stores,
      coalesce(min(t.quantity), 0)::numeric(20, 3)::text as in_transit_quantity,
      coalesce(min(t.value), 0)::numeric(20, 2)::text as in_transit_value,
      (sum(q.quantity) + coalesce(min(t.quantity), 0))::numeric(20, 3)::text as quantity,
      (sum(q.value) + coalesce(min(t.value), 0))::numeric(20, 2)::text as value
    from page p
    join items i on i.catalogue_id = p.catalogue_id and i.store_id = any(${ids}::int[])
    join item_stock q on q.item_id = i.id
    left join transit t on t.catalogue_id = p.catalogue_id
    group by p.catalogue_id, p.item_name
    order by p.item_name, p.catalogue_id`);
  const { rows: counted } = await db.execute<{ n: number }>(sql`
    select count(distinct i.catalogue_id)::int as n from items i where i.store_id = any(${ids}::int[]) ${matching}`);
  // The sums over every item in one statement: each store's kept value (the rollup's rows), what is in transit, and
  // the company's total (the rollup's grand row plus the transit).
  const { rows: sumRows } = await db.execute<{ store_id: number | null; value: string; transit: string }>(sql`
    with transit as (select coalesce(sum(value), 0) as value from (${inTransit}) t)
    select q.store_id, (sum(q.value) + case when q.store_id is null then (select value from transit) else 0 end)
        ::numeric(20, 2)::text as value,
      (select value from transit)::numeric(20, 2)::text as transit
    from item_stock q where q.store_id = any(${ids}::int[]) group by rollup (q.store_id)`);
  const storeValues = stores.map((store) => ({
    store_id: store.id,
    value: sumRows.find((row) => row.store_id === store.id)?.value ?? '0.00',
  }));
  const grand = sumRows.find((row) => row.store_id === null);
  // A store with no item of the page still has its column.
  const data = rows.map((row) => ({
    ...row,
    stores: stores.map(
      (store) =>
        row.stores.find((cell) => cell.store_id === store.id) ?? {
          store_id: store.id,
          quantity: '0.000',
          value: '0.00',
        },
    ),
  }));
  return {
    stores: stores.map((store) => ({ store_id: store.id, store_name: store.store_name })),
    data,
    total: counted[0]?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    sums: {
      stores: storeValues,
      in_transit_value: grand?.transit ?? '0.00',
      value: grand?.value ?? '0.00',
    },
  };
}
