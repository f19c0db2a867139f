/**
 * Migration 0032 on a database saved before it: accounts' codes and phones, items' codes and barcodes stored in
 * Arabic-Indic or Persian digits are converted to Western digits, except a code whose Western form the store already
 * has or that two rows would share (kept as it was, so the migration never fails on the unique indexes).
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0032: codes in Western digits', () => {
  it(
    'converts codes, barcodes and phones, and leaves a code whose Western form is taken in its store as it was',
    () =>
      acrossMigrations(
        31,
        32,
        async (pool) => {
          await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'), (2, 'om', 'فرع أم درمان');
        insert into accounts (ac_id, ac_name, eng_name, ac_code, ac_type)
          select c, 'صنف ' || c, 'Class ' || c, c::text, 'debit' from unnest(array[1, 2]) c
          where not exists (select 1 from accounts where ac_id = c);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, phone, sub_type) values
          (901, 1, 1, 'عميل بأرقام عربية', '١٠٢', '٠٩١٢ ٣٤٥ ٦٧٨', 'debit'),
          (902, 1, 2, 'مورد بأرقام فارسية', 'S-۲۰۱', '+۲۴۹۱۲۳', 'credit'),
          (903, 1, 1, 'عميل 150', '150', '0912000111', 'debit'),
          (904, 1, 1, 'عميل ١٥٠ مكرر', '١٥٠', null, 'debit'),
          (905, 2, 1, 'عميل المخزن الثاني', '١٥٠', null, 'debit'),
          (906, 1, 1, 'عميل ٣٠٠ أول', '٣٠٠', null, 'debit'),
          (907, 1, 1, 'عميل ٣٠٠ ثان', '۳۰۰', null, 'debit'),
          (908, 1, 1, 'عميل بلا كود', null, null, 'debit');
        insert into items (id, store_id, item_name, part_no, item_parcode, pay_price, perch_price) values
          (1, 1, 'فلتر زيت', 'FLT-٨٠١', '٦٢٨٩٠٠٠٠٠٠٠١٧', 15, 10),
          (2, 1, 'فلتر هواء', 'FLT-802', '6289000000024', 15, 10),
          (3, 1, 'فلتر هواء مكرر', 'FLT-٨٠٢', '۶۲۸۹۰۰۰۰۰۰۰۲۴', 15, 10),
          (4, 2, 'فلتر هواء المخزن الثاني', 'FLT-٨٠٢', '٦٢٨٩٠٠٠٠٠٠٠٢٤', 15, 10),
          (5, 1, 'بوجي', null, null, 15, 10);`);
        },
        async (pool) => {
          const accounts = await pool.query('select id, sub_code, phone from sub_accounts where id > 900 order by id');
          expect(accounts.rows).toEqual([
            { id: 901, sub_code: '102', phone: '0912 345 678' },
            { id: 902, sub_code: 'S-201', phone: '+249123' },
            { id: 903, sub_code: '150', phone: '0912000111' },
            // 150 is account 903's in store 1: left as it was; store 2 has no 150.
            { id: 904, sub_code: '١٥٠', phone: null },
            { id: 905, sub_code: '150', phone: null },
            // Both would become 300: the first is converted, the second left as it was.
            { id: 906, sub_code: '300', phone: null },
            { id: 907, sub_code: '۳۰۰', phone: null },
            { id: 908, sub_code: null, phone: null },
          ]);
          const items = await pool.query('select id, part_no, item_parcode from items order by id');
          expect(items.rows).toEqual([
            { id: 1, part_no: 'FLT-801', item_parcode: '6289000000017' },
            { id: 2, part_no: 'FLT-802', item_parcode: '6289000000024' },
            { id: 3, part_no: 'FLT-٨٠٢', item_parcode: '۶۲۸۹۰۰۰۰۰۰۰۲۴' },
            { id: 4, part_no: 'FLT-802', item_parcode: '6289000000024' },
            { id: 5, part_no: null, item_parcode: null },
          ]);
        },
      ),
    120_000,
  );
});
