/**
 * Migration 0038 on a database saved before it: every opening balance (`sub_balance`, which had no date and counted
 * in every year) becomes a dated posting on the book's first day, and not one figure of an open year moves. A store
 * is written as a database of migration 0037 held it (openings on a cash box, two customers, one of them on the
 * credit side, and a supplier; the opening-balance account holding their other side; ledger lines and their kept
 * sums in 2025 and 2026), then the app opens it (every migration, then the start-up steps) and its reports are read
 * through HTTP: trial balances of whole years and of parts starting on the book's first day and inside the years,
 * balance sheets, aging, statements, the accounts' balances with the seed's fields, profit and loss and the cash book.
 * The answers are compared with `__snapshots__/0038_figures.json`, recorded by this same test on the code before the
 * migration (main at 512523e, where migration 0036 was the last; main's 0037 since touches only trade documents): before = after, figure for figure.
 */

import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openBook } from '../../features/book/openBook.ts';
import { ledgerSumsInvariants } from '../../features/posting/ledgerSums.invariants.ts';
import { hashPassword } from '../../lib/password.ts';
import { TestClient } from '../../test/testApp.ts';
import { migrationsUpTo, openServer } from './migrationTesting.ts';

/** What a store of migration 0037 held: accounts with openings, and lines with their kept sums, in two years. */
async function seedBefore(pool: pg.Pool) {
  const hash = await hashPassword('admin123');
  await pool.query(`
    insert into company ("arName", "engName") values ('شركة الاختبار', 'Test Co.');
    insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
    insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
      values (1, '2026', '2026-01-01', '2026-12-31', true), (2, '2025', '2025-01-01', '2025-12-31', false);
    insert into users (id, user_name, full_name, password_hash, is_admin, is_owner)
      values (1, 'admin', 'مدير النظام', '${hash}', true, true);
    insert into user_store (user_id, store_id, role_id) values (1, 1, 1);
    insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, sub_type, sub_balance, cat_id, role, account_type)
    values
      (901, 1, 4, 'الخزينة', '401', 'debit', 1000, 4, 'cash_box', 'asset'),
      (902, 1, 5, 'المبيعات', '501', 'credit', 0, 5, 'sales', 'income'),
      (903, 1, 6, 'المشتريات', '601', 'debit', 0, 5, 'purchases', 'cost_of_sales'),
      (904, 1, 7, 'الأرصدة الافتتاحية', '701', 'credit', 1090.75, 5, 'opening_balance', 'equity'),
      (905, 1, 1, 'عميل أ', '101', 'debit', 250.75, 1, null, 'asset'),
      (906, 1, 1, 'عميل ب', '102', 'debit', -40, 1, null, 'asset'),
      (907, 1, 2, 'مورد', '201', 'credit', 120, 2, null, 'liability');
    insert into ledger_line (store_id, "yearId", account_id, debit, credit, line_date, source_kind, source_id, memo)
    values
      (1, 2, 905, 100, 0, '2025-06-10', 'journal', 1, 'قيد'), (1, 2, 902, 0, 100, '2025-06-10', 'journal', 1, 'قيد'),
      (1, 2, 901, 80, 0, '2025-11-05', 'journal', 2, 'قيد'), (1, 2, 905, 0, 80, '2025-11-05', 'journal', 2, 'قيد'),
      (1, 2, 903, 30, 0, '2025-12-20', 'journal', 3, 'قيد'), (1, 2, 907, 0, 30, '2025-12-20', 'journal', 3, 'قيد'),
      (1, 1, 905, 300, 0, '2026-02-01', 'journal', 4, 'قيد'), (1, 1, 902, 0, 300, '2026-02-01', 'journal', 4, 'قيد'),
      (1, 1, 907, 150, 0, '2026-03-15', 'journal', 5, 'قيد'), (1, 1, 901, 0, 150, '2026-03-15', 'journal', 5, 'قيد'),
      (1, 1, 906, 25, 0, '2026-04-01', 'journal', 6, 'قيد'), (1, 1, 902, 0, 25, '2026-04-01', 'journal', 6, 'قيد');
    insert into account_balance (store_id, "yearId", account_id, debit_total, credit_total)
      select store_id, "yearId", account_id, sum(debit), sum(credit) from ledger_line group by 1, 2, 3;
    insert into account_day (store_id, account_id, "yearId", line_date, source_kind, debit_total, credit_total)
      select store_id, account_id, "yearId", line_date, source_kind, sum(debit), sum(credit)
      from ledger_line group by 1, 2, 3, 4, 5;
    insert into account_month (store_id, "yearId", month, account_id, debit_total, credit_total)
      select store_id, "yearId", date_trunc('month', line_date)::date, account_id, sum(debit), sum(credit)
      from ledger_line group by 1, 2, 3, 4;`);
}

