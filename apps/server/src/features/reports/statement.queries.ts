/**
 * An account's statement (docs/reports.md): its balance before the period, every ledger line of the period in date
 * order with the balance after it (a window over the statement index, so page 40 continues page 39 exactly), the
 * period's sums and the closing balance. Balances are signed on the account's nature (negative: the other side).
 *
 * The opening balance reads the kept sums (`account_balance`) of the years that ended before the period and only
 * the lines of the period's own year before its first day. An account's opening balance is a ledger line on its
 * day (docs/accounting-years.md): shown there, or in the opening of a statement that starts that day. A
 * profit-and-loss account (and retained earnings, which holds what earlier years earned) opens in the year of the
 * period's first day, from zero on that year's first day; a period across the year end runs on through it.
 */
import { bookKinds, type Statement, type StatementLine } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { yearsBefore } from '../book/bookYears.ts';
import type { BookPeriod } from './period.ts';
import { amountText, sideOf } from './sql.ts';

type AccountRow = Statement['account'] & { statement: 'balance_sheet' | 'profit_loss'; role: string | null };

export async function findStatementAccount(db: DbOrTx, storeId: number, accountId: number) {
  const [row] = (
    await db.execute<AccountRow>(sql`
      select s.id, s.sub_name, s.sub_code, s.sub_type, s.ac_id, a.ac_name, c.cat_name, s.phone, s.address,
        s.sub_balance::text as sub_balance, a.statement, s.role
      from sub_accounts s join accounts a on a.ac_id = s.ac_id left join account_category c on c.id = s.cat_id
      where s.store_id = ${storeId} and s.id = ${accountId}`)
  ).rows;
  return row;
}

/**
 * Whether an account opens at the start of its period's first year: profit and loss, and retained earnings (read
 * from earlier years).
 */
export const readWithinYear = (account: Pick<AccountRow, 'statement' | 'role'>) =>
  account.statement === 'profit_loss' || account.role === 'retained_earnings';

/**
 * The account's balance before `start`, debit − credit: the kept sums of the years that ended before it, then the
 * lines between the last of those years' end and `start`, and the opening balances dated `start` itself (what it
 * brings into that day). A year-bound account counts only the lines of the year it opens in, and retained earnings
 * the profit of the years before it.
 */
async function debitBefore(db: DbOrTx, storeId: number, account: AccountRow, period: BookPeriod): Promise<string> {
  const { start, opening: year } = period;
  const withinYear = readWithinYear(account);
  const kept = withinYear
    ? sql`0`
    : sql`(select coalesce(sum(b.debit_total - b.credit_total), 0) from account_balance b
        where b.store_id = ${storeId} and b.account_id = ${account.id}
          and b."yearId" in (select y.id from year y where y."yearEnd" < ${start}))`;
  const after = withinYear
    ? sql`${year.yearStart}::date`
    : sql`coalesce((select max(y."yearEnd") + 1 from year y where y."yearEnd" < ${start}), '-infinity'::date)`;
  const retained =
    account.role === 'retained_earnings'
      ? sql`(select coalesce(sum(b.debit_total - b.credit_total), 0) from account_balance b
          join sub_accounts p on p.id = b.account_id join accounts c on c.ac_id = p.ac_id
          where b.store_id = ${storeId} and c.statement = 'profit_loss' and b."yearId" in ${yearsBefore(year.id)})`
      : sql`0`;
  const [row] = (
    await db.execute<{ amount: string }>(sql`
      select (${kept} + ${retained} + (select coalesce(sum(l.debit - l.credit), 0) from ledger_line l
        where l.store_id = ${storeId} and l.account_id = ${account.id}
          and l.line_date >= ${after} and ${beforeOrBrought(start)}))::text as amount`)
  ).rows;
  return row?.amount ?? '0';
}

const OPENING = bookKinds.openingBalance.wire;
/**
 * The lines before a period's first day, and the opening balances dated that day: what the account brings into the
 * period (an opening balance is posted on its day; a statement from that very day opens with it).
 */
const beforeOrBrought = (start: string) =>
  // Bounded on both sides, so the statement index reads only up to that day (an "or" alone is no bound).
  sql`l.line_date <= ${start} and (l.line_date < ${start} or l.source_kind = ${OPENING})`;
/** The period's lines: from its first day to its last, but the opening balances it opens with. */
const periodLines = (start: string, end: string) =>
  sql`l.line_date >= ${start} and l.line_date <= ${end} and not (l.line_date = ${start} and l.source_kind = ${OPENING})`;
type Page = { page: number; pageSize: number };

