/**
 * The item movement report (docs/item-movement.md): the dated movements of an item (`stock_movement`, one chain per
 * store and item across years) in the cost engine's order, each with the quantity on the shelf after it, computed by
 * a window sum over the chain index (`stock_movement_chain_idx`); the period's summary; and one date's movements of
 * every item. Nothing is summed in JavaScript: a page's running quantity starts from the sum of everything before
 * it, so every page is right on its own.
 */
import { grossProfitKindTokens, type MovementRow, type MovementSummary } from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';

/** The order the cost engine values an item's movements in (costing.ts `comparePlaces`), the id last. */
const chainOrder = sql`m.move_date, m.move_time, m.source_kind <> 'firstq', m.source_id, m.line_no, m.id`;

export type Period = { from?: string | undefined; to?: string | undefined };

const inPeriod = ({ from, to }: Period) =>
  sql.join(
    [
      from === undefined ? undefined : sql`m.move_date >= ${from}::date`,
      to === undefined ? undefined : sql`m.move_date <= ${to}::date`,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
const andInPeriod = (period: Period) =>
  period.from === undefined && period.to === undefined ? sql`` : sql`and ${inPeriod(period)}`;

/**
 * The columns of a page of movements (`p`: id, item_id, move_date, move_time, source_kind, source_id, line_id,
 * quantity, value, balance, and `seq`, its place in the page's order), with their document, party, prices and gross profit. An invoice line's share of the
 * invoice discount is handed out as the invoice screens read it (trade.queries.ts): by a running total over the
 * lines, so the shares add up to the discount to the cent.
 */
const detailed = (page: SQL) => sql`
  select p.id::int as id, p.item_id, i.item_name, p.move_date::text, p.move_time::text, p.source_kind as kind,
    p.source_id, coalesce(d.pay_ref, c.pay_ref, t.pay_ref, r.pay_ref) as pay_ref,
    coalesce(s.sub_name, other.store_name) as party,
    p.quantity::text, greatest(p.quantity, 0)::numeric(20, 3)::text as incoming,
    greatest(-p.quantity, 0)::numeric(20, 3)::text as outgoing,
    p.balance::text, round(n.net_total / nullif(l.quantity, 0), 2)::text as unit_price, n.net_total::text,
    round(abs(p.value) / nullif(abs(p.quantity), 0), 2)::text as unit_cost, p.value::text,
    case when d.kind = any(${arrayOf(grossProfitKindTokens)}::text[]) then (n.net_total + p.value)::text end
      as gross_profit
  from (${page}) p
  join items i on i.id = p.item_id
  left join trade_document d on d.pay_id = p.source_id and d.kind = p.source_kind
  left join trade_line l on l.id = p.line_id and d.pay_id is not null
  left join sub_accounts s on s.id = d.cust_id
  left join stock_count c on c.pay_id = p.source_id and p.source_kind = 'tswia'
  -- A transfer names the store it went to; a receipt the store it came from (its sender, or its receiver when sent
  -- back).
  left join stock_transfer t on t.pay_id = p.source_id and p.source_kind = 'transfer'
  left join transfer_receipt r on r.pay_id = p.source_id and p.source_kind = 'transfer_receipt'
  left join stock_transfer rt on rt.pay_id = r.transfer_id
  left join store other on other.id = case when t.pay_id is not null then t.to_store_id
    when r.sent_back then rt.to_store_id else rt.from_store_id end
  left join lateral (
    select l.tot - coalesce(round(d.discount * sum(x.tot) filter (where x.id <= l.id) / nullif(sum(x.tot), 0), 2)
      - round(d.discount * coalesce(sum(x.tot) filter (where x.id < l.id), 0) / nullif(sum(x.tot), 0), 2), 0)
      as net_total
    from trade_line x where x.pay_id = l.pay_id
  ) n on l.id is not null
  order by p.seq`;

/** A page of one item's movements of a period, each with the quantity after it. */
export async function itemMovementRows(
  db: DbOrTx,
  storeId: number,
  itemId: number,
  period: Period,
  page: { page: number; pageSize: number },
): Promise<MovementRow[]> {
  const offset = (page.page - 1) * page.pageSize;
  const before =
    period.from === undefined
      ? sql`0`
      : sql`(select coalesce(sum(b.quantity), 0) from stock_movement b
          where b.store_id = ${storeId} and b.item_id = ${itemId} and b.move_date < ${period.from}::date)`;
  const { rows } = await db.execute<MovementRow>(
    detailed(sql`
      select m.id, m.item_id, m.move_date, m.move_time, m.source_kind, m.source_id, m.line_id, m.quantity, m.value,
        ${before} + sum(m.quantity) over (order by ${chainOrder} rows unbounded preceding) as balance,
        row_number() over (order by ${chainOrder}) as seq
      from stock_movement m
      where m.store_id = ${storeId} and m.item_id = ${itemId} ${andInPeriod(period)}
      order by ${chainOrder}
      offset ${offset} limit ${page.pageSize}`),
  );
  return rows;
}

/** The period's opening, incoming, outgoing and closing quantities and its sales' gross profit. */
export async function itemSummary(
  db: DbOrTx,
  storeId: number,
  itemId: number,
  period: Period,
): Promise<MovementSummary> {
  const from = period.from;
  const within = from === undefined && period.to === undefined ? sql`true` : inPeriod(period);
  // Every movement up to the period's end: those before it are the opening, the rest the period's.
  const { rows } = await db.execute<Omit<MovementSummary, 'gross_profit'>>(sql`
    select ${from === undefined ? sql`0` : sql`coalesce(sum(m.quantity) filter (where m.move_date < ${from}::date), 0)`}::numeric(20, 3)::text
        as opening,
      coalesce(sum(m.quantity) filter (where (${within}) and m.quantity > 0), 0)::numeric(20, 3)::text as incoming,
      coalesce(-sum(m.quantity) filter (where (${within}) and m.quantity < 0), 0)::numeric(20, 3)::text as outgoing,
      coalesce(sum(m.quantity), 0)::numeric(20, 3)::text as closing,
      (count(*) filter (where ${within}))::int as count
    from stock_movement m
    where m.store_id = ${storeId} and m.item_id = ${itemId}
      ${period.to === undefined ? sql`` : sql`and m.move_date <= ${period.to}::date`}`);
  const { rows: profit } = await db.execute<{ gross_profit: string }>(sql`
    select coalesce(sum(gross_profit::numeric), 0)::numeric(20, 2)::text as gross_profit from (${detailed(sql`
      select m.id, m.item_id, m.move_date, m.move_time, m.source_kind, m.source_id, m.line_id, m.quantity, m.value,
        0 as balance, 0 as seq
      from stock_movement m
      where m.store_id = ${storeId} and m.item_id = ${itemId} ${andInPeriod(period)}
        and m.source_kind = any(${arrayOf(grossProfitKindTokens)}::text[])`)}) g`);
  const summary = rows[0];
  if (!summary) throw new Error('movement summary returned nothing');
  return { ...summary, gross_profit: profit[0]?.gross_profit ?? '0.00' };
}

/**
 * Every item's movements on one date, in the day's order, each with its own item's quantity after it (what the item
 * had before the date, from its chain, plus the day's movements up to it).
 */
export async function dailyMovementRows(
  db: DbOrTx,
  storeId: number,
  date: string,
  page: { page: number; pageSize: number },
): Promise<MovementRow[]> {
  const offset = (page.page - 1) * page.pageSize;
  const dayOrder = sql`m.move_time, m.source_kind <> 'firstq', m.source_id, m.line_no, m.id`;
  const { rows } = await db.execute<MovementRow>(
    detailed(sql`
      select d.*, d.day_balance + (select coalesce(sum(b.quantity), 0) from stock_movement b
          where b.store_id = ${storeId} and b.item_id = d.item_id and b.move_date < ${date}::date) as balance
      from (
        select m.id, m.item_id, m.move_date, m.move_time, m.source_kind, m.source_id, m.line_id, m.quantity, m.value,
          sum(m.quantity) over (partition by m.item_id order by ${dayOrder} rows unbounded preceding) as day_balance,
          row_number() over (order by ${dayOrder}) as seq
        from stock_movement m
        where m.store_id = ${storeId} and m.move_date = ${date}::date
        order by ${dayOrder}
        offset ${offset} limit ${page.pageSize}
      ) d`),
  );
  return rows;
}

/** The date's incoming and outgoing quantities, the items moved and the movements. */
export async function dailySummary(db: DbOrTx, storeId: number, date: string) {
  const { rows: totals } = await db.execute<{ incoming: string; outgoing: string; items: number; count: number }>(sql`
    select coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)::numeric(20, 3)::text as incoming,
      coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)::numeric(20, 3)::text as outgoing,
      count(distinct m.item_id)::int as items, count(*)::int as count
    from stock_movement m where m.store_id = ${storeId} and m.move_date = ${date}::date`);
  return totals[0] ?? { incoming: '0.000', outgoing: '0.000', items: 0, count: 0 };
}

/** The item as the report heads it; undefined when the store has no such item. */
export async function movementItem(db: DbOrTx, storeId: number, itemId: number) {
  const { rows } = await db.execute<{ id: number; item_name: string; part_no: string | null }>(
    sql`select id, item_name, part_no from items where store_id = ${storeId} and id = ${itemId}`,
  );
  return rows[0];
}
