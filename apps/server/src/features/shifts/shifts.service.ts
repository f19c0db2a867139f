/**
 * Till shifts (docs/shifts.md): open with a counted float, paid in and out, close with the cash counted against
 * what the books expect (the difference posted to over/short on the close's day), and a manager's reopen. Each in
 * one transaction that a refusal rolls back whole; the shift's row is locked for the change, so a close waits for
 * the sales already saving on the shift (they hold it in key-share mode) and every sale after it sees it closed.
 */
import {
  addMoney,
  type Denomination,
  fail,
  formatBookReference,
  type Money,
  multiplyMoney,
  ok,
  parseMoney,
  type Result,
  refuse,
  type SessionUser,
  type ShiftCashMoveBody,
  type ShiftCloseBody,
  type ShiftOpenBody,
  subtractMoney,
  toMoneyString,
  ZERO,
} from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { shiftCashMove, tillShift } from '../../db/schema.ts';
import { nowTime, today } from '../../lib/clock.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { repost } from '../posting/repost.ts';
import { yearContaining } from '../reports/reports.queries.ts';
import { nextSequence, storeOf } from '../trade/trade.queries.ts';
import { cashMoveReposting, closeReposting } from './shift.posting.ts';
import { findShift, type ShiftRow, shiftFigures } from './shifts.queries.ts';

const amount = (text: string) => parseMoney(text) ?? ZERO;

/** A count by denomination adds up to the amount typed (none sent: nothing to check). */
const denominationsAgree = (total: string, denominations: Denomination[] | undefined) =>
  denominations === undefined ||
  addMoney(ZERO, ...denominations.map((d) => multiplyMoney(amount(d.value), String(d.count)))) === amount(total);

const storedDenominations = (denominations: Denomination[] | undefined) =>
  denominations?.map((d) => ({ value: toMoneyString(amount(d.value)), count: d.count })) ?? null;

/** The store's accounts a shift posts to, by their role. */
async function shiftAccounts(tx: Tx, storeId: number) {
  const { rows } = await tx.execute<{ id: number; role: string }>(sql`
    select id, role from sub_accounts where store_id = ${storeId}
      and role in ('cash_box', 'cash_over_short', 'cash_paid_in', 'cash_paid_out')`);
  const of = (role: string) => {
    const found = rows.find((row) => row.role === role);
    if (!found) throw new Error(`store ${storeId} has no ${role} account`);
    return found.id;
  };
  return {
    cashBox: of('cash_box'),
    overShort: of('cash_over_short'),
    paidIn: of('cash_paid_in'),
    paidOut: of('cash_paid_out'),
  };
}

/** The accounting year of a day the shift posts on (today): refused when no year holds it. */
async function yearOfDay(tx: Tx, day: string): Promise<Result<number>> {
  const found = await yearContaining(tx, day);
  return found ? ok(found.id) : fail('DATE_OUTSIDE_YEAR', { date: 'DATE_OUTSIDE_YEAR' });
}

/** A cashier changes their own shift; another's takes `shiftsManage` (a manager). */
const othersShiftRefusal = (user: SessionUser, shift: ShiftRow) =>
  shift.user_id !== user.id && !user.permissions.includes('shiftsManage') ? refuse<never>('shiftsManage') : undefined;

