/**
 * Our own reports (`reports/...`, docs/reports.md): profit and loss, the balance sheet, the cash book, gross profit
 * and aged receivables and payables. Each is SQL over the one ledger and its kept sums (per year `account_balance`,
 * per day and kind `account_day`), or the documents' kept costs, summed by the database; nothing here loops over rows
 * to add them up.
 */
import {
  type AgingRow,
  type BalanceSheet,
  CUSTOMERS_CLASS,
  documentKinds,
  type GrossProfitRow,
  grossProfitKindTokens,
  type ProfitAndLossFigures,
  SUPPLIERS_CLASS,
} from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AccountingYear } from '../organisation/currentYear.ts';
import { type Period, withinYear } from './period.ts';
import { amountText } from './sql.ts';
import { accountFigures } from './trialBalance.queries.ts';

const MONEY_CLASS = 4;
const saleReturn = documentKinds.saleReturn.wire;

/** The year a day falls in (a comparison period may lie in another year than the request's). */
export async function yearContaining(db: DbOrTx, day: string): Promise<AccountingYear | undefined> {
  const [row] = (
    await db.execute<AccountingYear>(sql`
      select id, "yearStart"::text as "yearStart", "yearEnd"::text as "yearEnd" from year
      where "yearStart" <= ${day} and "yearEnd" >= ${day} order by "yearStart" limit 1`)
  ).rows;
  return row;
}

/**
 * Profit and loss of a period inside one year, from the profit-and-loss accounts' lines: sales (less returns and the
 * discounts allowed), cost of sales, gross profit, every other account as an expense (an income is negative), and
 * net profit, which is the credit − debit of all of them: what retained earnings takes in the next year.
 */
export async function profitAndLoss(
  db: DbOrTx,
  storeId: number,
  year: AccountingYear,
  asked: Period,
): Promise<ProfitAndLossFigures> {
  const period = withinYear(year, asked);
  // The days' kept sums of the profit-and-loss accounts (`account_day`: one row per account, day and kind of
  // document, kept with the lines), grouped by account; the report's lines are sums of those groups.
  const days = sql`account_day l join sub_accounts s on s.id = l.account_id join accounts a on a.ac_id = s.ac_id
    where l.store_id = ${storeId} and l."yearId" = ${year.id} and a.statement = 'profit_loss'
      and l.line_date >= ${period.start} and l.line_date <= ${period.end}`;
  const [head] = (
    await db.execute<Omit<ProfitAndLossFigures, 'start_date' | 'end_date'>>(sql`
      with accounts_of as (
        select s.id, s.sub_name, s.role,
          sum(case when l.source_kind = ${saleReturn} then 0 else l.credit_total - l.debit_total end)
            as credit_not_returns,
          sum(case when l.source_kind = ${saleReturn} then l.debit_total - l.credit_total else 0 end) as returns,
          sum(l.debit_total - l.credit_total) as debit_side
        from ${days}
        group by s.id, s.sub_name, s.role
      ),
      other as (
        select * from accounts_of where role is null or role not in ('sales', 'discount_allowed', 'cost_of_sales')
      ),
      f as (
        select
          coalesce((select sum(credit_not_returns) from accounts_of where role = 'sales'), 0) as sales,
          coalesce((select sum(returns) from accounts_of where role = 'sales'), 0) as returns,
          coalesce((select sum(debit_side) from accounts_of where role = 'discount_allowed'), 0) as discounts,
          coalesce((select sum(debit_side) from accounts_of where role = 'cost_of_sales'), 0) as cost,
          coalesce((select sum(debit_side) from other), 0) as expenses
      )
      select ${amountText(sql`sales`)} as sales, ${amountText(sql`returns`)} as returns,
        ${amountText(sql`discounts`)} as discounts, ${amountText(sql`sales - returns - discounts`)} as net_sales,
        ${amountText(sql`cost`)} as cost_of_sales,
        ${amountText(sql`sales - returns - discounts - cost`)} as gross_profit,
        ${amountText(sql`expenses`)} as total_expenses,
        ${amountText(sql`sales - returns - discounts - cost - expenses`)} as net_profit,
        coalesce((select json_agg(json_build_object('id', o.id, 'sub_name', o.sub_name,
            'amount', ${amountText(sql`o.debit_side`)}) order by o.debit_side desc, o.id)
          from other o where o.debit_side <> 0), '[]'::json) as expenses
      from f`)
  ).rows;
  if (!head) throw new Error('profit and loss answered no row');
  return { start_date: period.start, end_date: period.end, ...head };
}

