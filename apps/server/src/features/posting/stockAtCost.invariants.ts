/**
 * The stock at cost as the property tests check it (perpetual inventory at moving-average cost), per store and year:
 * - each item's kept stock at cost (`item_cost`) is the sum of its movements, quantity and value: the stock value at
 *   cost is Σ quantity × average per item, the average being value / quantity;
 * - each item's kept current quantity and value (`item_stock`, read by the quantity filters and the totals) are the
 *   sums of its kept quantities and values of every year in its store, and its copy of the minimum quantity is the
 *   item's; every item has one;
 * - the inventory account's balance is that stock value at cost;
 * - cost of sales + stock value at cost = opening quantities at their stated cost + purchases at cost (their lines)
 *   − purchase returns at their value, computed from the documents, not from what was posted: a sale and its return
 *   only move cost between stock and cost of sales, a stock count between stock and stock adjustment (its account
 *   joins cost of sales on the left-hand side), a transfer between stock and goods in transit (docs/transfers.md:
 *   the sender's debit, the receiver's credit, so it joins too).
 * Answers every broken one as a readable string (empty when the books are right).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export async function stockAtCostInvariants(db: DbOrTx): Promise<string[]> {
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db.execute<T>(query)).rows;
  const broken: string[] = [];
  for (const r of await rows<{ item_id: number; year: number; kept: string; moved: string }>(sql`
    with moved as (
      select store_id, "yearId", item_id, sum(quantity) q, sum(value) v from stock_movement group by 1, 2, 3)
    select coalesce(c.item_id, m.item_id) as item_id, coalesce(c."yearId", m."yearId") as year,
      coalesce(c.quantity, 0)::text || ' worth ' || coalesce(c.value, 0)::text as kept,
      coalesce(m.q, 0)::text || ' worth ' || coalesce(m.v, 0)::text as moved
    from item_cost c full join moved m
      on m.store_id = c.store_id and m."yearId" = c."yearId" and m.item_id = c.item_id
    where coalesce(c.quantity, 0) <> coalesce(m.q, 0) or coalesce(c.value, 0) <> coalesce(m.v, 0)`))
    broken.push(`item ${r.item_id} in year ${r.year} is kept at ${r.kept}, its movements say ${r.moved}`);
  for (const r of await rows<{
    item_id: number;
    kept: string | null;
    summed: string;
    kept_value: string | null;
    value: string;
    kept_min: string | null;
    min_qty: string;
  }>(sql`
    with summed as (
      select i.id as item_id, i.min_qty, coalesce(sum(c.quantity), 0) as q, coalesce(sum(c.value), 0) as v
      from items i left join item_cost c on c.store_id = i.store_id and c.item_id = i.id
      group by i.id)
    select s.item_id, k.quantity::text as kept, s.q::text as summed, k.value::text as kept_value,
      s.v::numeric(20, 2)::text as value, k.min_qty::text as kept_min, s.min_qty::text as min_qty
    from summed s left join item_stock k on k.item_id = s.item_id
    where k.item_id is null or k.quantity <> s.q or k.value <> s.v or k.min_qty <> s.min_qty`)) {
    if (r.kept === null) broken.push(`item ${r.item_id} has no kept current quantity`);
    else if (r.kept_min !== r.min_qty)
      broken.push(`item ${r.item_id} keeps the minimum ${r.kept_min}, the item's is ${r.min_qty}`);
    else if (r.kept !== r.summed)
      broken.push(`item ${r.item_id} is kept at ${r.kept} now, its years' kept sums say ${r.summed}`);
    else broken.push(`item ${r.item_id} is kept worth ${r.kept_value} now, its years' kept sums say ${r.value}`);
  }
  for (const r of await rows<{
    store_id: number;
    year: number;
    stock: string;
    inventory: string;
    cogs: string;
    adjusted: string;
    cost_in: string;
  }>(sql`
    with years as (select s.id as store_id, y.id as year from store s cross join year y),
    stock as (select store_id, "yearId" as year, sum(value) v from item_cost group by 1, 2),
    balance as (
      select l.store_id, l."yearId" as year, a.role, sum(l.debit - l.credit) b
      from ledger_line l join sub_accounts a on a.id = l.account_id
      where a.role in ('inventory', 'cost_of_sales', 'stock_adjustment', 'goods_in_transit') group by 1, 2, 3),
    openings as (
      select store_id, fq_year as year, sum(round(quantity * perch_price, 2)) v from firstq group by 1, 2),
    purchases as (
      select d.store_id, d."yearId" as year, sum(case d.kind when 'perch' then l.tot else -l.tot end) v
      from trade_line l join trade_document d on d.pay_id = l.pay_id
      where d.kind in ('perch', 'purchase_returns') and not d.awaiting_lines group by 1, 2)
    select y.store_id, y.year, coalesce(s.v, 0)::text as stock, coalesce(i.b, 0)::text as inventory,
      coalesce(c.b, 0)::text as cogs, (coalesce(a.b, 0) + coalesce(t.b, 0))::text as adjusted,
      (coalesce(o.v, 0) + coalesce(p.v, 0))::text as cost_in
    from years y
    left join stock s on s.store_id = y.store_id and s.year = y.year
    left join balance i on i.store_id = y.store_id and i.year = y.year and i.role = 'inventory'
    left join balance c on c.store_id = y.store_id and c.year = y.year and c.role = 'cost_of_sales'
    left join balance a on a.store_id = y.store_id and a.year = y.year and a.role = 'stock_adjustment'
    left join balance t on t.store_id = y.store_id and t.year = y.year and t.role = 'goods_in_transit'
    left join openings o on o.store_id = y.store_id and o.year = y.year
    left join purchases p on p.store_id = y.store_id and p.year = y.year
    where coalesce(s.v, 0) <> coalesce(i.b, 0)
      or coalesce(c.b, 0) + coalesce(a.b, 0) + coalesce(t.b, 0) + coalesce(s.v, 0)
        <> coalesce(o.v, 0) + coalesce(p.v, 0)`))
    broken.push(
      `store ${r.store_id} year ${r.year}: stock at cost ${r.stock}, inventory account ${r.inventory}, ` +
        `cost of sales ${r.cogs}, stock adjustment and goods in transit ${r.adjusted}; openings and purchases at ` +
        `cost, less purchase ` +
        `returns, ${r.cost_in}`,
    );
  return broken;
}
