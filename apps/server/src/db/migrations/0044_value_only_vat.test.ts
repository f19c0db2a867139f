/**
 * Migration 0044 on a database saved before it: the company gets its standard VAT rate (15.00), and the value-only
 * invoices of before get no rate of their own (they charged none, and their edits keep charging none); a rate
 * outside 0–100 cannot be kept.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0044: value-only VAT', () => {
  it(
    'gives the company a standard rate and the value-only invoices of before none',
    () =>
      acrossMigrations(
        41,
        44,
        async (pool) => {
          await pool.query(`
        insert into company ("arName", "engName") values ('ميزان', 'Mizan');
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, sub_type, account_type) values
          (900, 1, 1, 'عميل', '101', 'debit', 'asset');
        insert into trade_document
          (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, discount, pay, changee, pay_date, pay_time,
            value_only)
        values (1, 'pay', 'SH-S-000001', 1, 1, 900, 200, 0, 0, 200, '2026-01-05', '10:00', true);`);
        },
        async (pool) => {
          expect((await pool.query('select vat_rate from company')).rows).toEqual([{ vat_rate: '15.00' }]);
          expect((await pool.query('select vat_rate, "taxTot" from trade_document')).rows).toEqual([
            { vat_rate: null, taxTot: '0.00' },
          ]);
          await expect(pool.query('update trade_document set vat_rate = 101')).rejects.toThrow();
          await expect(pool.query('update company set vat_rate = -1')).rejects.toThrow();
          await pool.query('update trade_document set vat_rate = 0');
          await pool.query('update company set vat_rate = 5');
        },
      ),
    120_000,
  );
});
