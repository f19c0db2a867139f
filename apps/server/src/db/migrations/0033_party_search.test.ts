/**
 * Migration 0033 on a database saved before it: the accounts already there get their name and code folded as the
 * party search compares them, and the database folds every account written after.
 */
import { ARABIC_FOLD_FROM, foldArabic } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe("migration 0033: the party search's folded names and codes", () => {
  it('folds the accounts already there as the contract folds a term, and every account written after', () =>
    acrossMigrations(
      32,
      33,
      async (pool) => {
        await pool.query(`
          insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
          insert into accounts (ac_id, ac_name, eng_name, ac_code, ac_type)
            select c, 'صنف ' || c, 'Class ' || c, c::text, 'debit' from unnest(array[1, 2]) c
            where not exists (select 1 from accounts where ac_id = c);
          insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, sub_type, account_type) values
            (900, 1, 1, 'مكتبة الإسراء', '٨٨٠١', 'debit', 'asset'), (901, 1, 2, 'Nile Tools', null, 'credit', 'liability');`);
      },
      async (pool) => {
        const folded = async () =>
          (await pool.query('select sub_name, sub_code, search_name, search_code from sub_accounts order by id')).rows;
        expect(await folded()).toEqual([
          { sub_name: 'مكتبة الإسراء', sub_code: '٨٨٠١', search_name: 'مكتبه الاسراء', search_code: '8801' },
          { sub_name: 'Nile Tools', sub_code: null, search_name: 'nile tools', search_code: null },
        ]);
        // Written after: every letter the contract folds, folded alike.
        await pool.query(
          `insert into sub_accounts (id, store_id, ac_id, sub_name, sub_type, account_type) values (902, 1, 1, $1, 'debit', 'asset')`,
          [`مصطفى ${ARABIC_FOLD_FROM}`],
        );
        await pool.query(`update sub_accounts set sub_name = 'أحمد' where id = 901`);
        const rows = await folded();
        expect(rows[2]?.search_name).toBe(foldArabic(`مصطفى ${ARABIC_FOLD_FROM}`));
        expect(rows[1]?.search_name).toBe('احمد');
      },
    ));
});
