/**
 * Migration 0016 and the start-up step that joins the separate years saved before one book. What changes for data
 * saved before it: a store that opened in 2025 (10 @ 5.00), sold 4 in December, and typed 7 as its 2026 opening
 * (each year was its own book, so 2026 started from what was typed). In one book that 2026 opening would count on
 * top of the 6 that 2025 left (13 on the shelf); joined, it becomes a stock count at 2026's first moment from 6 to 7
 * (+1 at the average, 5.00), so 2026 still opens with the 7 that were typed, and 2025 is as it was.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo, openServer } from '../../db/migrations/migrationTesting.ts';
import * as schema from '../../db/schema.ts';
import { storeAccountsUntyped } from '../accounts/accounts.defaults.ts';
import { openBook } from './openBook.ts';

describe('migration 0016: separate years joined into one book', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('a later year’s typed openings become a year-start stock count; every year opens as it did', async () => {
    const server = await openServer();
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    try {
      const db = drizzle(pool, { schema });
      const before = migrationsUpTo(15);
      folders.push(before);
      await migrate(db, { migrationsFolder: before });
      await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current) values
          (1, '2026', '2026-01-01', '2026-12-31', true), (2, '2025', '2025-01-01', '2025-12-31', false);
        insert into users (id, user_name, full_name, password_hash, is_admin) values (1, 'admin', 'مدير', 'x', true);
        insert into user_store (user_id, store_id) values (1, 1);`);
      // The store's role accounts as they were at migration 15 (today's rows carry columns added later).
      for (const row of storeAccountsUntyped(1))
        await pool.query(
          'insert into sub_accounts (store_id, ac_id, sub_name, sub_code, sub_type, cat_id, role) values ($1, $2, $3, $4, $5, $6, $7)',
          [row.store_id, row.ac_id, row.sub_name, row.sub_code, row.sub_type, row.cat_id, row.role ?? null],
        );
      await pool.query(`
        insert into items (id, store_id, item_name, pay_price, perch_price) values (1, 1, 'بطارية', 10, 5);
        insert into firstq (item_id, store_id, fq_year, quantity, pay_price, perch_price) values
          (1, 1, 2, 10, 10, 5), (1, 1, 1, 7, 10, 5);
        insert into trade_document (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, changee, pay_date, pay_time)
          select 1, 'pay', 'SH-S-000001', 1, 2, id, 40, 40, '2025-12-20', '10:00' from sub_accounts
          where store_id = 1 and sub_name = 'عميل نقدي';
        insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot)
          values (1, 1, 1, 'بطارية', 4, 10, 5, 40);
        select setval('trade_document_pay_id_seq', 1);
        insert into cost_replay_pending (store_id, "yearId") values (1, 1), (1, 2);`);
      await pool.end();

      const book = await openBook({ url: server.url });
      try {
        const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
          (await book.db.execute<T>(query)).rows;
        // The 2026 opening is gone; a count at 2026's first moment settles 6 (what 2025 left) to 7 (typed).
        expect(await one(sql`select fq_year, quantity::text from firstq order by fq_year`)).toEqual([
          { fq_year: 2, quantity: '10.000' },
        ]);
        expect(
          await one(sql`select k.pay_date::text, k.pay_time::text, k."yearId", l."availQty"::text, l."qtyReal"::text,
            l.quantity::text from stock_count k join stock_count_line l on l.pay_id = k.pay_id`),
        ).toEqual([
          {
            pay_date: '2026-01-01',
            pay_time: '00:00:00',
            yearId: 1,
            availQty: '6.000',
            qtyReal: '7.000',
            quantity: '-1.000',
          },
        ]);
        // Stock on the dates that matter: 2025's end as it was (6 @ 5.00), 2026 opening with what was typed.
        const stockOn = async (day: string) =>
          (
            await one<{ q: string; v: string }>(sql`select sum(quantity)::text as q, sum(value)::text as v
              from stock_movement where store_id = 1 and item_id = 1 and move_date <= ${day}`)
          )[0];
        expect(await stockOn('2025-12-31')).toEqual({ q: '6.000', v: '30.00' });
        expect(await stockOn('2026-01-01')).toEqual({ q: '7.000', v: '35.00' });
        // The December sale kept its cost; the count's +1 came in at the average, against stock adjustment.
        expect(await one(sql`select cost::text from trade_line where pay_id = 1`)).toEqual([{ cost: '20.00' }]);
        expect(
          await one(sql`select a.role, l.debit::text, l.credit::text from ledger_line l
            join sub_accounts a on a.id = l.account_id where l.source_kind = 'tswia' order by a.role`),
        ).toEqual([
          { role: 'inventory', debit: '5.00', credit: '0.00' },
          { role: 'stock_adjustment', debit: '0.00', credit: '5.00' },
        ]);
        // The books: balanced per year, kept sums = ledger and movements; nothing left to join.
        expect(
          await one(sql`select "yearId" from ledger_line group by "yearId" having sum(debit) <> sum(credit)`),
        ).toEqual([]);
        expect(
          await one(sql`select c.item_id from item_cost c full join (select store_id, item_id, "yearId",
              sum(quantity) q, sum(value) v from stock_movement group by 1, 2, 3) m
            on m.store_id = c.store_id and m.item_id = c.item_id and m."yearId" = c."yearId"
            where coalesce(c.quantity, 0) <> coalesce(m.q, 0) or coalesce(c.value, 0) <> coalesce(m.v, 0)`),
        ).toEqual([]);
        expect(
          await one(sql`select b.account_id from account_balance b full join (select store_id, account_id, "yearId",
              sum(debit) d, sum(credit) c from ledger_line group by 1, 2, 3) l
            on l.store_id = b.store_id and l.account_id = b.account_id and l."yearId" = b."yearId"
            where coalesce(b.debit_total, 0) <> coalesce(l.d, 0) or coalesce(b.credit_total, 0) <> coalesce(l.c, 0)`),
        ).toEqual([]);
        expect(await one(sql`select store_id from one_book_pending`)).toEqual([]);
      } finally {
        await book.close();
      }
    } finally {
      await server.stop();
    }
  });
});
