/**
 * Migration 0034 on a database saved before it: the items already there get their searched text folded as the item
 * search compares it, every item written after too, and the trigram index is on the folded text.
 */
import { ARABIC_FOLD_FROM, foldArabic } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe("migration 0034: the item search's folded text", () => {
  it(
    'folds the items already there as the contract folds a term, every item written after, and indexes it',
    () =>
      acrossMigrations(
        33,
        34,
        async (pool) => {
          await pool.query(`insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
            insert into items (id, store_id, item_name, item_desc, "aliasEn", part_no, pay_price, perch_price) values
              (1, 1, 'إطار كاوتش', 'Tyre', null, '١٢٣', 10, 8), (2, 1, 'مضخة مياة', null, 'Water PUMP', null, 10, 8)`);
        },
        async (pool) => {
          const folded = async () => (await pool.query('select id, search_text from items order by id')).rows;
          expect(await folded()).toEqual([
            { id: 1, search_text: 'اطار كاوتش\ntyre\n\n123' },
            { id: 2, search_text: 'مضخه مياه\n\nwater pump\n' },
          ]);
          // Written after: every letter the contract folds, in each searched column, folded alike.
          await pool.query(
            `insert into items (id, store_id, item_name, item_desc, "aliasEn", part_no, pay_price, perch_price)
              values (3, 1, $1, $1, $1, $1, 10, 8)`,
            [`مصطفى ${ARABIC_FOLD_FROM}`],
          );
          await pool.query(`update items set item_name = 'أحمد', part_no = null where id = 1`);
          const rows = await folded();
          const letters = foldArabic(`مصطفى ${ARABIC_FOLD_FROM}`);
          expect(rows[2]?.search_text).toBe([letters, letters, letters, letters].join('\n'));
          expect(rows[0]?.search_text).toBe('احمد\ntyre\n\n');

          // One trigram index, on the folded text; the unfolded joined text's is gone.
          const indexes = await pool.query(
            `select indexname, indexdef from pg_indexes where tablename = 'items' and indexdef like '%gin_trgm_ops%'`,
          );
          expect(indexes.rows.map((row) => row.indexname)).toEqual(['items_search_text_trgm_idx']);
          expect(indexes.rows[0]?.indexdef).toContain('(search_text gin_trgm_ops)');
          // The search's `like` over the folded text reads it.
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query('set local enable_seqscan = off');
            const plan = await client.query(`explain select id from items where search_text like '%مضخه%'`);
            expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('items_search_text_trgm_idx');
            await client.query('rollback');
          } finally {
            client.release();
          }
        },
      ),
    120_000,
  );
});
