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
import { type BookPeriod, inYear, type Period } from './period.ts';
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
 * Profit and loss of a period, from the profit-and-loss accounts' lines: sales (less returns and the discounts
 * allowed), cost of sales, gross profit, every other account as an expense (an income is negative), and net profit,
 * which is the credit − debit of all of them: what retained earnings takes in the next year. A period across the
 * year end is the sum of its lines in each year (retained earnings is never posted, so nothing closes in between).
 */
export async function profitAndLoss(db: DbOrTx, storeId: number, period: BookPeriod): Promise<ProfitAndLossFigures> {
  // The days' kept sums of the profit-and-loss accounts (`account_day`: one row per account, day and kind of
  // document, kept with the lines), grouped by account; the report's lines are sums of those groups.
  const days = sql`account_day l join sub_accounts s on s.id = l.account_id join accounts a on a.ac_id = s.ac_id
    where l.store_id = ${storeId} and l."yearId" in (${sql.join(
      period.years.map((y) => sql`${y.id}`),
      sql`, `,
    )}) and a.statement = 'profit_loss'
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
      ${accountFigures(storeId, inYear(year, { start: year.yearStart, end: asOf }))},
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
export async function moneyAccounts(db: DbOrTx, storeId: number, period: BookPeriod) {
  return (
    await db.execute<{
      id: number;
      sub_name: string;
      opening_balance: string;
      debit: string;
      credit: string;
      closing_balance: string;
    }>(sql`
      ${accountFigures(storeId, period)}
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
 * the ledger that day (opening balance, invoices, returns, vouchers, journals, all years), spread over what charged
 * it. What is open on each invoice is what the open-invoice list says (its remainder less the allocations of the
 * vouchers dated up to the day); whatever else was paid or credited (money on account, returns, journals) wipes out
 * the oldest of what is open first (first in, first out). So the balance is spread over what is open, newest first:
 * first over each invoice's open part and every other charge, then (only if a voucher allocated more than it paid)
 * over the invoices' settled parts. The total is the account's balance to the cent, and what is left is aged by days
 * since it fell due: an invoice's `nextPay`, else its date (an opening balance: its day). 0–30 (and not yet due),
 * 31–60, 61–90, over 90.
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
  // The invoices vouchers allocate to: a receipt's sales, a payment's purchases.
  const invoiceKind = side === 'receivable' ? documentKinds.sale.wire : documentKinds.purchase.wire;
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
      owes as (select b.* from balances b where b.owed > 0),
      late as (
        -- What vouchers dated after the day allocated (to each invoice): not yet paid that day. None for today.
        select pa.pay_id, sum(pa.amount) as amount
        from journal j join payment_allocation pa on pa.j_id = j.j_id
        where j.store_id = ${storeId} and j.voucher_kind is not null and j.j_date > ${asOf}
          and j."yearId" in (select y.id from year y where y."yearEnd" > ${asOf})
        group by pa.pay_id
      ),
      open_invoices as (
        -- The invoices of those who owe still open that day, as the open-invoice list reads them (remainder less
        -- allocations): those open now, from the index of open invoices (migration 0041), and those a later voucher
        -- settled. A few per party, whatever their age.
        select d.pay_id, d.cust_id, d.pay_date, d."nextPay", d.changee - d.allocated + coalesce(la.amount, 0) as open
        from (
          select d.pay_id from owes b
          join trade_document d on d.store_id = ${storeId} and d.cust_id = b.id and d.kind = ${invoiceKind}
            and d.changee > d.allocated and not d.awaiting_lines
          union
          select la.pay_id from late la
        ) c
        join trade_document d on d.pay_id = c.pay_id
        left join late la on la.pay_id = c.pay_id
        where d.store_id = ${storeId} and d.kind = ${invoiceKind} and not d.awaiting_lines and d.pay_date <= ${asOf}
          and d.cust_id in (select id from owes) and d.changee - d.allocated + coalesce(la.amount, 0) > 0
      ),
      owing as (
        -- From which day what is open of one who owes surely covers it: walking back from that day, the first whose
        -- open amounts since reach what it owes (its open invoices, and the other charges of each day, which are at
        -- least the owed part of each of its day sums of another kind than invoices). First in, first out, nothing
        -- before it is left open, so its lines are not read (no such day: all of them).
        select b.*, f.from_day
        from owes b
        left join lateral (
          select x.line_date as from_day from (
            select y.line_date, sum(y.part) over (order by y.line_date desc) as newer
            from (
              select k.line_date, greatest(0, ${owedSign} * (k.debit_total - k.credit_total)) as part
              from account_day k
              where k.store_id = ${storeId} and k.account_id = b.id and k.line_date <= ${asOf}
                and k.source_kind <> ${invoiceKind}
              union all
              select o.pay_date, o.open from open_invoices o where o.cust_id = b.id
            ) y
          ) x
          where x.newer >= b.owed
          order by x.line_date desc
          limit 1
        ) f on true
      ),
      charges as (
        -- Each open invoice is one charge, of which its open part comes first.
        select o.cust_id as account_id, c.amount, o.pay_date as on_date, c.ord, ${invoiceKind}::text as source_kind,
          o.pay_id as source_id, least(c.amount, o.open) as first_part
        from open_invoices o
        cross join lateral (
          select sum(${owedSign} * (l.debit - l.credit)) as amount, min(l.id) as ord
          from ledger_line l
          where l.source_kind = ${invoiceKind} and l.source_id = o.pay_id and l.store_id = ${storeId}
            and l.account_id = o.cust_id and l.line_date <= ${asOf} and ${owedSign} * (l.debit - l.credit) > 0
        ) c
        where c.amount > 0
        union all
        -- The other charges of those who owe from that day on, party by party from the statement's index ("offset 0"
        -- keeps the lateral read apart; joined, the planner walked the store's every line at 5,000,000). Settled
        -- invoices are read only when every line is (their settled part is the last spread).
        select b.id, l.amount, l.on_date, l.ord, l.source_kind, l.source_id,
          case when l.source_kind = ${invoiceKind} then 0 else l.amount end
        from owing b
        cross join lateral (
          select ${owedSign} * (l.debit - l.credit) as amount, l.line_date as on_date, l.id as ord, l.source_kind,
            l.source_id
          from ledger_line l
          where l.store_id = ${storeId} and l.account_id = b.id and l.line_date <= ${asOf}
            and l.line_date >= coalesce(b.from_day, '-infinity'::date) and ${owedSign} * (l.debit - l.credit) > 0
            and (l.source_kind <> ${invoiceKind} or (b.from_day is null
              and not exists (select 1 from open_invoices o where o.pay_id = l.source_id)))
          offset 0
        ) l
      ),
      parts as (
        select c.account_id, c.ord, c.on_date, c.source_kind, c.source_id, 1 as tier, c.first_part as part
        from charges c where c.first_part > 0
        union all
        select c.account_id, c.ord, c.on_date, c.source_kind, c.source_id, 2, c.amount - c.first_part
        from charges c where c.amount > c.first_part
      ),
      left_of_parts as (
        -- The balance over the parts, newest first: the open parts, then the settled ones.
        select p.*, greatest(0, least(p.part, b.owed - coalesce(sum(p.part) over (partition by p.account_id
            order by p.tier, p.on_date desc, p.ord desc rows between unbounded preceding and 1 preceding), 0))) as owed
        from parts p join owing b on b.id = p.account_id
      ),
      left_of_charges as (
        select p.account_id, p.ord, p.on_date, p.source_kind, p.source_id, sum(p.owed) as owed
        from left_of_parts p
        where p.owed > 0
        group by p.account_id, p.ord, p.on_date, p.source_kind, p.source_id
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
