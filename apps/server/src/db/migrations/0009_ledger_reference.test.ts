/**
 * Migration 0009 on a database saved before it: ledger lines get their document's reference and an Arabic memo
 * (the payment lines told from the charge), where the document that posted them is known.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0009: ledger lines carry their reference and memo', () => {
  it(
    'fills the reference and memo of the lines a sale and a purchase posted, and leaves unknown sources empty',
    () =>
      acrossMigrations(
        8,
        9,
        async (pool) => {
          await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true);
        insert into accounts (ac_id, ac_name, eng_name, ac_code, ac_type)
          select c, 'صنف ' || c, 'Class ' || c, c::text, 'debit' from unnest(array[1, 2, 7, 8, 9]) c
          where not exists (select 1 from accounts where ac_id = c);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_type, role) values
          (900, 1, 1, 'عميل', 'debit', null), (901, 1, 2, 'مورد', 'credit', null),
          (902, 1, 7, 'خزينة', 'debit', 'cash_box'), (903, 1, 8, 'مبيعات', 'credit', 'sales'),
          (904, 1, 9, 'مشتريات', 'debit', 'purchases');
        insert into trade_document (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, pay, changee, pay_date, pay_time)
        values (1, 'pay', 'SH-S-000001', 1, 1, 900, 90, 30, 60, '2026-01-05', '10:00'),
          (2, 'perch', 'SH-P-000001', 1, 1, 901, 50, 20, 30, '2026-01-06', '10:00');
        insert into ledger_line (id, store_id, "yearId", account_id, debit, credit, line_date, source_kind, source_id)
        values (1, 1, 1, 900, 90, 0, '2026-01-05', 'pay', 1), (2, 1, 1, 903, 0, 90, '2026-01-05', 'pay', 1),
          (3, 1, 1, 902, 30, 0, '2026-01-05', 'pay', 1), (4, 1, 1, 900, 0, 30, '2026-01-05', 'pay', 1),
          (5, 1, 1, 904, 50, 0, '2026-01-06', 'perch', 2), (6, 1, 1, 901, 0, 50, '2026-01-06', 'perch', 2),
          (7, 1, 1, 901, 20, 0, '2026-01-06', 'perch', 2), (8, 1, 1, 902, 0, 20, '2026-01-06', 'perch', 2),
          (9, 1, 1, 902, 5, 0, '2026-01-07', 'unknown', 1);
      `);
        },
        async (pool) => {
          const lines = await pool.query<{ id: number; reference: string | null; memo: string | null }>(
            'select id::int, reference, memo from ledger_line order by id',
          );
          const sale = 'فاتورة مبيعات';
          const purchase = 'فاتورة مشتريات';
          expect(lines.rows.map((row) => [row.id, row.reference, row.memo])).toEqual([
            [1, 'SH-S-000001', sale],
            [2, 'SH-S-000001', sale],
            [3, 'SH-S-000001', `المدفوع على ${sale}`],
            [4, 'SH-S-000001', `المدفوع على ${sale}`],
            [5, 'SH-P-000001', purchase],
            [6, 'SH-P-000001', purchase],
            [7, 'SH-P-000001', `المدفوع على ${purchase}`],
            [8, 'SH-P-000001', `المدفوع على ${purchase}`],
            [9, null, null],
          ]);
        },
      ),
    60_000,
  );
});
