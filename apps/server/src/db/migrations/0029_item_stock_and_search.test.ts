/**
 * Migration 0029 on a database saved before it: every item gets its kept current quantity (every year's kept sums in
 * its store) and its minimum beside it, and items written after it get theirs from the triggers; item search gets
 * its trigram indexes.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe("migration 0029: the items' kept current quantity and trigram search", () => {
  it(
    "fills every item's current quantity from its kept sums of every year, and new items follow",
    () =>
      acrossMigrations(
        28,
        29,
        async (pool) => {
          await pool.query(`insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'),
        (2, 'om', 'فرع أم درمان')`);
          await pool.query(`insert into year (id, "yearDesc", "yearStart", "yearEnd") values
        (1, '2026', '2026-01-01', '2026-12-31'), (2, '2025', '2025-01-01', '2025-12-31')`);
          await pool.query(`insert into items (id, store_id, item_name, min_qty, pay_price, perch_price) values
        (1, 1, 'فلتر زيت', 5, 10, 8), (2, 1, 'بوجي', 0, 10, 8), (3, 2, 'فلتر هواء', 2, 10, 8)`);
          // Item 1 moved in both years; item 2 never moved; item 3 is another store's.
          await pool.query(`insert into item_cost (store_id, item_id, "yearId", quantity, value) values
        (1, 1, 2, 7, 56), (1, 1, 1, -3.5, -28), (2, 3, 1, 4, 32)`);
        },
        async (pool) => {
          const kept = await pool.query(
            'select item_id, store_id, quantity::text, min_qty::text from item_stock order by item_id',
          );
          expect(kept.rows).toEqual([
            { item_id: 1, store_id: 1, quantity: '3.500', min_qty: '5.000' },
            { item_id: 2, store_id: 1, quantity: '0.000', min_qty: '0.000' },
            { item_id: 3, store_id: 2, quantity: '4.000', min_qty: '2.000' },
          ]);

          // Written after it, by any path: a new item gets its row, a changed minimum follows, a deleted item goes.
          await pool.query(`insert into items (id, store_id, item_name, min_qty, pay_price, perch_price) values
        (4, 1, 'زيت محرك', 12, 10, 8), (5, 2, 'Oil filter', 1, 10, 8)`);
          await pool.query('update items set min_qty = 6 where id = 1');
          await pool.query('delete from items where id = 2');
          const followed = await pool.query(
            'select item_id, store_id, quantity::text, min_qty::text from item_stock order by item_id',
          );
          expect(followed.rows).toEqual([
            { item_id: 1, store_id: 1, quantity: '3.500', min_qty: '6.000' },
            { item_id: 3, store_id: 2, quantity: '4.000', min_qty: '2.000' },
            { item_id: 4, store_id: 1, quantity: '0.000', min_qty: '12.000' },
            { item_id: 5, store_id: 2, quantity: '0.000', min_qty: '1.000' },
          ]);

          // Search reads one trigram index over the four searched columns, and it finds Arabic and English names.
          const indexes = await pool.query(
            `select indexname from pg_indexes where tablename = 'items' and indexdef like '%gin_trgm_ops%'`,
          );
          expect(indexes.rows.map((row) => row.indexname)).toEqual(['items_search_trgm_idx']);
          const joined = `(coalesce(item_name, '') || ' ' || coalesce(item_desc, '') || ' ' || coalesce("aliasEn", '') || ' ' || coalesce(part_no, ''))`;
          const found = await pool.query(
            `select id from items where ${joined} ilike '%فلتر%' or ${joined} ilike '%FILTER%' order by id`,
          );
          expect(found.rows.map((row) => row.id)).toEqual([1, 3, 5]);
        },
      ),
    120_000,
  );
});
