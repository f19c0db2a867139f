/**
 * Migration 0027 on a database saved before it: sales saved before selling offline carry no device, and from then on
 * one device number names one sale of a device in a store (a number without its device, or below 1, is refused).
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0027: device counters', () => {
  it(
    'leaves old sales without a device and keeps a device number to one sale per store',
    () =>
      acrossMigrations(
        26,
        27,
        async (pool) => {
          await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'), (2, 'om', 'فرع');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, sub_type, account_type) values
          (900, 1, 1, 'عميل', '101', 'debit', 'asset'), (901, 2, 1, 'عميل', '101', 'debit', 'asset');
        insert into trade_document
          (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, discount, pay, changee, pay_date, pay_time)
        values (1, 'pay', 'SH-S-000001', 1, 1, 900, 100, 0, 100, 0, '2026-01-05', '10:00');`);
        },
        async (pool) => {
          const old = await pool.query('select device_id, device_counter from trade_document');
          expect(old.rows).toEqual([{ device_id: null, device_counter: null }]);
          const sale = (payId: number, ref: string, store: number, device: string | null, counter: number | null) =>
            pool.query(
              `insert into trade_document
             (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, discount, pay, changee, pay_date, pay_time,
              device_id, device_counter)
           values ($1, 'pay', $2, $3, 1, $4, 10, 0, 10, 0, '2026-01-06', '10:00', $5, $6)`,
              [payId, ref, store, store === 1 ? 900 : 901, device, counter],
            );
          await sale(2, 'SH-S-000002', 1, 'till-a', 1);
          await sale(3, 'SH-S-000003', 1, 'till-b', 1);
          await sale(4, 'OM-S-000001', 2, 'till-a', 1);
          // The same device and number in the same store is a second sale under one number: refused.
          await expect(sale(5, 'SH-S-000004', 1, 'till-a', 1)).rejects.toThrow(/trade_document_device_uq/);
          await expect(sale(6, 'SH-S-000005', 1, 'till-a', null)).rejects.toThrow(/trade_document_device_pair/);
          await expect(sale(7, 'SH-S-000006', 1, null, 2)).rejects.toThrow(/trade_document_device_pair/);
          await expect(sale(8, 'SH-S-000007', 1, 'till-a', 0)).rejects.toThrow(/trade_document_device_pair/);
          await sale(9, 'SH-S-000008', 1, null, null);
        },
      ),
    120_000,
  );
});
