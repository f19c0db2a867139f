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
 * Counts a sign-in attempt before its password is checked, unless the address has its most attempts within its
 * window, or the account tried has its most and this address is one of those that failed on it. Attempts of one
 * address, and of one account, take turns on a lock (address first, always), so forty sent at once cannot all read
 * "nine so far". Answers the attempt's id, or undefined when the caller must wait.
 *
 * An account past its limit stays open to an address that has not failed on it within the window (issue 35): the
 * cashier's own till signs in while strangers guess from theirs. Each such address gets one check, counted like any
 * other, so a wrong one shuts it out too. The first time the account is found past its limit within a window, the
 * activity log of every store the user has says so (`login locked`): the user, the failures and their addresses.
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
      .select({
        n: count(),
        fromHere: sql<number>`count(*) filter (where ${loginFailure.ip} = ${ip})::int`,
      })
      .from(loginFailure)
      .where(and(eq(loginFailure.user_name, account), since(perAccount.windowMs)));
    if ((onAccount?.n ?? 0) >= perAccount.max) {
      await reportLockedAccount(tx, account, perAccount.windowMs);
      if (Number(onAccount?.fromHere ?? 0) > 0) return undefined;
    }
    const [attempt] = await tx
      .insert(loginFailure)
      .values({ ip, user_name: account })
      .returning({ id: loginFailure.id });
    // Keep the table small: attempts older than a day no longer matter.
    await tx.delete(loginFailure).where(lt(loginFailure.at, sql`now() - interval '1 day'`));
    return attempt?.id;
  });
}

/** Addresses named in a `login locked` line at most (the count of failures says how many tried in all). */
const LISTED_ADDRESSES = 10;

/**
 * Tells the administrators that an account is past its limit: a `login locked` line in the activity log of each
 * store the user has, once per window (an account past its limit for an hour is told four times). An unknown name
 * has no store and no log. Called under the account's lock, so two attempts at once write one line.
 */
async function reportLockedAccount(tx: DbOrTx, account: string, windowMs: number) {
  await tx.execute(sql`
    with target as (
      select u.id from users u where lower(u.user_name) = ${account}
    ), failures as (
      select count(*)::int as n, (array_agg(distinct ip order by ip))[1:${LISTED_ADDRESSES}] as addresses
      from login_failure where user_name = ${account} and at > now() - make_interval(secs => ${windowMs / 1000})
    )
    insert into "logHistory" (store_id, user_id, typee, "logToken")
    select us.store_id, t.id, 'login locked',
           jsonb_build_object('user_name', u.user_name, 'failures', f.n, 'addresses', to_jsonb(f.addresses))
    from target t join users u on u.id = t.id join user_store us on us.user_id = t.id, failures f
    where not exists (
      select 1 from "logHistory" l
      where l.store_id = us.store_id and l."dateCreated" > now() - make_interval(secs => ${windowMs / 1000})
        and l.user_id = t.id and l.typee = 'login locked')`);
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
