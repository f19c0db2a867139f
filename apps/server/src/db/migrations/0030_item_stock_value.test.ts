/**
 * Migration 0030 on a database saved before it: every item's kept current value at cost is filled from its kept sums
 * of every year in its store, to the cent; an item that never moved, or moved in another store, keeps 0.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe("migration 0030: the items' kept current value at cost", () => {
  it(
    "fills every item's current value from its kept sums of every year in its store",
    () =>
      acrossMigrations(
        29,
        30,
        async (pool) => {
          await pool.query(`insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'),
        (2, 'om', 'فرع أم درمان')`);
          await pool.query(`insert into year (id, "yearDesc", "yearStart", "yearEnd") values
        (1, '2026', '2026-01-01', '2026-12-31'), (2, '2025', '2025-01-01', '2025-12-31')`);
          await pool.query(`insert into items (id, store_id, item_name, min_qty, pay_price, perch_price) values
        (1, 1, 'فلتر زيت', 5, 10, 8), (2, 1, 'بوجي', 0, 10, 8), (3, 2, 'فلتر هواء', 2, 10, 8), (4, 1, 'زيت', 0, 10, 8)`);
          // Item 1 moved in both years (a cent that only the exact sum keeps); item 2 never moved; item 3 is another
          // store's; item 4 was emptied (its quantity 0, a value left at cents from rounding below zero).
          await pool.query(`insert into item_cost (store_id, item_id, "yearId", quantity, value) values
        (1, 1, 2, 7, 56.01), (1, 1, 1, -3.5, -28.34), (2, 3, 1, 4, 32), (1, 4, 1, 0, -0.02)`);
          await pool.query(`update item_stock set quantity = c.q from (
            select item_id, sum(quantity) q from item_cost group by item_id) c where c.item_id = item_stock.item_id`);
        },
        async (pool) => {
          const kept = await pool.query(
            'select item_id, store_id, quantity::text, value::text from item_stock order by item_id',
          );
          expect(kept.rows).toEqual([
            { item_id: 1, store_id: 1, quantity: '3.500', value: '27.67' },
            { item_id: 2, store_id: 1, quantity: '0.000', value: '0.00' },
            { item_id: 3, store_id: 2, quantity: '4.000', value: '32.00' },
            { item_id: 4, store_id: 1, quantity: '0.000', value: '-0.02' },
          ]);
          // An item written after it starts at 0.
          await pool.query(`insert into items (id, store_id, item_name, min_qty, pay_price, perch_price) values
        (5, 1, 'Oil filter', 1, 10, 8)`);
          const added = await pool.query('select value::text from item_stock where item_id = 5');
          expect(added.rows).toEqual([{ value: '0.00' }]);
        },
      ),
    120_000,
  );
});
