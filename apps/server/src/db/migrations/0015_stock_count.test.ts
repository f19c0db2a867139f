/**
 * Migration 0015 on a database saved before it: every existing store gets the stock-adjustment account (a name or
 * code in use steps aside), and a count's id comes from the trade documents' sequence.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0015: stock counts', () => {
  it('gives every store its stock-adjustment account, and counts ids after the invoices’', () =>
    acrossMigrations(
      12,
      15,
      async (pool) => {
        await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'), (2, 'om', 'فرع');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true);
        insert into sub_accounts (store_id, ac_id, sub_name, sub_code, sub_type) values
          (2, 3, 'فروقات الجرد', '603', 'debit'), (1, 1, 'عميل', '101', 'debit');
        insert into sub_accounts (store_id, ac_id, sub_name, sub_type, role) values (1, 1, 'عميل نقدي', 'debit', null);
        insert into trade_document (kind, pay_ref, store_id, "yearId", cust_id, tot_pr, changee, pay_date, pay_time)
        select 'pay', 'SH-S-000001', 1, 1, id, 0, 0, '2026-01-05', '10:00' from sub_accounts where sub_code = '101';
      `);
      },
      async (pool) => {
        const accounts = await pool.query<{ store_id: number; sub_name: string; sub_code: string; ac_id: number }>(
          `select store_id, sub_name, sub_code, ac_id from sub_accounts where role = 'stock_adjustment' order by store_id`,
        );
        expect(accounts.rows).toEqual([
          { store_id: 1, sub_name: 'فروقات الجرد', sub_code: '603', ac_id: 6 },
          { store_id: 2, sub_name: 'فروقات الجرد (النظام)', sub_code: '603-SYS', ac_id: 6 },
        ]);
        const count = await pool.query<{ pay_id: number }>(`
        insert into stock_count (pay_ref, store_id, "yearId", pay_date, pay_time)
        values ('SH-T-000001', 1, 1, '2026-01-06', '10:00') returning pay_id`);
        const invoice = await pool.query<{ pay_id: number }>('select max(pay_id) as pay_id from trade_document');
        expect(count.rows[0]?.pay_id).toBeGreaterThan(invoice.rows[0]?.pay_id ?? Number.POSITIVE_INFINITY);
      },
    ));
});
