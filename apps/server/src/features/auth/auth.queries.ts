import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loginFailure, role, session, userStore, users } from '../../db/schema.ts';
import { roleColumns, withRole } from '../../lib/permissions.ts';

export async function findActiveUserForStore(db: DbOrTx, userName: string, storeId: number) {
  const [row] = await db
    .select({
      id: users.id,
      user_name: users.user_name,
      full_name: users.full_name,
      password_hash: users.password_hash,
      store_id: userStore.store_id,
      ...roleColumns,
    })
    .from(users)
    .innerJoin(userStore, and(eq(userStore.user_id, users.id), eq(userStore.store_id, storeId)))
    .innerJoin(role, eq(role.id, userStore.role_id))
    .where(and(eq(users.user_name, userName), eq(users.is_active, true)));
  return row && withRole(row);
}

export type AttemptLimit = { windowMs: number; max: number };

const since = (windowMs: number) => gt(loginFailure.at, sql`now() - make_interval(secs => ${windowMs / 1000})`);

/**
 * Counts a sign-in attempt before its password is checked, unless the address, or the account tried, already has
 * its most attempts within its window. Attempts of one address, and of one account, take turns on a lock (address
 * first, always), so forty sent at once cannot all read "nine so far". Answers the attempt's id, or undefined when
 * the caller must wait.
 */
export function startAttempt(
  db: Db,
  ip: string,
  userName: string,
  perAddress: AttemptLimit,
  perAccount: AttemptLimit,
): Promise<number | undefined> {
  const account = userName.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mizan sign-in ${ip}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mizan sign-in account ${account}`}))`);
    const [fromAddress] = await tx
      .select({ n: count() })
      .from(loginFailure)
      .where(and(eq(loginFailure.ip, ip), since(perAddress.windowMs)));
    if ((fromAddress?.n ?? 0) >= perAddress.max) return undefined;
    const [onAccount] = await tx
      .select({ n: count() })
      .from(loginFailure)
      .where(and(eq(loginFailure.user_name, account), since(perAccount.windowMs)));
    if ((onAccount?.n ?? 0) >= perAccount.max) return undefined;
    const [attempt] = await tx
      .insert(loginFailure)
      .values({ ip, user_name: account })
      .returning({ id: loginFailure.id });
    // Keep the table small: attempts older than a day no longer matter.
    await tx.delete(loginFailure).where(lt(loginFailure.at, sql`now() - interval '1 day'`));
    return attempt?.id;
  });
}

/** A successful attempt is not a guess: it stops counting. The failures before it still count. */
export async function forgetSuccessfulAttempt(db: DbOrTx, attemptId: number) {
  await db.delete(loginFailure).where(eq(loginFailure.id, attemptId));
}

export async function insertSession(db: DbOrTx, row: typeof session.$inferInsert) {
  await db.insert(session).values(row);
  await db.delete(session).where(lt(session.expires_at, sql`now()`));
}

export function deleteSession(db: DbOrTx, id: string) {
  return db
    .delete(session)
    .where(eq(session.id, id))
    .returning({ user_id: session.user_id, store_id: session.store_id });
}
