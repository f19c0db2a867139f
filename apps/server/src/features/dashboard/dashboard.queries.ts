/**
 * The owner's dashboard (docs/dashboard.md): each tile read by the query of the report it links to, so the two
 * always agree. Sales and gross profit per day from the gross-profit report's lines; money accounts as the cash book
 * closes them; what parties owe from the aging report; stock counts from item-stock's filters.
 */
import {
  addMoney,
  type Dashboard,
  type DashboardDay,
  grossProfitKindTokens,
  parseMoney,
  toMoneyString,
  ZERO,
} from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { stockCount } from '../items/stock.queries.ts';
import type { AccountingYear } from '../organisation/currentYear.ts';
import { inYear } from '../reports/period.ts';
import { aging, grossProfitLines, moneyAccounts } from '../reports/reports.queries.ts';
import { amountText } from '../reports/sql.ts';
import { openShifts } from '../shifts/shifts.queries.ts';
import { dueSum } from '../trade/trade.queries.ts';

const CHART_DAYS = 30;
/** More than 30 days past due: the aging report's columns after its first. */
const OVERDUE_BUCKETS = ['d31_60', 'd61_90', 'over_90'] as const;

export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Net sales, gross profit and the number of sales of every day of the 30 up to `date` (days without any: zeros). */
export async function salesByDay(db: DbOrTx, storeId: number, date: string) {
  const start = addDays(date, -(CHART_DAYS - 1));
  const lines = grossProfitLines(storeId, { start, end: date });
  const { rows } = await db.execute<DashboardDay>(sql`
    with lines as (${lines}),
    days as (
      select l.pay_date as day, sum(l.sign * l.revenue) as revenue, sum(l.sign * l.cost) as cost,
        count(distinct l.pay_id) filter (where l.kind = any(${`{${grossProfitKindTokens.join(',')}}`}::text[]))
          as sales
      from lines l group by l.pay_date
    )
    select g.day::date::text as date, ${amountText(sql`coalesce(d.revenue, 0)`)} as net_sales,
      ${amountText(sql`coalesce(d.revenue - d.cost, 0)`)} as gross_profit, coalesce(d.sales, 0)::int as sales_count,
      ${amountText(sql`case when coalesce(d.sales, 0) = 0 then 0 else d.revenue / d.sales end`)} as average_sale
    from generate_series(${start}::date, ${date}::date, interval '1 day') g(day)
    left join days d on d.day = g.day::date
    order by g.day`);
  return rows;
}

const emptyDay = (date: string): DashboardDay => ({
  date,
  net_sales: '0.00',
  gross_profit: '0.00',
  sales_count: 0,
  average_sale: '0.00',
});

type AgingBuckets = Record<(typeof OVERDUE_BUCKETS)[number], string>;
const overdueOf = (row: AgingBuckets) =>
  toMoneyString(addMoney(ZERO, ...OVERDUE_BUCKETS.map((bucket) => parseMoney(row[bucket]) ?? ZERO)));

function owingOf(sums: AgingBuckets & { total: string }, parties: number) {
  return { total: sums.total, overdue: overdueOf(sums), parties };
}

/** How many days "this week" spans from the dashboard's date, the date itself included. */
const WEEK_DAYS = 7;

type DashboardScope = {
  storeId: number;
  year: AccountingYear;
  date: string;
  lastBackup: Dashboard['last_backup'];
  /** Only this user's invoices in the payment-due figures, as the payment-due list shows them to this user. */
  author: number | undefined;
};

export async function readDashboard(
  db: DbOrTx,
  { storeId, year, date, lastBackup, author }: DashboardScope,
): Promise<Dashboard> {
  const dueUntil = addDays(date, WEEK_DAYS - 1);
  const [days, money, receivable, payable, payableDue, zero, negative, belowMin, shifts] = await Promise.all([
    salesByDay(db, storeId, date),
    moneyAccounts(db, storeId, inYear(year, { start: year.yearStart, end: date })),
    aging(db, storeId, date, 'receivable', { page: 1, pageSize: 5 }),
    aging(db, storeId, date, 'payable', { page: 1, pageSize: 1 }),
    dueSum(db, {
      storeId,
      kind: 'perch',
      yearId: year.id,
      userId: author,
      dueOnly: true,
      recordsOnly: true,
      dueBy: dueUntil,
    }),
    stockCount(db, storeId, year.id, { quantity_filter: 'zero' }),
    stockCount(db, storeId, year.id, { quantity_filter: 'negative' }),
    stockCount(db, storeId, year.id, { quantity_filter: 'below_min' }),
    openShifts(db, storeId),
  ]);
  const day = (on: string) => days.find((d) => d.date === on) ?? emptyDay(on);
  return {
    ...day(date),
    yesterday: day(addDays(date, -1)),
    last_week: day(addDays(date, -7)),
    money: money.map((account) => ({
      id: account.id,
      sub_name: account.sub_name,
      balance: account.closing_balance,
    })),
    receivables: {
      ...owingOf(receivable.sums, receivable.total),
      top_debtors: receivable.data.map((row) => ({
        cust_id: row.cust_id,
        sub_name: row.sub_name,
        total: row.total,
        overdue: overdueOf(row),
      })),
    },
    payables: { ...owingOf(payable.sums, payable.total), due_this_week: { until: dueUntil, ...payableDue } },
    stock: { out_of_stock: zero + negative, below_minimum: belowMin },
    open_shifts: shifts,
    last_backup: lastBackup,
    chart: days.map(({ date: on, net_sales, gross_profit, sales_count }) => ({
      date: on,
      net_sales,
      gross_profit,
      sales_count,
    })),
  };
}
