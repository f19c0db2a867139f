import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailure, session, userStore, users } from '../../db/schema.ts';

export async function findActiveUserForStore(db: DbOrTx, userName: string, storeId: number) {
  const [row] = await db
    .select({
      id: users.id,
      user_name: users.user_name,
      full_name: users.full_name,
      is_admin: users.is_admin,
      password_hash: users.password_hash,
      store_id: userStore.store_id,
    })
    .from(users)
    .innerJoin(userStore, and(eq(userStore.user_id, users.id), eq(userStore.store_id, storeId)))
    .where(and(eq(users.user_name, userName), eq(users.is_active, true)));
  return row;
}

export async function countRecentFailures(db: DbOrTx, ip: string, windowMs: number) {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailure)
    .where(and(eq(loginFailure.ip, ip), gt(loginFailure.at, sql`now() - make_interval(secs => ${windowMs / 1000})`)));
  return row?.n ?? 0;
}

export async function recordFailure(db: DbOrTx, ip: string) {
  await db.insert(loginFailure).values({ ip });
  // Keep the table small: failures older than a day no longer matter.
  await db.delete(loginFailure).where(lt(loginFailure.at, sql`now() - interval '1 day'`));
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
