/**
 * A user's role in the session's store as the server reads it (docs/permissions.md): the owner's role is every
 * permission whatever its stored ticks say (a permission added later is the owner's at once), and the owner's and
 * the administrator's roles administer the store (`is_admin`).
 */
import { adminRoleIds, allPermissions, type Permission, roleIds, type SessionUser } from '@mizan/contract';
import { role } from '../db/schema.ts';

/** The role's columns a session or sign-in reads beside the user's (join `role` on `user_store.role_id`). */
export const roleColumns = {
  role_id: role.id,
  role_permissions: role.permissions,
  discount_limit: role.discount_limit,
};

type RoleRow = { role_id: number; role_permissions: string[]; discount_limit: string };

/** What a role permits: the owner's is every permission, whatever its stored ticks say. */
export const allPermissionsOf = (row: { id: number; permissions: string[] }): string[] =>
  row.id === roleIds.owner ? [...allPermissions] : row.permissions;

/** The user with what their role in this store permits. */
export function withRole<T extends RoleRow>({
  role_permissions,
  ...row
}: T): Omit<T, 'role_permissions'> & {
  is_admin: boolean;
  permissions: string[];
} {
  const permissions = allPermissionsOf({ id: row.role_id, permissions: role_permissions });
  return { ...row, is_admin: adminRoleIds.includes(row.role_id), permissions };
}

/** Whether the user's role in the session's store permits it. */
export const may = (user: SessionUser, permission: Permission) => user.permissions.includes(permission);

/**
 * An administrator of a store, as the server itself acts for one (the demo's documents, the year-start counts of a
 * join): every permission but the owner's roles.
 */
export function actingAdministrator(user: { id: number; user_name: string; full_name: string }, storeId: number) {
  return withRole({
    ...user,
    store_id: storeId,
    role_id: roleIds.administrator,
    role_permissions: allPermissions.filter((permission) => permission !== 'roles'),
    discount_limit: '100',
  });
}
