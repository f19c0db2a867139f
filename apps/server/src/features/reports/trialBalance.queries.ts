/**
 * The trial balance (docs/reports.md): every account of the store with its balance before the period, the period's
 * debits and credits, and its closing balance on its side. Opened in the year of the period's first day, by the same
 * rule as the accounts' balances (features/accounts/accounts.queries.ts): a balance-sheet account carries the years
 * before, a profit-and-loss account starts that year at zero, retained earnings holds what earlier years earned; a
 * period across the year end runs on through it (docs/reports.md). Over all accounts the closing debits equal the
 * closing credits.
 *
 * A whole year is read from the kept sums (`account_balance`, a few rows per account); a part of a year from the
 * months' kept sums (`account_month`) and, for a month its first or last day cuts, the days' (`account_day`, one row
 * per account, day and kind of document) up to the period's last day.
 */
import type { TrialBalance, TrialBalanceRow, TrialSegment } from '@mizan/contract';
import {
  bookKinds,
  CUSTOMERS_CLASS,
  parseMoney,
  SUPPLIERS_CLASS,
  subtractMoney,
  toMoneyString,
  ZERO,
} from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { yearsBefore } from '../book/bookYears.ts';
import type { AccountingYear } from '../organisation/currentYear.ts';
import type { BookPeriod } from './period.ts';
import { amountText } from './sql.ts';

const SALES_CLASS = 5;
const PURCHASES_CLASS = 6;
const segmentFilter: Record<TrialSegment, SQL> = {
  all: sql`true`,
  customers: sql`s.ac_id = ${CUSTOMERS_CLASS}`,
  suppliers: sql`s.ac_id = ${SUPPLIERS_CLASS}`,
  sales: sql`s.ac_id = ${SALES_CLASS}`,
  purchases: sql`s.ac_id = ${PURCHASES_CLASS}`,
  others: sql`s.ac_id not in (${CUSTOMERS_CLASS}, ${SUPPLIERS_CLASS}, ${SALES_CLASS}, ${PURCHASES_CLASS})`,
};

export type TrialBalanceFilter = {
  segment?: TrialSegment;
  hasBalance?: boolean | undefined;
  /** Only the accounts that opened with a balance or moved in the period. */
  hasMovement?: boolean | undefined;
  search?: string | undefined;
  accountIds?: number[];
};

/**
 * Each account's figures for the period: `opening` and `closing` as debit − credit, `debit` and `credit` the
 * period's movements. An opening balance is a ledger line on its day: before the period it is in `opening`, within it
 * a movement, and on the period's first day in `opening` (what the account brings into that day). Shared by the
 * trial balance, the balance sheet and the cash book.
 */
export function accountFigures(storeId: number, period: BookPeriod): SQL {
  const { opening } = period;
  // The movements of each year the period reads, from their kept sums: the opening year's before the first day go
  // to `before_y` (a profit-and-loss account opens with them), every later year's up to the last day are the period's.
  const moves = sql.join(
    period.years.map((y) => yearMoves(storeId, y, y === opening ? period.start : y.yearStart, period.end)),
    sql` union all `,
  );
  return sql`
    with kept as (
      select b.account_id, sum(b.debit_total - b.credit_total) as before_kept from account_balance b
      where b.store_id = ${storeId} and b."yearId" in ${yearsBefore(opening.id)} group by b.account_id
    ),
    moves as (
      select account_id, sum(before_y) as before_y, sum(debit) as debit, sum(credit) as credit
      from (${moves}) y group by account_id
    ),
    brought as (
      -- Opening balances dated the period's first day are what the accounts bring into it: its opening, not its
      -- movements (a year's openings typed on its first day open it, as they always did). Its day rows only.
      select d.account_id, sum(d.debit_total) as debit, sum(d.credit_total) as credit from account_day d
      where d.store_id = ${storeId} and d."yearId" = ${opening.id} and d.line_date = ${period.start}
        and d.source_kind = ${bookKinds.openingBalance.wire}
      group by d.account_id
    ),
    retained as (
      select coalesce(sum(b.credit_total - b.debit_total), 0) as amount from account_balance b
      join sub_accounts p on p.id = b.account_id join accounts c on c.ac_id = p.ac_id
      where b.store_id = ${storeId} and c.statement = 'profit_loss' and b."yearId" in ${yearsBefore(opening.id)}
    ),
    -- Materialized: computed once per account. Inlined, each use of opening (closing, its sides, the totals) copied
    -- the retained-earnings sum into its own sub-plan and recomputed it (nine times in a trial balance).
    figures as materialized (
      select s.id, s.sub_name, s.sub_code, s.sub_type, s.ac_id, a.ac_name, s.cat_id, s.role,
        case when a.statement = 'balance_sheet' then coalesce(k.before_kept, 0) else 0 end
          + coalesce(m.before_y, 0) + coalesce(o.debit - o.credit, 0)
          - case when s.role = 'retained_earnings' then r.amount else 0 end as opening,
        coalesce(m.debit, 0) - coalesce(o.debit, 0) as debit, coalesce(m.credit, 0) - coalesce(o.credit, 0) as credit
      from sub_accounts s join accounts a on a.ac_id = s.ac_id cross join retained r
      left join kept k on k.account_id = s.id
      left join moves m on m.account_id = s.id
      left join brought o on o.account_id = s.id
      where s.store_id = ${storeId}
    )`;
}

