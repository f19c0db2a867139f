/**
 * Migration 0046 on a database saved before it: the customers of before carry no price list, and the new tables
 * hold what docs/price-lists.md says: a name once among the company's lists and once among each store's, one price
 * per list, catalogue item and unit (the base unit, null, once too), never a negative price.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0046: price lists', () => {
  it(
    'leaves the customers of before without a list and keeps one price per list, item and unit',
    () =>
      acrossMigrations(
        45,
        46,
        async (pool) => {
          await pool.query(`
        insert into company ("arName", "engName") values ('ميزان', 'Mizan');
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'), (2, 'br', 'الفرع');
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, sub_type, account_type, cat_id) values
          (900, 1, 1, 'عميل الجملة', '101', 'debit', 'asset', 1);
        insert into items (id, store_id, item_name, pay_price, perch_price) values (50, 1, 'صنف', 12.5, 10);`);
        },
        async (pool) => {
          expect((await pool.query('select price_list_id from sub_accounts where id = 900')).rows).toEqual([
            { price_list_id: null },
          ]);
          const { rows: lists } = await pool.query<{ id: number }>(`
            insert into price_list (store_id, name) values (null, 'جملة'), (1, 'جملة'), (2, 'جملة') returning id`);
          const [company] = lists;
          await expect(pool.query(`insert into price_list (store_id, name) values (null, 'جملة')`)).rejects.toThrow();
          await expect(pool.query(`insert into price_list (store_id, name) values (1, 'جملة')`)).rejects.toThrow();
          await expect(pool.query(`insert into price_list (store_id, name) values (1, '  ')`)).rejects.toThrow();
          const { rows: items } = await pool.query<{ catalogue_id: number }>(
            'select catalogue_id from items where id = 50',
          );
          const catalogueId = items[0]?.catalogue_id;
          await pool.query('insert into price_list_item (price_list_id, catalogue_id, price) values ($1, $2, 11)', [
            company?.id,
            catalogueId,
          ]);
          await expect(
            pool.query('insert into price_list_item (price_list_id, catalogue_id, price) values ($1, $2, 10)', [
              company?.id,
              catalogueId,
            ]),
          ).rejects.toThrow();
          await pool.query(
            `insert into price_list_item (price_list_id, catalogue_id, unit, price) values ($1, $2, 'كرتونة', 130)`,
            [company?.id, catalogueId],
          );
          await expect(
            pool.query('insert into price_list_item (price_list_id, catalogue_id, price) values ($1, 99, -1)', [
              company?.id,
            ]),
          ).rejects.toThrow();
          await pool.query('update sub_accounts set price_list_id = $1 where id = 900', [company?.id]);
          await expect(pool.query('update sub_accounts set price_list_id = 999999 where id = 900')).rejects.toThrow();
          // A list's prices go with it.
          await pool.query('update sub_accounts set price_list_id = null');
          await pool.query('delete from price_list where id = $1', [company?.id]);
          expect((await pool.query('select count(*)::int as n from price_list_item')).rows).toEqual([{ n: 0 }]);
        },
      ),
    120_000,
  );
});
