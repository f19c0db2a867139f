/**
 * Migration 0025 on a database saved before it: documents saved before VAT carry none (their total with VAT is their
 * net, computed by the database), every existing store gets its two VAT accounts (a name in use steps aside), and
 * what invoices come to (`invoice_remainder.total`) follows the total with VAT.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0025: VAT', () => {
  it(
    'gives old documents no VAT and every store its VAT accounts',
    () =>
      acrossMigrations(
        23,
        25,
        async (pool) => {
          await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'), (2, 'om', 'فرع');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, sub_type, account_type) values
          (900, 1, 1, 'عميل', '101', 'debit', 'asset'),
          (901, 2, 8, 'ضريبة القيمة المضافة - المخرجات', '802', 'credit', 'liability');
        insert into trade_document
          (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, discount, pay, changee, pay_date, pay_time)
        values (1, 'pay', 'SH-S-000001', 1, 1, 900, 200, 20, 50, 130, '2026-01-05', '10:00');`);
        },
        async (pool) => {
          const doc = await pool.query(`select "taxTot", vat_included, total_with_vat from trade_document`);
          expect(doc.rows).toEqual([{ taxTot: '0.00', vat_included: false, total_with_vat: '180.00' }]);
          // Computed by the database: a later VAT follows, and nobody can write it.
          await pool.query(`update trade_document set "taxTot" = 27 where pay_id = 1`);
          expect((await pool.query('select total_with_vat from trade_document')).rows[0].total_with_vat).toBe('207.00');
          await expect(pool.query('update trade_document set total_with_vat = 1')).rejects.toThrow();
          expect((await pool.query('select total from invoice_remainder')).rows[0].total).toBe('207.00');

          const vat = await pool.query<{ store_id: number; role: string; sub_name: string; account_type: string }>(
            `select store_id, role, sub_name, account_type from sub_accounts where role like '%vat' order by 1, 2`,
          );
          expect(vat.rows).toEqual([
            { store_id: 1, role: 'input_vat', sub_name: 'ضريبة القيمة المضافة - المدخلات', account_type: 'asset' },
            { store_id: 1, role: 'output_vat', sub_name: 'ضريبة القيمة المضافة - المخرجات', account_type: 'liability' },
            { store_id: 2, role: 'input_vat', sub_name: 'ضريبة القيمة المضافة - المدخلات', account_type: 'asset' },
            {
              store_id: 2,
              role: 'output_vat',
              sub_name: 'ضريبة القيمة المضافة - المخرجات (النظام)',
              account_type: 'liability',
            },
          ]);
        },
      ),
    120_000,
  );
});
