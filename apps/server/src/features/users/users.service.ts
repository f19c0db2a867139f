import {
  adminRoleIds,
  fail,
  type LogAction,
  ok,
  type Result,
  roleIds,
  type SessionUser,
  type StoreUser,
} from '@mizan/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { company, role, session, store, userStore, users, year } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { hashPassword } from '../../lib/password.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { createStoreAccounts } from '../accounts/accounts.defaults.ts';
import { createDefaultTemplates } from '../journal/journalTemplates.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { isLastAdmin, lockUserManagement, type ManagedUser, managedUser } from './userReach.ts';

export type NewUser = {
  user_name: string;
  full_name: string;
  password: string;
  store_ids: number[];
  is_admin: boolean;
  /** The role in every store given (permissions.ts); by default the administrator's or the cashier's. */
  role_id?: number;
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
      if (created) {
        await createStoreAccounts(tx, created.id);
        await createDefaultTemplates(tx, created.id);
      }
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
      await lockUserManagement(tx);
      // The shop's first administrator is its owner (docs/security.md, "The owner").
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.is_owner, true));
      const is_owner = input.is_admin && owner === undefined;
      // The owner's role is the owner's alone; an administrator role makes an administrator (userReach.ts).
      const role_id = is_owner
        ? roleIds.owner
        : (input.role_id ?? (input.is_admin ? roleIds.administrator : roleIds.cashier));
      if (role_id === roleIds.owner && !is_owner) return fail<StoreUser>('OWNER_ROLE_FIXED');
      const [known] = await tx.select({ id: role.id }).from(role).where(eq(role.id, role_id));
      if (!known) return fail<StoreUser>('VALIDATION_FAILED', { role_id: 'NOT_FOUND' });
      const [created] = await tx
        .insert(users)
        .values({
          user_name: input.user_name,
          full_name: input.full_name,
          password_hash,
          is_admin: adminRoleIds.includes(role_id),
          is_owner,
        })
        .returning({
          id: users.id,
          user_name: users.user_name,
          full_name: users.full_name,
          is_admin: users.is_admin,
          is_active: users.is_active,
        });
      if (!created) throw new Error('user insert returned nothing');
      await tx.insert(userStore).values(storeIds.map((store_id) => ({ user_id: created.id, store_id, role_id })));
      if (by) {
        await writeLog(tx, {
          store_id: by.store_id,
          user_id: by.id,
          typee: 'insert user',
          logToken: { id: created.id, user_name: created.user_name },
        });
      }
      return ok({ ...created, role_id });
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
      role_id: userStore.role_id,
    })
    .from(users)
    .innerJoin(userStore, and(eq(userStore.user_id, users.id), eq(userStore.store_id, storeId)))
    .orderBy(asc(users.full_name));

/** Writes the change into the activity log of every store the user has, so each store's log shows it. */
async function logUserChange(tx: DbOrTx, admin: SessionUser, user: ManagedUser, typee: LogAction) {
  for (const store_id of user.store_ids) {
    await writeLog(tx, { store_id, user_id: admin.id, typee, logToken: { id: user.id, by_store: admin.store_id } });
  }
}

/**
 * Sets a new password for a user and ends that user's sessions. Only an administrator of every store the user has
 * may do it, only the owner for the owner, and no one for the last administrator of a store but that administrator.
 */
export async function resetPassword(
  db: Db,
  admin: SessionUser,
  id: number,
  password: string,
): Promise<Result<{ id: number }>> {
  if (!admin.is_admin) return fail('ADMIN_ONLY');
  const password_hash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    await lockUserManagement(tx);
    const reach = await managedUser(tx, admin, id);
    if (!reach.ok) return reach;
    if (id !== admin.id && (await isLastAdmin(tx, reach.value))) return fail('LAST_ADMIN');
    await tx.update(users).set({ password_hash }).where(eq(users.id, id));
    await tx.delete(session).where(eq(session.user_id, id));
    await logUserChange(tx, admin, reach.value, 'reset password');
    return ok({ id });
  });
}

/**
 * Disables (or enables again) a user; a disabled user's sessions end at once. Who may: as for `resetPassword`; and no
 * store is left without an active administrator.
 */
export async function setUserActive(
  db: Db,
  admin: SessionUser,
  id: number,
  isActive: boolean,
): Promise<Result<{ id: number }>> {
  if (!admin.is_admin) return fail('ADMIN_ONLY');
  if (id === admin.id && !isActive) return fail('VALIDATION_FAILED', { id: 'CANNOT_DISABLE_SELF' });
  return inTransaction(db, async (tx) => {
    await lockUserManagement(tx);
    const reach = await managedUser(tx, admin, id);
    if (!reach.ok) return reach;
    if (!isActive && (await isLastAdmin(tx, reach.value))) return fail('LAST_ADMIN');
    await tx.update(users).set({ is_active: isActive }).where(eq(users.id, id));
    if (!isActive) await tx.delete(session).where(eq(session.user_id, id));
    await logUserChange(tx, admin, reach.value, isActive ? 'enable user' : 'disable user');
    return ok({ id });
  });
}