export function openShift(db: Db, user: SessionUser, body: ShiftOpenBody): Promise<Result<number>> {
  if (!denominationsAgree(body.opening_float, body.denominations))
    return Promise.resolve(fail('VALIDATION_FAILED', { denominations: 'DENOMINATIONS_NOT_SUM' }));
  return inTransaction(db, async (tx) => {
    if (await findShift(tx, user.store_id, { till: body.till }))
      return fail<number>('SHIFT_ALREADY_OPEN', { till: 'SHIFT_ALREADY_OPEN' });
    const { cashBox } = await shiftAccounts(tx, user.store_id);
    const { store_ref } = await storeOf(tx, user.store_id);
    const sequence = await nextSequence(tx, user.store_id, 'till_shift');
    let id: number;
    try {
      const [row] = await tx
        .insert(tillShift)
        .values({
          store_id: user.store_id,
          till: body.till,
          user_id: user.id,
          shift_ref: formatBookReference(store_ref, 'tillShift', sequence),
          opening_float: toMoneyString(amount(body.opening_float)),
          opening_denominations: storedDenominations(body.denominations),
          money_account_id: cashBox,
          opened_date: today(),
        })
        .returning({ id: tillShift.id });
      if (!row) throw new Error('shift insert returned nothing');
      id = row.id;
    } catch (error) {
      // Two tills opened at once under one name: the one-open-shift index keeps one.
      if (violatedUniqueIndex(error) === 'till_shift_one_open_uq')
        return fail<number>('SHIFT_ALREADY_OPEN', { till: 'SHIFT_ALREADY_OPEN' });
      throw error;
    }
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'open shift',
      logToken: { shift_id: id, till: body.till, opening_float: body.opening_float },
    });
    return ok(id);
  });
}

/** The shift a change is about, locked for it, open, and the user's (or the user manages shifts). */
async function openShiftFor(
  tx: Tx,
  user: SessionUser,
  choice: { shift_id?: number | undefined; till?: string | undefined },
): Promise<Result<ShiftRow>> {
  const shift = await findShift(tx, user.store_id, { ...choice, user_id: user.id }, 'update');
  if (!shift) return fail(choice.shift_id ? 'NOT_FOUND' : 'SHIFT_NOT_OPEN');
  const refused = othersShiftRefusal(user, shift);
  if (refused) return refused;
  if (shift.closed_at !== null) return fail('SHIFT_CLOSED');
  return ok(shift);
}

export function cashMove(db: Db, user: SessionUser, body: ShiftCashMoveBody): Promise<Result<number>> {
  return inTransaction(db, async (tx) => {
    const shift = await openShiftFor(tx, user, body);
    if (!shift.ok) return shift;
    const accounts = await shiftAccounts(tx, user.store_id);
    const accountId = body.account_id ?? (body.kind === 'in' ? accounts.paidIn : accounts.paidOut);
    if (body.account_id !== undefined) {
      const { rows } = await tx.execute<{ id: number }>(
        sql`select id from sub_accounts where id = ${body.account_id} and store_id = ${user.store_id}`,
      );
      if (rows.length === 0 || body.account_id === shift.value.money_account_id)
        return fail<number>('ACCOUNT_NOT_FOUND', { account_id: 'ACCOUNT_NOT_FOUND' });
    }
    const day = today();
    const yearId = await yearOfDay(tx, day);
    if (!yearId.ok) return yearId;
    const [row] = await tx
      .insert(shiftCashMove)
      .values({
        shift_id: shift.value.id,
        store_id: user.store_id,
        yearId: yearId.value,
        kind: body.kind,
        amount: toMoneyString(amount(body.amount)),
        reason: body.reason,
        account_id: accountId,
        move_date: day,
        user_id: user.id,
      })
      .returning({ id: shiftCashMove.id });
    if (!row) throw new Error('cash move insert returned nothing');
    await repost(tx, [
      cashMoveReposting(
        { store_id: user.store_id, yearId: yearId.value, date: day, time: nowTime(), reference: shift.value.shift_ref },
        {
          id: row.id,
          kind: body.kind,
          amount: amount(body.amount),
          reason: body.reason,
          account_id: accountId,
          cash_box: shift.value.money_account_id,
        },
        true,
      ),
    ]);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'shift cash move',
      logToken: { shift_id: shift.value.id, kind: body.kind, amount: body.amount, reason: body.reason },
    });
    return ok(shift.value.id);
  });
}

/** What the close posts for a difference, with the shift's accounts. */
export async function shiftCloseReposting(
  tx: Tx,
  shift: Pick<ShiftRow, 'id' | 'store_id' | 'shift_ref' | 'money_account_id'> & { yearId: number; date: string },
  difference: Money | undefined,
  fresh: boolean,
) {
  const { overShort } = await shiftAccounts(tx, shift.store_id);
  return closeReposting(
    { store_id: shift.store_id, yearId: shift.yearId, date: shift.date, time: '23:59:59', reference: shift.shift_ref },
    { id: shift.id, cash_box: shift.money_account_id, over_short: overShort },
    difference,
    fresh,
  );
}

