/**
 * Migration 0022 on a database saved before it: the oldest administrator becomes the owner (only one), and sign-in
 * attempts saved before it (with no account) still count per address.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0022: the owner and sign-in attempts per account', () => {
  it(
    'makes the oldest administrator the one owner',
    () =>
      acrossMigrations(
        17,
        22,
        async (pool) => {
          await pool.query(`
        insert into users (user_name, full_name, password_hash, is_admin) values
          ('cashier', 'كاشير', 'x', false), ('owner', 'المالك', 'x', true), ('branch', 'مدير فرع', 'x', true);
        insert into login_failure (ip) values ('10.0.0.1');`);
        },
        async (pool) => {
          const owners = await pool.query<{ user_name: string }>('select user_name from users where is_owner');
          expect(owners.rows).toEqual([{ user_name: 'owner' }]);
          await expect(pool.query(`update users set is_owner = true where user_name = 'branch'`)).rejects.toThrow();
          const attempts = await pool.query('select ip, user_name from login_failure');
          expect(attempts.rows).toEqual([{ ip: '10.0.0.1', user_name: null }]);
        },
      ),
    120_000,
  );
});
