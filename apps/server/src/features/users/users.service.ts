import { fail, ok, type Result, type SessionUser, type StoreUser } from '@mizan/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { company, session, store, userStore, users, year } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { hashPassword } from '../../lib/password.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { createStoreAccounts } from '../accounts/accounts.defaults.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';

export type NewUser = {
  user_name: string;
  full_name: string;
  password: string;
  store_ids: number[];
  is_admin: boolean;
};

/**
 * A shop that starts without the demo has no company, store or year yet: create the least it needs to sign in
 * (one store with its system accounts, the current calendar year). The owner completes the details in settings.
 */
export async function ensureOrganisation(db: Db, today = new Date()) {
  await db.transaction(async (tx) => {
    const [companies] = await tx.select({ n: count() }).from(company);
    if (!companies?.n) await tx.insert(company).values({ arName: 'شركتي', engName: 'My Company' });
    const [stores] = await tx.select({ n: count() }).from(store);
    if (!stores?.n) {
      const [created] = await tx
        .insert(store)
        .values({ store_ref: 'main', store_name: 'المخزن الرئيسي', location: null })
        .returning({ id: store.id });
      if (created) await createStoreAccounts(tx, created.id);
    }
    const [years] = await tx.select({ n: count() }).from(year);
    if (!years?.n) {
      const y = today.getFullYear();
      await tx
        .insert(year)
        .values({ yearDesc: String(y), yearStart: `${y}-01-01`, yearEnd: `${y}-12-31`, is_current: true });
    }
  });
}

/** Creates a user allowed in the given stores. Input is validated by the contract's CreateUserBody. */
export async function createUser(db: Db, input: NewUser, by?: SessionUser): Promise<Result<StoreUser>> {
  const storeIds = [...new Set(input.store_ids)];
  const known = await db.select({ id: store.id }).from(store).where(inArray(store.id, storeIds));
  if (storeIds.length === 0 || known.length !== storeIds.length) {
    return fail('VALIDATION_FAILED', { store_ids: 'STORE_NOT_FOUND' });
  }
  const password_hash = await hashPassword(input.password);
  try {
    return await inTransaction(db, async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ user_name: input.user_name, full_name: input.full_name, password_hash, is_admin: input.is_admin })
        .returning({
          id: users.id,
          user_name: users.user_name,
          full_name: users.full_name,
          is_admin: users.is_admin,
          is_active: users.is_active,
        });
      if (!created) throw new Error('user insert returned nothing');
      await tx.insert(userStore).values(storeIds.map((store_id) => ({ user_id: created.id, store_id })));
      if (by) {
        await writeLog(tx, {
          store_id: by.store_id,
          user_id: by.id,
          typee: 'insert user',
          logToken: { id: created.id, user_name: created.user_name },
        });
      }
      return ok(created);
    });
  } catch (error) {
    if (violatedUniqueIndex(error) !== undefined) return fail('CONFLICT', { user_name: 'USER_NAME_TAKEN' });
    throw error;
  }
}

export const listStoreUsers = (db: Db, storeId: number) =>
  db
    .select({
      id: users.id,
      user_name: users.user_name,
      full_name: users.full_name,
      is_admin: users.is_admin,
      is_active: users.is_active,
    })
    .from(users)
    .innerJoin(userStore, and(eq(userStore.user_id, users.id), eq(userStore.store_id, storeId)))
    .orderBy(asc(users.full_name));

async function isStoreUser(db: Db, storeId: number, userId: number) {
  const [row] = await db
    .select({ id: userStore.user_id })
    .from(userStore)
    .where(and(eq(userStore.store_id, storeId), eq(userStore.user_id, userId)));
  return row !== undefined;
}

/** Sets a new password for a user of the admin's store and ends that user's sessions. */
export async function resetPassword(
  db: Db,
  admin: SessionUser,
  id: number,
  password: string,
): Promise<Result<{ id: number }>> {
  if (!admin.is_admin) return fail('ADMIN_ONLY');
  if (!(await isStoreUser(db, admin.store_id, id))) return fail('NOT_FOUND');
  const password_hash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    await tx.update(users).set({ password_hash }).where(eq(users.id, id));
    await tx.delete(session).where(eq(session.user_id, id));
    await writeLog(tx, { store_id: admin.store_id, user_id: admin.id, typee: 'reset password', logToken: { id } });
    return ok({ id });
  });
}

/** Disables (or enables again) a user of the admin's store; a disabled user's sessions end at once. */
export async function setUserActive(
  db: Db,
  admin: SessionUser,
  id: number,
  isActive: boolean,
): Promise<Result<{ id: number }>> {
  if (!admin.is_admin) return fail('ADMIN_ONLY');
  if (id === admin.id && !isActive) return fail('VALIDATION_FAILED', { id: 'CANNOT_DISABLE_SELF' });
  if (!(await isStoreUser(db, admin.store_id, id))) return fail('NOT_FOUND');
  return inTransaction(db, async (tx) => {
    await tx.update(users).set({ is_active: isActive }).where(eq(users.id, id));
    if (!isActive) await tx.delete(session).where(eq(session.user_id, id));
    await writeLog(tx, {
      store_id: admin.store_id,
      user_id: admin.id,
      typee: isActive ? 'enable user' : 'disable user',
      logToken: { id },
    });
    return ok({ id });
  });
}
