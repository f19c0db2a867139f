/**
 * Migration 0036 on a database saved before it: each account's month sums are its day sums of that month, of each
 * year, whatever kinds of document the days hold.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe("migration 0036: the accounts' kept month sums", () => {
  it(
    'fills each month from its days',
    () =>
      acrossMigrations(
        35,
        36,
        async (pool) => {
          await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true), (2, '2025', '2025-01-01', '2025-12-31', false);
        insert into accounts (ac_id, ac_name, eng_name, ac_code, ac_type)
          select c, 'صنف ' || c, 'Class ' || c, c::text, 'debit' from unnest(array[1, 4]) c
          where not exists (select 1 from accounts where ac_id = c);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_type) values
          (900, 1, 1, 'عميل', 'debit'), (901, 1, 4, 'الصندوق', 'debit');
        insert into account_day (store_id, account_id, "yearId", line_date, source_kind, debit_total, credit_total)
        values (1, 900, 1, '2026-03-01', 'pay', 100, 0), (1, 900, 1, '2026-03-31', 'pay', 50.25, 0),
          (1, 900, 1, '2026-03-31', 'journal', 0, 30), (1, 900, 1, '2026-04-01', 'pay', 10, 0),
          (1, 901, 1, '2026-03-15', 'journal', 30, 0), (1, 900, 2, '2025-03-10', 'pay', 7, 1);`);
        },
        async (pool) => {
          const months = (
            await pool.query(`select "yearId" || ' ' || month::text || ' ' || account_id || ': ' || debit_total || ' / '
                || credit_total as month from account_month order by "yearId", month, account_id`)
          ).rows.map((row) => row.month);
          expect(months).toEqual([
            '1 2026-03-01 900: 150.25 / 30.00',
            '1 2026-03-01 901: 30.00 / 0.00',
            '1 2026-04-01 900: 10.00 / 0.00',
            '2 2025-03-01 900: 7.00 / 1.00',
          ]);
        },
      ),
    60_000,
  );
});