/**
 * The balance sheet at the end of a day: every balance-sheet account's balance (the trial balance's figures up to
 * that day), in sections by class, assets on the debit side and liabilities and equity on the credit side, plus the
 * year's profit up to the day (retained earnings already holds the years before). The two totals are equal.
 */
export async function balanceSheet(
  db: DbOrTx,
  storeId: number,
  year: AccountingYear,
  asOf: string,
): Promise<BalanceSheet['data'][number]> {
  type Row = {
    ac_id: number;
    ac_name: string;
    side: 'debit' | 'credit';
    id: number;
    sub_name: string;
    amount: string;
    section_total: string;
    assets: string;
    liabilities: string;
    profit: string;
  };
  // One pass: each account's balance on its class's side, its section's total and the grand totals are windows over
  // all accounts, taken before the accounts at zero and the profit-and-loss ones are left out of the rows.
  const rows = (
    await db.execute<Row>(sql`
      ${accountFigures(storeId, year, { start: year.yearStart, end: asOf })},
      sided as (
        select a.ac_id, a.ac_name, a.ac_type as side, a.statement, f.id, f.sub_name,
          f.opening + f.debit - f.credit as debit_side,
          case when a.ac_type = 'debit' then f.opening + f.debit - f.credit else f.credit - f.debit - f.opening end
            as amount
        from figures f join accounts a on a.ac_id = f.ac_id
      ),
      totals as (
        select s.*, sum(s.amount) over (partition by s.ac_id) as section_total,
          sum(case when s.statement = 'balance_sheet' and s.side = 'debit' then s.debit_side else 0 end) over ()
            as assets,
          sum(case when s.statement = 'balance_sheet' and s.side = 'credit' then -s.debit_side else 0 end) over ()
            as liabilities,
          sum(case when s.statement = 'profit_loss' then -s.debit_side else 0 end) over () as profit
        from sided s
      )
      select ac_id, ac_name, side, id, sub_name, ${amountText(sql`amount`)} as amount,
        ${amountText(sql`section_total`)} as section_total, ${amountText(sql`assets`)} as assets,
        ${amountText(sql`liabilities + profit`)} as liabilities, ${amountText(sql`profit`)} as profit
      from totals
      -- One row at least, so the totals arrive even when every balance-sheet account is at zero.
      where statement = 'balance_sheet'
        and (round(debit_side, 2) <> 0 or id = (select min(id) from totals where statement = 'balance_sheet'))
      order by ac_id, sub_name, id`)
  ).rows;
  const sections = (side: 'debit' | 'credit') => {
    const classes = new Map<number, BalanceSheet['data'][number]['assets'][number]>();
    for (const row of rows.filter((r) => r.side === side && r.amount !== '0.00')) {
      const section = classes.get(row.ac_id) ?? {
        ac_id: row.ac_id,
        ac_name: row.ac_name,
        total: row.section_total,
        accounts: [],
      };
      section.accounts.push({ id: row.id, sub_name: row.sub_name, amount: row.amount });
      classes.set(row.ac_id, section);
    }
    return [...classes.values()];
  };
  const first = rows[0];
  const assets = first?.assets ?? '0.00';
  const profit = first?.profit ?? '0.00';
  return {
    as_of: asOf,
    assets: sections('debit'),
    liabilities: sections('credit'),
    current_profit: profit,
    total_assets: assets,
    total_liabilities: first?.liabilities ?? '0.00',
  };
}

