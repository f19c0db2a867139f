/**
 * Migration 0042 on a database of three stores saved before it (docs/catalogue.md): items of two stores with the same
 * barcode, or without one the same code, become one catalogue item with its first row's definition; every other item
 * stays its own; each store keeps every figure of its rows (stock, prices, minimum), and every store gets a row of
 * every catalogue item. Then the triggers keep it so: a new item, a new store, a changed definition.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

type Row = {
  store_id: number;
  catalogue: string;
  item_name: string;
  part_no: string | null;
  item_parcode: string | null;
  pay_price: string;
  min_qty: string;
  category: string | null;
  quantity: string;
};

const rows = `
  select i.store_id, l.item_name || '/' || coalesce(l.item_parcode, l.part_no, '-') as catalogue, i.item_name, i.part_no,
    i.item_parcode, i.pay_price, i.min_qty, c.category_name as category, s.quantity
  from items i join items l on l.id = i.catalogue_id
  left join item_categories c on c.id = i.category_id
  join item_stock s on s.item_id = i.id
  order by l.id, i.store_id`;

describe('migration 0042: one catalogue for the company', () => {
  it(
    "joins the stores' same goods, keeps every store's figures, gives every store every item; the triggers keep it",
    () =>
      acrossMigrations(
        41,
        42,
        async (pool) => {
          await pool.query(`insert into store (store_ref, store_name) values ('A', 'الأول'), ('B', 'الثاني'),
            ('C', 'الثالث')`);
          await pool.query(`insert into item_categories (store_id, category_name) values (1, 'زيوت')`);
          const item = (store: number, name: string, code: string | null, barcode: string | null, price: string) =>
            pool.query(
              `insert into items (store_id, item_name, part_no, item_parcode, pay_price, perch_price, min_qty, category_id)
               values ($1, $2, $3, $4, $5, 1, 2, case when $1 = 1 and $2 = 'زيت' then 1 end)`,
              [store, name, code, barcode, price],
            );
          await item(1, 'زيت', 'A1', '111', '10.00');
          await item(1, 'فلتر', 'B1', null, '5.00');
          await item(1, 'شحم', null, null, '3.00');
          await item(1, 'بطارية', 'X', '444', '90.00');
          await item(2, 'زيت محرك', 'A2', '111', '12.00');
          await item(2, 'فلتر هواء', 'B1', null, '7.00');
          await item(2, 'كشاف', 'X', '555', '40.00');
          // Stock the stores had: 4 of store 1's oil, 6 of store 2's.
          await pool.query(`update item_stock set quantity = case item_id when 1 then 4 when 5 then 6 else 0 end`);
        },
        async (pool) => {
          const after = (await pool.query<Row>(rows)).rows;
          const of = (catalogue: string) =>
            after
              .filter((row) => row.catalogue === catalogue)
              .map(({ catalogue: _, ...row }) => row)
              .map((row) => Object.values(row).join(' | '));
          // The oil of both stores is one item, with store 1's definition and category (made in the other stores);
          // each store keeps its price, minimum and stock; store 3 gets the item at store 1's price, no stock.
          expect(of('زيت/111')).toEqual([
            '1 | زيت | A1 | 111 | 10.00 | 2.000 | زيوت | 4.000',
            '2 | زيت | A1 | 111 | 12.00 | 2.000 | زيوت | 6.000',
            '3 | زيت | A1 | 111 | 10.00 | 0.000 | زيوت | 0.000',
          ]);
          // No barcode, the same code: one item.
          expect(of('فلتر/B1')).toEqual([
            '1 | فلتر | B1 |  | 5.00 | 2.000 |  | 0.000',
            '2 | فلتر | B1 |  | 7.00 | 2.000 |  | 0.000',
            '3 | فلتر | B1 |  | 5.00 | 0.000 |  | 0.000',
          ]);
          expect(of('شحم/-')).toEqual([
            '1 | شحم |  |  | 3.00 | 2.000 |  | 0.000',
            '2 | شحم |  |  | 3.00 | 0.000 |  | 0.000',
            '3 | شحم |  |  | 3.00 | 0.000 |  | 0.000',
          ]);
          // Two different goods with one code in two stores stay two; each keeps the code where it was, and where
          // both arrive the first keeps it.
          expect(of('بطارية/444')).toEqual([
            '1 | بطارية | X | 444 | 90.00 | 2.000 |  | 0.000',
            '2 | بطارية |  | 444 | 90.00 | 0.000 |  | 0.000',
            '3 | بطارية | X | 444 | 90.00 | 0.000 |  | 0.000',
          ]);
          expect(of('كشاف/555')).toEqual([
            '1 | كشاف |  | 555 | 40.00 | 0.000 |  | 0.000',
            '2 | كشاف | X | 555 | 40.00 | 2.000 |  | 0.000',
            '3 | كشاف |  | 555 | 40.00 | 0.000 |  | 0.000',
          ]);
          expect(after).toHaveLength(15);

          // A new item of store 2 is stocked in every store; a new store stocks the whole catalogue.
          await pool.query(`insert into items (store_id, item_name, pay_price, perch_price) values (2, 'مساحة', 8, 5)`);
          await pool.query(`insert into store (store_ref, store_name) values ('D', 'الرابع')`);
          const counts = await pool.query(
            'select store_id, count(*)::int as n from items group by store_id order by store_id',
          );
          expect(counts.rows).toEqual([1, 2, 3, 4].map((store_id) => ({ store_id, n: 6 })));
          const wiper = await pool.query(
            `select store_id, pay_price, min_qty from items where item_name = 'مساحة' order by store_id`,
          );
          expect(wiper.rows.map((row) => `${row.store_id} ${row.pay_price} ${row.min_qty}`)).toEqual([
            '1 8.00 0.000',
            '2 8.00 0.000',
            '3 8.00 0.000',
            '4 8.00 0.000',
          ]);
          // The definition changed in one store changes in all; a price stays the store's own.
          await pool.query(`update items set item_name = 'زيت 4 لتر', pay_price = 11 where id = 5`);
          const oil = await pool.query(
            `select store_id, item_name, pay_price from items where catalogue_id = 1 order by store_id`,
          );
          expect(oil.rows.map((row) => `${row.store_id} ${row.item_name} ${row.pay_price}`)).toEqual([
            '1 زيت 4 لتر 10.00',
            '2 زيت 4 لتر 11.00',
            '3 زيت 4 لتر 10.00',
            '4 زيت 4 لتر 10.00',
          ]);
          // A code another store's item holds is refused: codes are the company's.
          await expect(
            pool.query(`insert into items (store_id, item_name, part_no, pay_price, perch_price)
              values (3, 'مكرر', 'B1', 1, 1)`),
          ).rejects.toThrow(/items_store_part_no_uq/);
        },
      ),
    120_000,
  );
});
