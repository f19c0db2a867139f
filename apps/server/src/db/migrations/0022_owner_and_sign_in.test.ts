/**
 * Migration 0022 on a database saved before it: the oldest administrator becomes the owner (only one), and sign-in
 * attempts saved before it (with no account) still count per address.
 */
import { rmSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo, openServer } from './migrationTesting.ts';

describe('migration 0022: the owner and sign-in attempts per account', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('makes the oldest administrator the one owner', async () => {
    const server = await openServer();
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    try {
      const db = drizzle(pool);
      const before = migrationsUpTo(17);
      const after = migrationsUpTo(22);
      folders.push(before, after);
      await migrate(db, { migrationsFolder: before });
      await pool.query(`
        insert into users (user_name, full_name, password_hash, is_admin) values
          ('cashier', 'كاشير', 'x', false), ('owner', 'المالك', 'x', true), ('branch', 'مدير فرع', 'x', true);
        insert into login_failure (ip) values ('10.0.0.1');`);

      await migrate(db, { migrationsFolder: after });

      const owners = await pool.query<{ user_name: string }>('select user_name from users where is_owner');
      expect(owners.rows).toEqual([{ user_name: 'owner' }]);
      await expect(pool.query(`update users set is_owner = true where user_name = 'branch'`)).rejects.toThrow();
      const attempts = await pool.query('select ip, user_name from login_failure');
      expect(attempts.rows).toEqual([{ ip: '10.0.0.1', user_name: null }]);
    } finally {
      await pool.end();
      await server.stop();
    }
  }, 120_000);
});
