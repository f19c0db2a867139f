/**
 * Migration 0035 on a database saved before it: the records' day sums are filled from the documents (a legacy header
 * awaiting its lines left out), and from then on the database keeps them whatever writes the headers: an insert of
 * several, an update moving one to another day or flag, one that changes no sum, a delete.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe("migration 0035: the records' kept day sums", () => {
  it(
    'fills the days from the documents, then follows every insert, update and delete of them',
    () =>
      acrossMigrations(
        34,
        35,
        async (pool) => {
          await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true);
        insert into accounts (ac_id, ac_name, eng_name, ac_code, ac_type)
          select c, 'صنف ' || c, 'Class ' || c, c::text, 'debit' from unnest(array[1, 2]) c
          where not exists (select 1 from accounts where ac_id = c);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_type) values
          (900, 1, 1, 'عميل', 'debit'), (901, 1, 2, 'مورد', 'credit');
        insert into trade_document (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, discount, pay, changee,
          pay_date, pay_time, value_only, awaiting_lines)
        values (1, 'pay', 'SH-S-000001', 1, 1, 900, 90, 10, 30, 50, '2026-01-05', '10:00', false, false),
          (2, 'pay', 'SH-S-000002', 1, 1, 900, 40, 0, 0, 40, '2026-01-05', '11:00', false, false),
          (3, 'pay', 'SH-S-000003', 1, 1, 900, 70, 0, 0, 70, '2026-01-05', '12:00', false, true),
          (4, 'perch', 'SH-P-000001', 1, 1, 901, 50, 0, 20, 30, '2026-01-06', '10:00', true, false);`);
        },
        async (pool) => {
          const days = async () =>
            (
              await pool.query(`select kind || ' ' || pay_date::text || ' ' || value_only || ' ' || user_id || ': '
                  || documents || ' / ' || tot_pr || ' / ' || discount || ' / ' || pay || ' / ' || changee as day
                from document_day where documents <> 0 order by kind, pay_date, value_only, user_id`)
            ).rows.map((row) => row.day);
          // The header awaiting its lines (3) is not a record yet.
          expect(await days()).toEqual([
            'pay 2026-01-05 false 0: 2 / 130.00 / 10.00 / 30.00 / 90.00',
            'perch 2026-01-06 true 0: 1 / 50.00 / 0.00 / 20.00 / 30.00',
          ]);
          // Several in one statement, on two days.
          await pool.query(`insert into trade_document (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr,
              discount, pay, changee, pay_date, pay_time)
            values (5, 'pay', 'SH-S-000005', 1, 1, 900, 10, 0, 10, 0, '2026-01-05', '13:00'),
              (6, 'pay', 'SH-S-000006', 1, 1, 900, 20, 0, 5, 15, '2026-01-07', '13:00')`);
          // Its lines arrived (3 becomes a record), one moved to another day with another amount, one updated
          // without any sum changing.
          await pool.query('update trade_document set awaiting_lines = false where pay_id = 3');
          await pool.query(`update trade_document set pay_date = '2026-01-07', tot_pr = 45, changee = 45
            where pay_id = 2`);
          await pool.query(`update trade_document set "payComment" = 'ملاحظة' where pay_id = 1`);
          expect(await days()).toEqual([
            'pay 2026-01-05 false 0: 3 / 170.00 / 10.00 / 40.00 / 120.00',
            'pay 2026-01-07 false 0: 2 / 65.00 / 0.00 / 5.00 / 60.00',
            'perch 2026-01-06 true 0: 1 / 50.00 / 0.00 / 20.00 / 30.00',
          ]);
          await pool.query('delete from trade_document where pay_id in (1, 4)');
          expect(await days()).toEqual([
            'pay 2026-01-05 false 0: 2 / 80.00 / 0.00 / 10.00 / 70.00',
            'pay 2026-01-07 false 0: 2 / 65.00 / 0.00 / 5.00 / 60.00',
          ]);
        },
      ),
    60_000,
  );
});