/** The money accounts (cash boxes and banks, class 4) with their opening, ins, outs and closing for a period. */
export async function moneyAccounts(db: DbOrTx, storeId: number, year: AccountingYear, period: Period) {
  return (
    await db.execute<{
      id: number;
      sub_name: string;
      opening_balance: string;
      debit: string;
      credit: string;
      closing_balance: string;
    }>(sql`
      ${accountFigures(storeId, year, period)}
      select f.id, f.sub_name, ${amountText(sql`f.opening`)} as opening_balance, ${amountText(sql`f.debit`)} as debit,
        ${amountText(sql`f.credit`)} as credit, ${amountText(sql`f.opening + f.debit - f.credit`)} as closing_balance
      from figures f where f.ac_id = ${MONEY_CLASS}
      order by f.role = 'cash_box' desc, f.role nulls last, f.sub_name, f.id`)
  ).rows;
}

type Paging = { page: number; pageSize: number };

/**
 * The sale and sales-return lines of a period with what each earned: its revenue (its total less its share of the
 * invoice's discount, net of VAT) and its cost, a return's with `sign` -1. The gross-profit report and the
 * dashboard's sales read these same lines.
 */
export function grossProfitLines(storeId: number, period: Period) {
  const kinds = [...grossProfitKindTokens, saleReturn];
  return sql`
    select d.pay_id, d.pay_ref, d.pay_date, d.cust_id, d.kind, t.item_id, t.item_name,
      case when d.kind = ${saleReturn} then -1 else 1 end as sign, t.quantity,
      t.tot - case when d.tot_pr = 0 then 0 else d.discount * t.tot / d.tot_pr end
        - case when d.vat_included then t.vat else 0 end as revenue,
      coalesce(t.cost, 0) as cost
    from trade_document d join trade_line t on t.pay_id = d.pay_id
    where d.store_id = ${storeId} and d.kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})
      and not d.awaiting_lines and d.pay_date >= ${period.start} and d.pay_date <= ${period.end}`;
}

/**
 * Gross profit from what the lines kept when they posted: a sale line's revenue is its total less its share of the
 * invoice's discount, its cost the value its goods left stock at; a sales return's lines count against them. By
 * item or by invoice, paged, with the sums of the whole period.
 */
export async function grossProfit(
  db: DbOrTx,
  storeId: number,
  period: Period,
  by: 'item' | 'invoice',
  { page, pageSize }: Paging,
) {
  const lines = grossProfitLines(storeId, period);
  const grouped =
    by === 'item'
      ? sql`select g.item_id as key, max(g.item_name) as name, null::text as party, null::text as line_date,
            sum(g.sign * g.quantity) as quantity, sum(g.sign * g.revenue) as revenue, sum(g.sign * g.cost) as cost
          from lines g group by g.item_id`
      : sql`select g.pay_id as key, g.pay_ref as name, max(p.sub_name) as party, g.pay_date::text as line_date,
            sum(g.sign * g.quantity) as quantity, sum(g.sign * g.revenue) as revenue, sum(g.sign * g.cost) as cost
          from lines g left join sub_accounts p on p.id = g.cust_id group by g.pay_id, g.pay_ref, g.pay_date`;
  const rows = (
    await db.execute<GrossProfitRow & { n: number; sum_revenue: string; sum_cost: string; sum_profit: string }>(sql`
      with lines as (${lines}), grouped as (${grouped})
      select key::int as key, name, party, line_date, round(quantity, 3)::text as quantity,
        ${amountText(sql`revenue`)} as revenue, ${amountText(sql`cost`)} as cost,
        ${amountText(sql`revenue - cost`)} as profit,
        case when round(revenue, 2) = 0 then null else round((revenue - cost) * 100 / revenue, 2)::text end as margin,
        count(*) over ()::int as n, ${amountText(sql`sum(revenue) over ()`)} as sum_revenue,
        ${amountText(sql`sum(cost) over ()`)} as sum_cost, ${amountText(sql`sum(revenue - cost) over ()`)} as sum_profit
      from grouped
      order by ${by === 'item' ? sql`revenue - cost desc, key` : sql`line_date desc, key desc`}
      limit ${pageSize} offset ${(page - 1) * pageSize}`)
  ).rows;
  const first = rows[0];
  return {
    data: rows.map(({ n: _n, sum_revenue: _r, sum_cost: _c, sum_profit: _p, ...row }) => row),
    total: first?.n ?? (await countGroups(db, lines, by)),
    page,
    pageSize,
    sums: {
      revenue: first?.sum_revenue ?? '0.00',
      cost: first?.sum_cost ?? '0.00',
      profit: first?.sum_profit ?? '0.00',
    },
  };
}

