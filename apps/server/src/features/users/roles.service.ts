/**
 * The roles (docs/permissions.md): the owner renames them and ticks their permissions; an administrator of a store
 * gives each of its users one. The owner's role is every permission and the owner's alone.
 */
import {
  adminRoleIds,
  fail,
  isPermission,
  ok,
  type Result,
  type Role,
  roleIds,
  type SessionUser,
  type UpdateRoleBody,
} from '@mizan/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { role, userStore, users } from '../../db/schema.ts';
import { allPermissionsOf } from '../../lib/permissions.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { isLastAdmin, lockUserManagement, managedUser } from './userReach.ts';

export async function listRoles(db: Db): Promise<Role[]> {
  const rows = await db.select().from(role).orderBy(asc(role.id));
  return rows.map((row) => ({ ...row, key: row.key as Role['key'], permissions: allPermissionsOf(row) }));
}

/** The owner's change of a role: its name, its ticks and its discount limit. */
export async function updateRole(db: Db, owner: SessionUser, input: UpdateRoleBody): Promise<Result<Role>> {
  if (input.id === roleIds.owner) return fail('OWNER_ROLE_FIXED');
  const unknown = input.permissions.find((permission) => !isPermission(permission));
  if (unknown !== undefined) return fail('VALIDATION_FAILED', { permissions: 'INVALID' });
  return inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(role)
      .set({ name: input.name, permissions: [...new Set(input.permissions)], discount_limit: input.discount_limit })
      .where(eq(role.id, input.id))
      .returning();
    if (!updated) return fail<Role>('NOT_FOUND');
    await writeLog(tx, {
      store_id: owner.store_id,
      user_id: owner.id,
      typee: 'update role',
      logToken: { id: updated.id, name: updated.name },
    });
    return ok({ ...updated, key: updated.key as Role['key'], permissions: allPermissionsOf(updated) });
  });
}

/**
 * Gives a user a role in the administrator's current store, under the rules of who manages whom (userReach.ts). The
 * owner's role stays the owner's; a store keeps an administrator.
 */
export async function assignRole(
  db: Db,
  admin: SessionUser,
  userId: number,
  roleId: number,
): Promise<Result<{ id: number }>> {
  return inTransaction(db, async (tx) => {
    await lockUserManagement(tx);
    const target = await managedUser(tx, admin, userId);
    if (!target.ok) return target;
    if (target.value.is_owner || roleId === roleIds.owner) return fail<{ id: number }>('OWNER_ROLE_FIXED');
    const [known] = await tx.select({ id: role.id }).from(role).where(eq(role.id, roleId));
    if (!known) return fail<{ id: number }>('VALIDATION_FAILED', { role_id: 'NOT_FOUND' });
    if (!adminRoleIds.includes(roleId) && (await isLastAdmin(tx, target.value)))
      return fail<{ id: number }>('LAST_ADMIN');
    await tx
      .update(userStore)
      .set({ role_id: roleId })
      .where(and(eq(userStore.user_id, userId), eq(userStore.store_id, admin.store_id)));
    // `users.is_admin`: the user administers some store (what userReach reads of a target).
    await tx
      .update(users)
      .set({
        is_admin: sql`exists (select 1 from user_store us where us.user_id = ${userId}
          and us.role_id in (${roleIds.owner}, ${roleIds.administrator}))`,
      })
      .where(eq(users.id, userId));
    await writeLog(tx, {
      store_id: admin.store_id,
      user_id: admin.id,
      typee: 'assign role',
      logToken: { id: userId, role_id: roleId },
    });
    return ok({ id: userId });
  });
}
