/**
 * Migration 0024 on a database saved before it: the owner gets the owner role, other administrators the
 * administrator role, everyone else the cashier's, in every store they have; the five roles carry the contract's
 * defaults.
 */
import { defaultRoles, roleIds, roleKeys } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

/** The permissions later migrations added to the roles (0040: till shifts): not yet there after 0024. */
export const addedAfter0024 = new Set([
  'shift',
  'shiftsManage',
  ...['create', 'edit', 'delete', 'backDate', 'others', 'otherDay'].map((action) => `transfer.${action}`),
]);

describe('migration 0024: roles per user and store', () => {
  it(
    'keeps what administrators could do and makes everyone else a cashier',
    () =>
      acrossMigrations(
        23,
        24,
        async (pool) => {
          await pool.query(`
        insert into store (store_ref, store_name) values ('A', 'الأول'), ('B', 'الثاني');
        insert into users (user_name, full_name, password_hash, is_admin, is_owner) values
          ('owner', 'المالك', 'x', true, true), ('branch', 'مدير فرع', 'x', true, false), ('clerk', 'بائع', 'x', false, false);
        insert into user_store (user_id, store_id)
          select u.id, s.id from users u cross join store s where u.user_name <> 'branch' or s.store_ref = 'B';`);
        },
        async (pool) => {
          const held = await pool.query<{ user_name: string; store_ref: string; role_id: number }>(`
        select u.user_name, s.store_ref, us.role_id from user_store us
        join users u on u.id = us.user_id join store s on s.id = us.store_id order by 1, 2`);
          expect(held.rows).toEqual([
            { user_name: 'branch', store_ref: 'B', role_id: roleIds.administrator },
            { user_name: 'clerk', store_ref: 'A', role_id: roleIds.cashier },
            { user_name: 'clerk', store_ref: 'B', role_id: roleIds.cashier },
            { user_name: 'owner', store_ref: 'A', role_id: roleIds.owner },
            { user_name: 'owner', store_ref: 'B', role_id: roleIds.owner },
          ]);
          const roles = await pool.query<{ id: number; key: string; permissions: string[]; discount_limit: string }>(
            'select id, key, permissions, discount_limit from role order by id',
          );
          expect(roles.rows).toEqual(
            roleKeys.map((key) => ({
              id: roleIds[key],
              key,
              permissions: defaultRoles[key].permissions.filter((permission) => !addedAfter0024.has(permission)),
              discount_limit: Number(defaultRoles[key].discount_limit).toFixed(2),
            })),
          );
        },
      ),
    120_000,
  );
});