/** The number of groups when the asked page is past the last (its rows carry no count). */
async function countGroups(db: DbOrTx, lines: ReturnType<typeof sql>, by: 'item' | 'invoice') {
  const [row] = (
    await db.execute<{ n: number }>(
      sql`with lines as (${lines}) select count(distinct ${by === 'item' ? sql`item_id` : sql`pay_id`})::int as n from lines`,
    )
  ).rows;
  return row?.n ?? 0;
}

/**
 * Aged receivables or payables at the end of a day: what each customer (or supplier) owes, which is its balance in
 * the ledger that day (opening balance, invoices, returns, vouchers, journals, all years), spread over what charged it
 * newest first. Whatever was paid or credited wipes out the oldest charges first (first in, first out), so the total
 * is the account's balance to the cent, and what is left is aged by days since it fell due: an invoice's `nextPay`,
 * else its date (an opening balance: its day). 0–30 (and not yet due), 31–60, 61–90, over 90.
 */
export async function aging(
  db: DbOrTx,
  storeId: number,
  asOf: string,
  side: 'receivable' | 'payable',
  { page, pageSize }: Paging,
) {
  const owedSign = side === 'receivable' ? 1 : -1;
  const partyClass = side === 'receivable' ? CUSTOMERS_CLASS : SUPPLIERS_CLASS;
  const bucket = (low: number, high: number | undefined) =>
    sql`coalesce(sum(r.owed) filter (where ${asOf}::date - r.due_date >= ${low}
      ${high === undefined ? sql`` : sql`and ${asOf}::date - r.due_date <= ${high}`}), 0)`;
  const rows = (
    await db.execute<AgingRow & { n: number; sums: Omit<AgingRow, 'cust_id' | 'sub_name'> }>(sql`
      with parties as not materialized (
        -- Inlined where it is read, so the planner knows how many parties there are (a CTE's rows it guesses).
        select s.id from sub_accounts s where s.store_id = ${storeId} and s.ac_id = ${partyClass}
      ),
      balances as (
        -- What each owes that day: its kept sums per day and kind of document up to it (all years, its opening
        -- balance on its day among them, never its lines), summed without a window (a window over every party's days
        -- sorted them all).
        select p.id, coalesce(sum(${owedSign} * (k.debit_total - k.credit_total)), 0) as owed
        from parties p
        left join account_day k on k.store_id = ${storeId} and k.account_id = p.id and k.line_date <= ${asOf}
        group by p.id
      ),
      owing as (
        -- From which day the charges of one who owes surely cover it: walking back from that day, the first whose
        -- charges since (a day's charges are at least the owed part of each of its sums) reach what it owes. First
        -- in, first out, every charge before it is settled, so it is not read (no such day: all of them). Read from
        -- its own days newest first, stopping there: a few rows for most parties.
        select b.*, f.from_day
        from balances b
        left join lateral (
          select x.line_date as from_day from (
            select k.line_date,
              sum(greatest(0, ${owedSign} * (k.debit_total - k.credit_total))) over (order by k.line_date desc)
                as newer
            from account_day k
            where k.store_id = ${storeId} and k.account_id = b.id and k.line_date <= ${asOf}
          ) x
          where x.newer >= b.owed
          order by x.line_date desc
          limit 1
        ) f on true
        where b.owed > 0
      ),
      charges as (
        -- Only those who owe have their charges read, from the statement's index, from that day on: party by party
        -- ("offset 0" keeps the lateral read apart; joined, the planner walked the store's every line at 5,000,000).
        select b.id as account_id, l.amount, l.on_date, l.ord, l.source_kind, l.source_id
        from owing b
        cross join lateral (
          select ${owedSign} * (l.debit - l.credit) as amount, l.line_date as on_date, l.id as ord, l.source_kind,
            l.source_id
          from ledger_line l
          where l.store_id = ${storeId} and l.account_id = b.id and l.line_date <= ${asOf}
            and l.line_date >= coalesce(b.from_day, '-infinity'::date) and ${owedSign} * (l.debit - l.credit) > 0
          offset 0
        ) l
      ),
      left_of_charges as (
        select c.*, greatest(0, least(c.amount, b.owed - coalesce(sum(c.amount) over (partition by c.account_id
            order by c.on_date desc, c.ord desc rows between unbounded preceding and 1 preceding), 0))) as owed
        from charges c join owing b on b.id = c.account_id
      ),
      open_charges as (
        -- The due date of what is left (an invoice's next payment, else the day it was charged): looked up by the
        -- invoice's key, a few thousand probes, where a join hashed every document of the store ("limit 1" keeps
        -- the lookup apart: a plain lateral is joined like any other).
        select c.account_id as cust_id, c.owed, coalesce(d."nextPay", c.on_date) as due_date
        from left_of_charges c
        left join lateral (
          select t."nextPay" from trade_document t where t.pay_id = c.source_id and t.kind = c.source_kind limit 1
        ) d on true
        where c.owed > 0
      ),
      owed as (
        select r.cust_id, count(*)::int as invoices,
          ${bucket(-1_000_000, 30)} as d0_30, ${bucket(31, 60)} as d31_60, ${bucket(61, 90)} as d61_90,
          ${bucket(91, undefined)} as over_90, sum(r.owed) as total
        from open_charges r
        where r.owed > 0
        group by r.cust_id
      )
      select o.cust_id, p.sub_name, o.invoices, ${amountText(sql`o.d0_30`)} as d0_30,
        ${amountText(sql`o.d31_60`)} as d31_60, ${amountText(sql`o.d61_90`)} as d61_90,
        ${amountText(sql`o.over_90`)} as over_90, ${amountText(sql`o.total`)} as total,
        count(*) over ()::int as n,
        json_build_object(
          'invoices', (sum(o.invoices) over ())::int,
          'd0_30', ${amountText(sql`sum(o.d0_30) over ()`)}, 'd31_60', ${amountText(sql`sum(o.d31_60) over ()`)},
          'd61_90', ${amountText(sql`sum(o.d61_90) over ()`)}, 'over_90', ${amountText(sql`sum(o.over_90) over ()`)},
          'total', ${amountText(sql`sum(o.total) over ()`)}) as sums
      from owed o join sub_accounts p on p.id = o.cust_id
      order by o.total desc, o.cust_id
      limit ${pageSize} offset ${(page - 1) * pageSize}`)
  ).rows;
  const first = rows[0];
  const none = { invoices: 0, d0_30: '0.00', d31_60: '0.00', d61_90: '0.00', over_90: '0.00', total: '0.00' };
  return {
    data: rows.map(({ n: _n, sums: _s, ...row }) => row),
    total: first?.n ?? 0,
    page,
    pageSize,
    as_of: asOf,
    sums: first?.sums ?? none,
  };
}