/**
 * A year's movements from `from` to `to` as the period reads them (each clipped to the year): those before `from` in
 * `before_y`, the others as debits and credits. The whole year from its kept sums (`account_balance`), a part of it
 * from its months' and days' (`partOfYearMoves`).
 */
function yearMoves(storeId: number, y: AccountingYear, from: string, to: string): SQL {
  const start = from < y.yearStart ? y.yearStart : from;
  const end = to > y.yearEnd ? y.yearEnd : to;
  return start === y.yearStart && end === y.yearEnd
    ? sql`select b.account_id, 0::numeric as before_y, b.debit_total as debit, b.credit_total as credit
        from account_balance b where b.store_id = ${storeId} and b."yearId" = ${y.id}`
    : partOfYearMoves(storeId, y.id, { start, end });
}

/** The last day of a date's month ('2026-02-10' → '2026-02-28'). */
const lastDayOfMonth = (date: string) => {
  const [y = 0, m = 0] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * Each account's movements of a part of the year up to its last day: before its first day (`before_y`), and its
 * debits and credits within it. Whole months are read from the kept month sums (`account_month`), and only a month
 * the period's first or last day cuts from the days' sums (`account_day`): March to August on the large store reads
 * the months' rows instead of 182,000 day rows.
 */
function partOfYearMoves(storeId: number, yearId: number, period: { start: string; end: string }): SQL {
  const startMonth = `${period.start.slice(0, 7)}-01`;
  const endMonth = `${period.end.slice(0, 7)}-01`;
  const cut = [
    ...new Set([
      ...(period.start === startMonth ? [] : [startMonth]),
      ...(period.end === lastDayOfMonth(period.end) ? [] : [endMonth]),
    ]),
  ];
  const split = (date: SQL, debit: SQL, credit: SQL) => sql`
    case when ${date} < ${period.start} then ${debit} - ${credit} else 0 end as before_y,
    case when ${date} >= ${period.start} then ${debit} else 0 end as debit,
    case when ${date} >= ${period.start} then ${credit} else 0 end as credit`;
  const months = sql`select m.account_id, ${split(sql`m.month`, sql`m.debit_total`, sql`m.credit_total`)}
    from account_month m where m.store_id = ${storeId} and m."yearId" = ${yearId} and m.month <= ${endMonth}
    ${
      cut.length
        ? sql`and m.month not in (${sql.join(
            cut.map((month) => sql`${month}::date`),
            sql`, `,
          )})`
        : sql``
    }`;
  const days = cut.map(
    (month) => sql`select d.account_id, ${split(sql`d.line_date`, sql`d.debit_total`, sql`d.credit_total`)}
      from account_day d where d.store_id = ${storeId} and d."yearId" = ${yearId}
        and d.line_date >= ${month}::date and d.line_date < ${month}::date + interval '1 month'
        and d.line_date <= ${period.end}`,
  );
  return sql`select account_id, sum(before_y) as before_y, sum(debit) as debit, sum(credit) as credit
    from (${sql.join([months, ...days], sql` union all `)}) x group by account_id`;
}

/** A page of the list (1 and up), or every account when absent. */
export type TrialBalancePage = { page: number; pageSize: number } | undefined;

export async function readTrialBalance(
  db: DbOrTx,
  storeId: number,
  period: BookPeriod,
  filter: TrialBalanceFilter,
  paged?: TrialBalancePage,
): Promise<TrialBalance> {
  const term = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  // The count and sums are the whole list's, in a row of their own: a page past the last still carries them.
  const rows = (
    await db.execute<
      Partial<TrialBalanceRow> & {
        n: number;
        sum_debit: string | null;
        sum_credit: string | null;
        sum_move_debit: string | null;
        sum_move_credit: string | null;
      }
    >(sql`
      ${accountFigures(storeId, period)},
      shown as (
        select f.*, f.opening + f.debit - f.credit as closing from figures f join sub_accounts s on s.id = f.id
        where ${segmentFilter[filter.segment ?? 'all']}
          ${term ? sql`and (s.sub_name ilike ${term} or s.sub_code ilike ${term})` : sql``}
          ${filter.accountIds ? sql`and s.id in (${sql.join(filter.accountIds, sql`, `)})` : sql``}
          and ${filter.hasBalance ? sql`round(f.opening + f.debit - f.credit, 2) <> 0` : sql`true`}
          and ${filter.hasMovement ? sql`(round(f.opening, 2) <> 0 or f.debit <> 0 or f.credit <> 0)` : sql`true`}
      ),
      sums as (
        select count(*)::int as n,
          ${amountText(sql`sum(greatest(closing, 0))`)} as sum_debit,
          ${amountText(sql`sum(greatest(-closing, 0))`)} as sum_credit,
          ${amountText(sql`sum(debit)`)} as sum_move_debit,
          ${amountText(sql`sum(credit)`)} as sum_move_credit
        from shown
      ),
      listed as (
        select id, sub_name, sub_code, sub_type, ac_id, ac_name, cat_id, role,
          ${amountText(sql`case when sub_type = 'debit' then opening else -opening end`)} as opening_balance,
          ${amountText(sql`debit`)} as debit, ${amountText(sql`credit`)} as credit,
          ${amountText(sql`greatest(closing, 0)`)} as display_debit,
          ${amountText(sql`greatest(-closing, 0)`)} as display_credit,
          ${amountText(sql`abs(closing)`)} as current_balance,
          case when round(closing, 2) > 0 then 'debit' when round(closing, 2) < 0 then 'credit' end as balance_status
        from shown
        order by ac_id, sub_code nulls last, sub_name, id
        ${paged ? sql`limit ${paged.pageSize} offset ${(paged.page - 1) * paged.pageSize}` : sql``}
      )
      select sums.*, listed.* from sums left join listed on true
      order by listed.ac_id, listed.sub_code nulls last, listed.sub_name, listed.id`)
  ).rows;
  const sums = rows[0];
  const totalDebit = sums?.sum_debit ?? '0.00';
  const totalCredit = sums?.sum_credit ?? '0.00';
  const difference = subtractMoney(parseMoney(totalDebit) ?? ZERO, parseMoney(totalCredit) ?? ZERO);
  const count = sums?.n ?? 0;
  return {
    data: rows
      .filter((row) => row.id != null)
      .map(
        ({ n: _n, sum_debit: _d, sum_credit: _c, sum_move_debit: _md, sum_move_credit: _mc, ...row }) =>
          row as TrialBalanceRow,
      ),
    total: count,
    page: paged?.page ?? 1,
    pageSize: paged?.pageSize ?? count,
    start_date: period.start,
    end_date: period.end,
    count,
    total_debit: totalDebit,
    total_credit: totalCredit,
    difference: toMoneyString(difference),
    movement_debit: sums?.sum_move_debit ?? '0.00',
    movement_credit: sums?.sum_move_credit ?? '0.00',
  };
}
