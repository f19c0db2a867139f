/**
 * Migration 0037 on a database saved before it: each document gets the VAT terms it was issued under, believed from
 * its own figures before the settings in force (which may have changed since); one whose figures cannot tell takes
 * the settings in force, a return that cannot tell its original's; and from then on a document that charges no VAT
 * cannot carry any.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

/** The documents of every case, in a database whose company's settings in force are given. */
const seed = (registered: boolean, included: boolean) => async (pool: pg.Pool) => {
  await pool.query(`
    insert into company ("arName", "engName", vat_registered, prices_include_vat, "vatNo")
      values ('مؤسسة', 'Est', ${registered}, ${included}, '300123456700003');
    insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
    insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
      values (1, '2026', '2026-01-01', '2026-12-31', true);
    insert into accounts (ac_id, ac_name, eng_name, ac_code, ac_type)
      select c, 'صنف ' || c, 'Class ' || c, c::text, 'debit' from unnest(array[1, 2]) c
      where not exists (select 1 from accounts where ac_id = c);
    insert into sub_accounts (id, store_id, ac_id, sub_name, sub_type) values
      (900, 1, 1, 'عميل', 'debit'), (901, 1, 2, 'مورد', 'credit');
    insert into items (id, store_id, item_name, pay_price, perch_price, tax) values
      (1, 1, 'خاضع', 100, 80, 15), (2, 1, 'معفى', 30, 20, 0);
    insert into trade_document (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, discount, pay, changee,
      "taxTot", vat_included, pay_date, pay_time, value_only, original_pay_id)
    values
      -- VAT on top (though the settings now say prices include it)
      (1, 'pay', 'SH-S-000001', 1, 1, 900, 100, 0, 0, 115, 15, false, '2026-01-05', '10:00', false, null),
      -- prices included VAT
      (2, 'pay', 'SH-S-000002', 1, 1, 900, 115, 0, 0, 115, 15, true, '2026-01-05', '10:00', false, null),
      -- a 15 % line that charged nothing: saved before the company registered
      (3, 'pay', 'SH-S-000003', 1, 1, 900, 100, 0, 0, 100, 0, false, '2026-01-05', '10:00', false, null),
      -- only a 0 % line: the figures cannot tell
      (4, 'pay', 'SH-S-000004', 1, 1, 900, 30, 0, 0, 30, 0, false, '2026-01-05', '10:00', false, null),
      (5, 'perch', 'SH-P-000001', 1, 1, 901, 20, 0, 0, 20, 0, false, '2026-01-05', '10:00', false, null),
      -- value only: cannot tell
      (6, 'pay', 'SH-S-000005', 1, 1, 900, 50, 0, 0, 50, 0, false, '2026-01-05', '10:00', true, null),
      -- a 15 % line discounted to 0.01: its VAT would round to nothing, so it cannot tell
      (7, 'pay', 'SH-S-000006', 1, 1, 900, 1, 0.99, 0, 0.01, 0, false, '2026-01-05', '10:00', false, null),
      -- a return of 2 that cannot tell (0.01 back): its original's terms
      (8, 'sales_returns', 'SH-SR-000001', 1, 1, 900, 0.01, 0, 0, 0.01, 0, false, '2026-01-06', '10:00', false, 2),
      -- a return of 3 charging none on a 15 % line: its own figures
      (9, 'sales_returns', 'SH-SR-000002', 1, 1, 900, 100, 0, 0, 100, 0, false, '2026-01-06', '10:00', false, 3),
      -- a purchase with input VAT
      (10, 'perch', 'SH-P-000002', 1, 1, 901, 80, 0, 0, 92, 12, false, '2026-01-05', '10:00', false, null);
    insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot, tax, vat)
    values (1, 1, 1, 'خاضع', 1, 100, 80, 100, 15, 15), (2, 1, 1, 'خاضع', 1, 115, 80, 115, 15, 15),
      (3, 1, 1, 'خاضع', 1, 100, 80, 100, 15, 0), (4, 1, 2, 'معفى', 1, 30, 20, 30, 0, 0),
      (5, 1, 2, 'معفى', 1, 30, 20, 20, 0, 0), (7, 1, 1, 'خاضع', 1, 1, 80, 1, 15, 0),
      (8, 1, 1, 'خاضع', 0.001, 10, 80, 0.01, 15, 0), (9, 1, 1, 'خاضع', 1, 100, 80, 100, 15, 0),
      (10, 1, 1, 'خاضع', 1, 100, 80, 80, 15, 12);`);
};

const terms = async (pool: pg.Pool) =>
  (
    await pool.query<{ terms: string }>(
      `select pay_id || ': ' || vat_charged || ' ' || vat_included as terms from trade_document order by pay_id`,
    )
  ).rows.map((row) => row.terms);

describe('migration 0037: the VAT terms kept on each document', () => {
  it(
    'believes the figures first; what cannot tell takes the settings in force (registered, prices include VAT)',
    () =>
      acrossMigrations(36, 37, seed(true, true), async (pool) => {
        expect(await terms(pool)).toEqual([
          '1: true false',
          '2: true true',
          '3: false false',
          '4: true true',
          '5: true false',
          '6: true true',
          '7: true true',
          '8: true true',
          '9: false false',
          '10: true false',
        ]);
        // A document that charges no VAT cannot carry any.
        await expect(pool.query(`update trade_document set "taxTot" = 15 where pay_id = 3`)).rejects.toThrow(
          /trade_document_vat_terms/,
        );
        await expect(pool.query(`update trade_document set vat_included = true where pay_id = 9`)).rejects.toThrow(
          /trade_document_vat_terms/,
        );
        // The totals the database computes did not move.
        const totals = await pool.query<{ t: string }>(
          `select string_agg(total_with_vat::text, ' ' order by pay_id) as t from trade_document`,
        );
        expect(totals.rows[0]?.t).toBe('115.00 115.00 100.00 30.00 20.00 50.00 0.01 0.01 100.00 92.00');
      }),
    120_000,
  );

  it(
    'in a company not registered now, what cannot tell charged none',
    () =>
      acrossMigrations(36, 37, seed(false, false), async (pool) => {
        expect(await terms(pool)).toEqual([
          '1: true false',
          '2: true true',
          '3: false false',
          '4: false false',
          '5: false false',
          '6: false false',
          '7: false false',
          '8: true true',
          '9: false false',
          '10: true false',
        ]);
      }),
    120_000,
  );
});