export async function readStatement(
  db: DbOrTx,
  storeId: number,
  account: AccountRow,
  period: BookPeriod,
  { page, pageSize }: Page,
): Promise<Omit<Statement, 'account'> & { account: AccountRow }> {
  // Signed on the account's nature: a debit-nature account grows with debits, a credit-nature one with credits.
  const sign = account.sub_type === 'debit' ? 1 : -1;
  const opening = sql`(${sign} * ${await debitBefore(db, storeId, account, period)}::numeric)`;
  const inPeriod = sql`l.store_id = ${storeId} and l.account_id = ${account.id}
    and ${periodLines(period.start, period.end)}`;

  const [sums] = (
    await db.execute<{ n: number; debit: string; credit: string; opening: string; closing: string }>(sql`
      select count(*)::int as n, ${amountText(sql`coalesce(sum(l.debit), 0)`)} as debit,
        ${amountText(sql`coalesce(sum(l.credit), 0)`)} as credit, ${amountText(opening)} as opening,
        ${amountText(sql`${opening} + ${sign} * coalesce(sum(l.debit - l.credit), 0)`)} as closing
      from ledger_line l where ${inPeriod}`)
  ).rows;
  const total = sums?.n ?? 0;
  const openingText = sums?.opening ?? '0.00';
  const closing = sums?.closing ?? openingText;

  // The window runs over the period's lines from its first, so a page's running balance continues the page before.
  // A page in the second half is read from the last line backwards instead (the closing balance less what comes
  // after each line): the last page of a long statement reads a page of the index, not the whole period.
  const first = (page - 1) * pageSize;
  const fromEnd = first >= total / 2 && first < total;
  const window = fromEnd
    ? sql`${closing}::numeric - ${sign} * coalesce(sum(l.debit - l.credit) over (order by l.line_date desc, l.id desc
        rows between unbounded preceding and 1 preceding), 0)`
    : sql`${opening} + ${sign} * sum(l.debit - l.credit) over (order by l.line_date, l.id rows unbounded preceding)`;
  const order = fromEnd ? sql`l.line_date desc, l.id desc` : sql`l.line_date, l.id`;
  const last = Math.min(page * pageSize, total);
  const slice = fromEnd ? sql`limit ${last - first} offset ${total - last}` : sql`limit ${pageSize} offset ${first}`;
  const rows = (
    await db.execute<Omit<StatementLine, 'balance_type' | 'source_type'>>(sql`
      select w.id::int as id, w.line_date::text as line_date, w.source_kind, w.source_id, w.reference, w.memo,
        j.j_type, w.debit::text as debit, w.credit::text as credit, ${amountText(sql`w.running`)} as running_balance,
        ${amountText(sql`abs(w.running)`)} as balance
      from (
        select l.id, l.line_date, l.source_kind, l.source_id, l.reference, l.memo, l.debit, l.credit,
          ${window} as running
        from ledger_line l where ${inPeriod}
        order by ${order}
        ${slice}
      ) w
      left join journal j on w.source_kind = 'journal' and j.j_id = w.source_id
      order by w.line_date, w.id`)
  ).rows;
  const lines: StatementLine[] = rows.map((row) => ({
    ...row,
    source_type: sourceType(row.source_kind),
    balance_type: sideOf(account.sub_type, row.running_balance),
  }));
  const closingSide = sideOf(account.sub_type, closing);
  return {
    data: lines,
    total,
    page,
    pageSize,
    account,
    start_date: period.start,
    end_date: period.end,
    opening_balance: openingText,
    opening_balance_type: sideOf(account.sub_type, openingText),
    total_debit: sums?.debit ?? '0.00',
    total_credit: sums?.credit ?? '0.00',
    closing_balance: closing,
    closing_balance_type: closingSide,
    transactions: lines,
    current_balance: closing.replace(/^-/, ''),
    balance_status: closingSide,
    pagination: { total_count: total, has_more: page * pageSize < total },
  };
}

/** The legacy screen's word for a row (`sales`, `purchases`); other rows keep their source kind. */
const sourceType = (kind: string) => (kind === 'pay' ? 'sales' : kind === 'perch' ? 'purchases' : kind);

/**
 * A statement's lines page after page for an export: each page starts after the last line of the one before (by
 * date and id, on the statement index) and runs on from its balance, so a 100,000-line statement is read once.
 */
export async function* statementPages(
  db: DbOrTx,
  storeId: number,
  account: AccountRow,
  period: BookPeriod,
  pageSize = 2_000,
): AsyncGenerator<StatementLine[]> {
  const sign = account.sub_type === 'debit' ? 1 : -1;
  const before = await debitBefore(db, storeId, account, period);
  const [opening] = (await db.execute<{ v: string }>(sql`select (${sign} * ${before}::numeric)::text as v`)).rows;
  let last: { line_date: string; id: number; running: string } | undefined;
  let running = opening?.v ?? '0';
  for (;;) {
    const rows = (
      await db.execute<Omit<StatementLine, 'balance_type' | 'source_type'>>(sql`
        select w.id::int as id, w.line_date::text as line_date, w.source_kind, w.source_id, w.reference, w.memo,
          j.j_type, w.debit::text as debit, w.credit::text as credit, w.running::text as running_balance,
          ${amountText(sql`abs(w.running)`)} as balance
        from (
          select l.id, l.line_date, l.source_kind, l.source_id, l.reference, l.memo, l.debit, l.credit,
            ${running}::numeric + ${sign} * sum(l.debit - l.credit) over (order by l.line_date, l.id rows unbounded preceding)
              as running
          from ledger_line l
          where l.store_id = ${storeId} and l.account_id = ${account.id}
            and ${periodLines(period.start, period.end)}
            ${last ? sql`and (l.line_date, l.id) > (${last.line_date}::date, ${last.id})` : sql``}
          order by l.line_date, l.id limit ${pageSize}
        ) w
        left join journal j on w.source_kind = 'journal' and j.j_id = w.source_id
        order by w.line_date, w.id`)
    ).rows;
    if (rows.length > 0) {
      yield rows.map((row) => ({
        ...row,
        source_type: sourceType(row.source_kind),
        balance_type: sideOf(account.sub_type, row.running_balance),
      }));
      const tail = rows[rows.length - 1] as (typeof rows)[number];
      running = tail.running_balance;
      last = { line_date: tail.line_date, id: tail.id, running };
    }
    if (rows.length < pageSize) return;
  }
}