/** The store's figures as the reports answer them. */
async function figures(c: TestClient) {
  const read = async (url: string) => {
    const res = await c.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const accounts = [901, 902, 903, 904, 905, 906, 907];
  const out: Record<string, unknown> = {};
  const trial = async (query: string) => {
    const answer = await read(`/api/sub_accounts/getComprehensiveBalanceSheet?${query}`);
    return {
      rows: answer.data
        .filter((row: { id: number }) => accounts.includes(row.id))
        .map((row: Record<string, unknown>) => [
          row.id,
          row.opening_balance,
          row.debit,
          row.credit,
          row.display_debit,
          row.display_credit,
        ]),
      sums: [answer.total_debit, answer.total_credit, answer.difference],
    };
  };
  const range = (yearId: number, start: string, end: string) =>
    `year_id=${yearId}&search_type=2&start_date=${start}&end_date=${end}`;
  for (const query of [
    'year_id=1',
    'year_id=2',
    range(2, '2025-01-01', '2025-06-30'),
    range(2, '2025-06-11', '2025-12-31'),
    range(1, '2026-01-01', '2026-02-28'),
    range(1, '2026-02-15', '2026-06-30'),
  ])
    out[`trial ${query}`] = await trial(query);
  for (const asOf of ['2025-01-01', '2025-06-30', '2025-12-31', '2026-03-31', '2026-12-31']) {
    const sheet = (await read(`/api/reports/balanceSheet?as_of=${asOf}`)).data[0];
    out[`balance sheet ${asOf}`] = sheet;
  }
  for (const side of ['receivable', 'payable'])
    for (const asOf of ['2025-01-01', '2025-03-31', '2025-12-31', '2026-12-31']) {
      const answer = await read(`/api/reports/aging?side=${side}&as_of=${asOf}&pageSize=200`);
      out[`aging ${side} ${asOf}`] = { data: answer.data, sums: answer.sums };
    }
  for (const id of accounts)
    for (const query of [
      'year_id=1',
      'year_id=2',
      range(2, '2025-01-01', '2025-01-31'),
      range(2, '2025-01-01', '2026-12-31'),
      range(2, '2025-06-01', '2026-02-28'),
      range(1, '2026-01-01', '2026-12-31'),
    ]) {
      const s = await read(`/api/sub_accounts/getStatementWithBalance?account_id=${id}&${query}&limit=100`);
      out[`statement ${id} ${query}`] = [
        s.opening_balance,
        s.opening_balance_type,
        s.total_debit,
        s.total_credit,
        s.closing_balance,
        s.total,
        s.data.map((line: { line_date: string; debit: string; credit: string; running_balance: string }) => [
          line.line_date,
          line.debit,
          line.credit,
          line.running_balance,
        ]),
      ];
    }
  for (const yearId of [1, 2]) {
    const list = await read(`/api/sub_accounts/readWithBalance?yearId=${yearId}&pageSize=200`);
    out[`accounts ${yearId}`] = list.data
      .filter((row: { id: number }) => accounts.includes(row.id))
      .map((row: Record<string, unknown>) => [
        row.id,
        row.sub_balance,
        row.current_balance,
        row.balance_type,
        row.changeeTot,
        row.fromDebitTot,
        row.purchChangeeTot,
        row.toCreditTot,
        row.sub_balance_now,
        row.currentCustumerStatus,
      ]);
    out[`parties ${yearId}`] = (await read(`/api/sub_accounts/getAllCustomerSupplier?yearId=${yearId}`)).data
      .filter((row: { id: number }) => accounts.includes(row.id))
      .map((row: Record<string, unknown>) => [row.id, row.current_balance, row.balance_type, row.sub_balance_now]);
    out[`profit and loss ${yearId}`] = (await read(`/api/reports/profitAndLoss?yearId=${yearId}`)).data[0];
    const cash = await read(`/api/reports/cashBook?yearId=${yearId}&account_id=901`);
    out[`cash book ${yearId}`] = [cash.accounts, cash.opening_balance, cash.closing_balance, cash.total];
  }
  return out;
}

describe('migration 0038: opening balances become dated postings', () => {
  it('changes no figure of any year', async () => {
    const server = await openServer();
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    const before = migrationsUpTo(37);
    try {
      await migrate(drizzle(pool), { migrationsFolder: before });
      await seedBefore(pool);
      await pool.end();
      const database = await openBook({ url: server.url });
      const app = await buildApp({ db: database.db, checkDatabase: database.check });
      await app.ready();
      try {
        // Each opening is two lines on the book's first day, and the kept sums hold them.
        expect(await ledgerSumsInvariants(database.db)).toEqual([]);
        const dated = await database.db.execute<{ id: number; opening_date: string | null; lines: number }>(sql`
          select s.id, s.opening_date::text as opening_date, (select count(*)::int from ledger_line l
            where l.source_kind = 'sub_balance' and l.source_id = s.id) as lines
          from sub_accounts s where s.id between 901 and 907 order by s.id`);
        expect(dated.rows.map((row) => [row.id, row.opening_date, row.lines])).toEqual([
          [901, '2025-01-01', 2],
          [902, null, 0],
          [903, null, 0],
          [904, null, 0],
          [905, '2025-01-01', 2],
          [906, '2025-01-01', 2],
          [907, '2025-01-01', 2],
        ]);
        const c = new TestClient(app);
        const signed = await c.signIn('admin', 'admin123', 1);
        expect(signed.statusCode, signed.body).toBe(200);
        const after = await figures(c);
        // The one figure that reads otherwise, and not a balance: the opening-balance account's legacy debit and
        // credit totals (the seed's `fromDebitTot`, `toCreditTot`) now add its lines, one per opening, instead of
        // their net: 160.00 debit (the other side of the credit-side openings, 40.00 and 120.00) and 1,250.75
        // credit, where they read 0.00 and 1,090.75. Its balance (`current_balance`, `sub_balance_now`) is the same.
        for (const yearId of [1, 2]) {
          const row = (after[`accounts ${yearId}`] as unknown[][]).find((account) => account[0] === 904) ?? [];
          expect([row[5], row[7], row[2], row[8]]).toEqual(['160.00', '1250.75', '1090.75', '1090.75']);
          row[5] = '0.00';
          row[7] = '1090.75';
        }
        await expect(`${JSON.stringify(after, null, 1)}\n`).toMatchFileSnapshot('./__snapshots__/0038_figures.json');
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await server.stop();
      rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
