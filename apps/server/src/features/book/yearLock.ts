/**
 * A closed year (`year/close`): nothing dated in it is saved, edited or deleted in the store until an administrator
 * reopens it (`year/reopen`); both are in the activity log. Every posting passes `requireOpenYears` (in `repost`,
 * the one writer), and the trade documents that post nothing (preliminary invoices, orders) pass it in their save.
 *
 * A save reads the lock under a key-share lock of its store's row and a close takes that row for update, so a
 * close waits for the saves already running and every save after it sees the year closed.
 */
import { fail, ok, type Result, refuse, type SessionUser, type Year } from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { yearLock } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { findYear } from '../organisation/currentYear.ts';
import { listYears } from '../organisation/organisation.queries.ts';

/** Refuses with 409 YEAR_CLOSED when the store has closed any of these years. */
export async function requireOpenYears(tx: DbOrTx, storeId: number, yearIds: number[]): Promise<Result<true>> {
  const ids = [...new Set(yearIds)];
  if (ids.length === 0) return ok(true);
  const { rows } = await tx.execute<{ closed: boolean }>(sql`
    select exists (
      select 1 from year_lock l where l.store_id = s.id and l."yearId" = any(${arrayOf(ids)}::int[])
    ) as closed
    from store s where s.id = ${storeId}
    for key share of s`);
  return yearOpenUnless(rows[0]?.closed === true);
}

/** The refusal of a save dated in a closed year, or none: what `requireOpenYears` answers for what it read. */
export const yearOpenUnless = (closed: boolean): Result<true> =>
  closed ? fail('YEAR_CLOSED', { yearId: 'YEAR_CLOSED' }) : ok(true);

/** The years with whether the store has closed each. */
export async function yearsOfStore(db: DbOrTx, storeId: number): Promise<Year[]> {
  const [years, locks] = await Promise.all([
    listYears(db),
    db.select({ yearId: yearLock.yearId }).from(yearLock).where(eq(yearLock.store_id, storeId)),
  ]);
  const closed = new Set(locks.map((lock) => lock.yearId));
  return years.map((row) => ({ ...row, closed: closed.has(row.id) }));
}

/** Closes (`close`) or reopens a year for the administrator's store; answers the year as it now stands. */
export function setYearClosed(db: DbOrTx, admin: SessionUser, yearId: number, close: boolean): Promise<Result<Year>> {
  if (!admin.permissions.includes('yearClose')) return Promise.resolve(refuse('yearClose'));
  return inTransaction(db, async (tx) => {
    if (!(await findYear(tx, yearId))) return fail('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
    await tx.execute(sql`select id from store where id = ${admin.store_id} for update`);
    if (close)
      await tx.insert(yearLock).values({ store_id: admin.store_id, yearId, closed_by: admin.id }).onConflictDoNothing();
    else await tx.delete(yearLock).where(and(eq(yearLock.store_id, admin.store_id), eq(yearLock.yearId, yearId)));
    await writeLog(tx, {
      store_id: admin.store_id,
      user_id: admin.id,
      yearId,
      typee: close ? 'close year' : 'reopen year',
      logToken: { yearId },
    });
    const year = (await yearsOfStore(tx, admin.store_id)).find((row) => row.id === yearId);
    return year ? ok(year) : fail('YEAR_NOT_FOUND');
  });
}
