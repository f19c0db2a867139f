/** Migration 0026 on a database saved before it: every store gets the common scale label layout, and only layouts a scale prints are kept. */
import { rmSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo, openServer } from './migrationTesting.ts';

describe('migration 0026: the scale label layout of a store', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('gives stores saved before it a 5-digit code and the weight in grams', async () => {
    const server = await openServer();
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    try {
      const db = drizzle(pool);
      const before = migrationsUpTo(23);
      const after = migrationsUpTo(26);
      folders.push(before, after);
      await migrate(db, { migrationsFolder: before });
      await pool.query(`insert into store (store_ref, store_name) values ('sh', 'المخزن الرئيسي')`);

      await migrate(db, { migrationsFolder: after });

      const stores = await pool.query('select scale_code_digits, scale_value, scale_decimals from store');
      expect(stores.rows).toEqual([{ scale_code_digits: 5, scale_value: 'weight', scale_decimals: 3 }]);
      await expect(pool.query(`update store set scale_code_digits = 7`)).rejects.toThrow();
      await expect(pool.query(`update store set scale_value = 'volume'`)).rejects.toThrow();
    } finally {
      await pool.end();
      await server.stop();
    }
  }, 120_000);
});