export function closeShift(db: Db, user: SessionUser, body: ShiftCloseBody): Promise<Result<number>> {
  if (!denominationsAgree(body.counted, body.denominations))
    return Promise.resolve(fail('VALIDATION_FAILED', { denominations: 'DENOMINATIONS_NOT_SUM' }));
  return inTransaction(db, async (tx) => {
    const shift = await openShiftFor(tx, user, body);
    if (!shift.ok) return shift;
    const day = today();
    const yearId = await yearOfDay(tx, day);
    if (!yearId.ok) return yearId;
    const { expected_cash } = await shiftFigures(tx, shift.value);
    const counted = amount(body.counted);
    const difference = subtractMoney(counted, amount(expected_cash));
    await tx
      .update(tillShift)
      .set({
        closed_at: sql`now()`,
        closed_date: day,
        closed_by: user.id,
        closed_yearId: yearId.value,
        counted_cash: toMoneyString(counted),
        closing_denominations: storedDenominations(body.denominations),
        expected_at_close: expected_cash,
        difference: toMoneyString(difference),
      })
      .where(eq(tillShift.id, shift.value.id));
    await repost(tx, [
      await shiftCloseReposting(tx, { ...shift.value, yearId: yearId.value, date: day }, difference, true),
    ]);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'close shift',
      logToken: { shift_id: shift.value.id, counted: toMoneyString(counted), expected: expected_cash },
    });
    return ok(shift.value.id);
  });
}

/**
 * A manager reopens a closed shift (a count made too soon): what its close posted is taken back, and it takes
 * sales again until it is closed anew. Refused while another shift is open on its till.
 */
export function reopenShift(db: Db, user: SessionUser, shiftId: number): Promise<Result<number>> {
  return inTransaction(db, async (tx) => {
    const shift = await findShift(tx, user.store_id, { shift_id: shiftId }, 'update');
    if (!shift) return fail<number>('NOT_FOUND');
    if (shift.closed_at === null || shift.closed_yearId === null || shift.closed_date === null) return ok(shift.id);
    const other = await findShift(tx, user.store_id, { till: shift.till });
    if (other) return fail<number>('SHIFT_STILL_OPEN', { till: 'SHIFT_STILL_OPEN' });
    await repost(tx, [
      await shiftCloseReposting(
        tx,
        { ...shift, yearId: shift.closed_yearId, date: shift.closed_date },
        undefined,
        false,
      ),
    ]);
    await tx
      .update(tillShift)
      .set({
        closed_at: null,
        closed_date: null,
        closed_by: null,
        closed_yearId: null,
        counted_cash: null,
        closing_denominations: null,
        expected_at_close: null,
        difference: null,
      })
      .where(eq(tillShift.id, shift.id));
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'reopen shift',
      logToken: { shift_id: shift.id },
    });
    return ok(shift.id);
  });
}

/**
 * An offline sale of a shift already closed reaches the server: its cash was in the drawer when it was counted, so
 * the close's expected cash takes it in and the over/short is posted again on the close's day (what the count found
 * missing may have been this very sale). Answers the close's new posting for the sale's save to post with it.
 */
export async function lateSaleOfClosedShift(tx: Tx, shift: ShiftRow, cashOfSale: Money) {
  if (shift.closed_yearId === null || shift.closed_date === null || shift.expected_at_close === null)
    throw new Error(`shift ${shift.id} is not closed`);
  const expected = addMoney(amount(shift.expected_at_close), cashOfSale);
  const difference = subtractMoney(amount(shift.counted_cash ?? '0'), expected);
  await tx
    .update(tillShift)
    .set({ expected_at_close: toMoneyString(expected), difference: toMoneyString(difference) })
    .where(eq(tillShift.id, shift.id));
  return shiftCloseReposting(tx, { ...shift, yearId: shift.closed_yearId, date: shift.closed_date }, difference, false);
}
