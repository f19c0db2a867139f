/** Migration 0026 on a database saved before it: every store gets the common scale label layout, and only layouts a scale prints are kept. */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0026: the scale label layout of a store', () => {
  it(
    'gives stores saved before it a 5-digit code and the weight in grams',
    () =>
      acrossMigrations(
        23,
        26,
        async (pool) => {
          await pool.query(`insert into store (store_ref, store_name) values ('sh', 'المخزن الرئيسي')`);
        },
        async (pool) => {
          const stores = await pool.query('select scale_code_digits, scale_value, scale_decimals from store');
          expect(stores.rows).toEqual([{ scale_code_digits: 5, scale_value: 'weight', scale_decimals: 3 }]);
          await expect(pool.query(`update store set scale_code_digits = 7`)).rejects.toThrow();
          await expect(pool.query(`update store set scale_value = 'volume'`)).rejects.toThrow();
        },
      ),
    120_000,
  );
});
