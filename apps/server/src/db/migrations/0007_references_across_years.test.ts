/**
 * Migration 0007 on a database saved before it: references repeated in each year (SH-S-000001 in 2025 and in
 * 2026) become unique in their store, and the counter runs on after every number given out.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0007: references unique in their store across years', () => {
  it(
    'renumbers the later year’s repeats after the highest number, keeps the rest, and the counter runs on',
    () =>
      acrossMigrations(
        6,
        7,
        async (pool) => {
          await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي'), (2, 'om', 'فرع');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true), (2, '2025', '2025-01-01', '2025-12-31', false);
        insert into accounts (ac_id, ac_name, eng_name, ac_code, ac_type)
          select 1, 'عملاء', 'Customers', '1', 'debit' where not exists (select 1 from accounts where ac_id = 1);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_type) values (900, 1, 1, 'عميل', 'debit'),
          (901, 2, 1, 'عميل', 'debit');
        insert into trade_document (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, changee, pay_date, pay_time)
        values
          (1, 'pay', 'SH-S-000001', 1, 1, 900, 10, 10, '2026-01-05', '10:00'),
          (2, 'pay', 'SH-S-000002', 1, 1, 900, 10, 10, '2026-01-06', '10:00'),
          (3, 'pay', 'SH-S-000001', 1, 2, 900, 10, 10, '2025-03-01', '10:00'),
          (4, 'perch', 'SH-P-000001', 1, 2, 900, 10, 10, '2025-03-01', '10:00'),
          (5, 'perch', 'SH-P-000001', 1, 1, 900, 10, 10, '2026-03-01', '10:00'),
          (6, 'pay', 'OM-S-000001', 2, 1, 901, 10, 10, '2026-01-05', '10:00');
        insert into document_counter (store_id, "yearId", kind, last)
          values (1, 1, 'pay', 4), (1, 2, 'pay', 1), (1, 1, 'perch', 1), (1, 2, 'perch', 1), (2, 1, 'pay', 1);
      `);
        },
        async (pool) => {
          const refs = await pool.query<{ pay_id: number; pay_ref: string }>(
            'select pay_id, pay_ref from trade_document order by pay_id',
          );
          expect(Object.fromEntries(refs.rows.map((row) => [row.pay_id, row.pay_ref]))).toEqual({
            // 2025 is the earlier year: its documents keep their references; 2026's repeat moves after the highest
            // number given out (year 1's counter had reached 4: a deleted sale's number is not reused).
            1: 'SH-S-000005',
            2: 'SH-S-000002',
            3: 'SH-S-000001',
            4: 'SH-P-000001',
            5: 'SH-P-000002',
            6: 'OM-S-000001',
          });
          const counters = await pool.query<{ store_id: number; kind: string; last: number }>(
            'select store_id, kind, last from document_counter order by store_id, kind',
          );
          expect(counters.rows).toEqual([
            { store_id: 1, kind: 'pay', last: 5 },
            { store_id: 1, kind: 'perch', last: 2 },
            { store_id: 2, kind: 'pay', last: 1 },
          ]);
          await expect(
            pool.query(`update trade_document set pay_ref = 'SH-S-000002' where pay_id = 3`),
          ).rejects.toThrow(/trade_document_ref_uq/);
        },
      ),
    60_000,
  );
});
