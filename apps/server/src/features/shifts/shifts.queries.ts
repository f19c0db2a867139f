/**
 * The shifts' reads (docs/shifts.md): a shift by what a call names, its figures from the ledger lines of its
 * documents on its cash box (so an edit or a delete of one of them shows at once), and the record.
 */
import { type CashMove, type Shift, type ShiftReport, toMoneyString, ZERO } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A shift as the service works with it (amounts as the database's decimal strings). */
export type ShiftRow = {
  id: number;
  store_id: number;
  till: string;
  user_id: number | null;
  shift_ref: string;
  opening_float: string;
  money_account_id: number;
  closed_at: string | null;
  closed_date: string | null;
  closed_yearId: number | null;
  counted_cash: string | null;
  expected_at_close: string | null;
};

const shiftColumns = sql`id, store_id, till, user_id, shift_ref, opening_float::text as opening_float,
  money_account_id, to_json(closed_at) #>> '{}' as closed_at, closed_date::text as closed_date, "closed_yearId",
  counted_cash::text as counted_cash, expected_at_close::text as expected_at_close`;

/**
 * The shift a call is about, locked as asked (`update` for a change of the shift, `key share` for a sale that joins
 * it: a close waits for the sales already saving, and every sale after it sees the shift closed): the one named,
 * else the open one of the till named, else the user's own latest open one in the store.
 */
export async function findShift(
  db: DbOrTx,
  storeId: number,
  choice: { shift_id?: number | undefined; till?: string | undefined; user_id?: number },
  lock: 'update' | 'key share' | 'none' = 'none',
): Promise<ShiftRow | undefined> {
  const where = choice.shift_id
    ? sql`id = ${choice.shift_id}`
    : choice.till !== undefined
      ? sql`till = ${choice.till} and closed_at is null`
      : sql`user_id = ${choice.user_id ?? 0} and closed_at is null`;
  const locking = lock === 'none' ? sql`` : lock === 'update' ? sql`for update` : sql`for key share`;
  const { rows } = await db.execute<ShiftRow>(sql`
    select ${shiftColumns} from till_shift where store_id = ${storeId} and ${where}
    order by opened_at desc, id desc limit 1 ${locking}`);
  return rows[0];
}

/** What the drawer should hold and what makes it up, now (the books as they stand). */
export type ShiftFigures = {
  cash_sales: string;
  cash_refunds: string;
  card_sales: string;
  credit_sales: string;
  paid_in: string;
  paid_out: string;
  sales_count: number;
  returns_count: number;
  expected_cash: string;
};

/**
 * The shift's figures from its documents' money lines: on its cash box (cash), on the other money accounts (card or
 * bank), what its sales left on account (credit), and its paid in and out. One statement over the shift's index and
 * the ledger's source index.
 */
export async function shiftFigures(db: DbOrTx, shift: ShiftRow): Promise<ShiftFigures> {
  const { rows } = await db.execute<Omit<ShiftFigures, 'expected_cash'> & { expected_cash: string }>(sql`
    with docs as (
      select pay_id, kind, case when kind = 'pay' then changee else 0 end as credit
      from trade_document where shift_id = ${shift.id}
    ),
    money_lines as (
      select d.kind,
        coalesce(sum(l.debit - l.credit) filter (where l.account_id = ${shift.money_account_id}), 0) as cash,
        coalesce(sum(l.debit - l.credit) filter (where l.account_id <> ${shift.money_account_id} and a.ac_id = 4), 0)
          as other
      from docs d
      join ledger_line l on l.source_kind = d.kind and l.source_id = d.pay_id and l.part = 'money'
      join sub_accounts a on a.id = l.account_id
      group by d.kind
    ),
    moves as (
      select coalesce(sum(amount) filter (where kind = 'in'), 0) as paid_in,
        coalesce(sum(amount) filter (where kind = 'out'), 0) as paid_out
      from shift_cash_move where shift_id = ${shift.id}
    ),
    figures as (
      select
        coalesce((select cash from money_lines where kind = 'pay'), 0) as cash_sales,
        coalesce((select -cash from money_lines where kind = 'sales_returns'), 0) as cash_refunds,
        coalesce((select other from money_lines where kind = 'pay'), 0) as card_sales,
        coalesce((select sum(credit) from docs), 0) as credit_sales,
        (select count(*) from docs where kind = 'pay')::int as sales_count,
        (select count(*) from docs where kind = 'sales_returns')::int as returns_count,
        m.paid_in, m.paid_out
      from moves m
    )
    select cash_sales::numeric(15, 2)::text as cash_sales, cash_refunds::numeric(15, 2)::text as cash_refunds,
      card_sales::numeric(15, 2)::text as card_sales, credit_sales::numeric(15, 2)::text as credit_sales,
      paid_in::numeric(15, 2)::text as paid_in, paid_out::numeric(15, 2)::text as paid_out, sales_count,
      returns_count,
      (${shift.opening_float}::numeric + cash_sales - cash_refunds + paid_in - paid_out)::numeric(15, 2)::text
        as expected_cash
    from figures`);
  const row = rows[0];
  if (!row) throw new Error('shift figures returned nothing');
  return row;
}

/** The shift's paid in and out, in the order they were made. */
async function cashMoves(db: DbOrTx, shiftId: number): Promise<CashMove[]> {
  const { rows } = await db.execute<CashMove>(sql`
    select m.id, m.kind, m.amount::text as amount, m.reason, m.account_id, a.sub_name as account_name,
      m.move_date::text as move_date, to_json(m.created_at) #>> '{}' as created_at, u.full_name as user_name
    from shift_cash_move m
    join sub_accounts a on a.id = m.account_id
    left join users u on u.id = m.user_id
    where m.shift_id = ${shiftId}
    order by m.id`);
  return rows;
}

const listColumns = sql`s.id, s.shift_ref, s.store_id, s.till, s.user_id, u.full_name as user_name,
  s.opening_float::text as opening_float, to_json(s.opened_at) #>> '{}' as opened_at, to_json(s.closed_at) #>> '{}' as closed_at,
  c.full_name as closed_by_name, s.counted_cash::text as counted_cash,
  s.expected_at_close::text as expected_at_close, s.difference::text as difference`;

/** The X report (open) or the Z report (closed) of one shift of the store. */
export async function shiftReport(db: DbOrTx, storeId: number, shiftId: number): Promise<ShiftReport | undefined> {
  const shift = await findShift(db, storeId, { shift_id: shiftId });
  if (!shift) return undefined;
  const { rows } = await db.execute<
    Shift & {
      opening_denominations: ShiftReport['opening_denominations'];
      closing_denominations: ShiftReport['closing_denominations'];
    }
  >(sql`
    select ${listColumns}, s.opening_denominations, s.closing_denominations
    from till_shift s
    left join users u on u.id = s.user_id
    left join users c on c.id = s.closed_by
    where s.id = ${shiftId}`);
  const head = rows[0];
  if (!head) return undefined;
  const figures = await shiftFigures(db, shift);
  const closed = shift.expected_at_close !== null;
  const corrections = closed
    ? (
        await db.execute<{ change: string }>(
          sql`select (${figures.expected_cash}::numeric - ${shift.expected_at_close}::numeric)::numeric(15, 2)::text as change`,
        )
      ).rows[0]?.change
    : undefined;
  return {
    ...head,
    ...figures,
    expected_cash: closed ? (shift.expected_at_close ?? figures.expected_cash) : figures.expected_cash,
    corrections_after_close: corrections ?? toMoneyString(ZERO),
    moves: await cashMoves(db, shift.id),
  };
}

/** The record of the store's shifts, latest first, a page at a time. */
export async function pageShifts(
  db: DbOrTx,
  storeId: number,
  query: { page: number; pageSize: number; till?: string | undefined; open?: boolean | undefined },
) {
  const filters = [
    sql`s.store_id = ${storeId}`,
    ...(query.till !== undefined ? [sql`s.till = ${query.till}`] : []),
    ...(query.open === true ? [sql`s.closed_at is null`] : query.open === false ? [sql`s.closed_at is not null`] : []),
  ];
  const where = sql.join(filters, sql` and `);
  const { rows } = await db.execute<Shift>(sql`
      select ${listColumns} from till_shift s
      left join users u on u.id = s.user_id
      left join users c on c.id = s.closed_by
      where ${where}
      order by s.opened_at desc, s.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const { rows: counted } = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from till_shift s where ${where}`,
  );
  return { data: rows, total: counted[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The store's open shifts, oldest first, each with the cash its X report expects now (the dashboard's tile). */
export async function openShifts(db: DbOrTx, storeId: number) {
  const { rows } = await db.execute<ShiftRow & { user_name: string | null; opened_at: string }>(sql`
    select ${shiftColumns}, to_json(opened_at) #>> '{}' as opened_at,
      (select full_name from users u where u.id = till_shift.user_id) as user_name
    from till_shift where store_id = ${storeId} and closed_at is null order by opened_at, id`);
  const shifts = [];
  for (const shift of rows) {
    const { expected_cash } = await shiftFigures(db, shift);
    shifts.push({
      id: shift.id,
      till: shift.till,
      user_name: shift.user_name,
      opened_at: shift.opened_at,
      expected_cash,
    });
  }
  return shifts;
}
