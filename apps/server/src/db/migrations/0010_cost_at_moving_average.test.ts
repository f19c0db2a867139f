/**
 * Migration 0010 and its start-up replay on a database saved before perpetual inventory: every store gets the
 * inventory, cost of sales and discount accounts (a name or code already used steps aside), and each store year is
 * replayed through the posting rules in date order (opening quantities first): movements and sale lines get their
 * cost, `item_cost` the stock at cost, and purchases and sales are reposted to inventory, cost of sales and the
 * discount accounts. Replaying again changes nothing.
 */
import { rmSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { replayPendingCosts } from '../../features/posting/costReplay.ts';
import * as schema from '../schema.ts';
import { migrationsUpTo, openServer } from './migrationTesting.ts';

describe('migration 0010: stock at moving-average cost for the data saved before it', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('adds the accounts, values the stock in date order and reposts purchases and sales, once', async () => {
    const server = await openServer();
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    try {
      const db = drizzle(pool, { schema });
      const before = migrationsUpTo(9);
      // The replay is today's code, which reads the columns and tables of later migrations (0012's dated movements,
      // 0015's stock counts and their account): the database is brought to them all, as a start-up would.
      const after = migrationsUpTo(Number.MAX_SAFE_INTEGER);
      folders.push(before, after);
      await migrate(db, { migrationsFolder: before });
      // One item: 10 opening at 8.00; a sale of 5 dated 5 January (saved after the purchase, so its id is later),
      // a purchase of 10 for 110.00 less 10.00 discount on 10 January, a sale of 10 for 200.00 less 20.00 in
      // February, a value-only purchase of 30.00, and a legacy header still awaiting its lines. Posted as before
      // 0010: purchases to the purchases account, sales net, no cost.
      await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
        insert into year (id, "yearDesc", "yearStart", "yearEnd", is_current)
          values (1, '2026', '2026-01-01', '2026-12-31', true);
        insert into sub_accounts (id, store_id, ac_id, sub_name, sub_code, sub_type, role) values
          (900, 1, 1, 'عميل', '101', 'debit', null), (901, 1, 2, 'مورد', '201', 'credit', null),
          (902, 1, 4, 'الخزينة', '401', 'debit', 'cash_box'), (903, 1, 4, 'البنك', '402', 'debit', 'bank'),
          (904, 1, 5, 'المبيعات', '501', 'credit', 'sales'), (905, 1, 6, 'المشتريات', '601', 'debit', 'purchases'),
          (906, 1, 7, 'الأرصدة الافتتاحية', '701', 'credit', 'opening_balance'),
          (907, 1, 8, 'المخزون', '602', 'debit', null);
        insert into items (id, store_id, item_name, pay_price, perch_price) values (1, 1, 'صنف', 20, 10);
        insert into firstq (id, item_id, store_id, fq_year, quantity, pay_price, perch_price)
          values (1, 1, 1, 1, 10, 20, 8);
        insert into trade_document
          (pay_id, kind, pay_ref, store_id, "yearId", cust_id, tot_pr, discount, pay, changee, pay_date, pay_time,
           value_only, awaiting_lines)
        values (1, 'perch', 'SH-P-000001', 1, 1, 901, 110, 10, 0, 100, '2026-01-10', '09:00', false, false),
          (2, 'pay', 'SH-S-000001', 1, 1, 900, 100, 0, 100, 0, '2026-01-05', '10:00', false, false),
          (3, 'pay', 'SH-S-000002', 1, 1, 900, 200, 20, 0, 180, '2026-02-01', '10:00', false, false),
          (4, 'perch', 'SH-P-000002', 1, 1, 901, 30, 0, 0, 30, '2026-03-01', '10:00', true, false),
          (5, 'pay', 'SH-S-000003', 1, 1, 900, 70, 0, 0, 70, '2026-03-02', '10:00', true, true);
        insert into trade_line (id, pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot)
        values (1, 1, 1, 1, 'صنف', 10, 20, 11, 110), (2, 2, 1, 1, 'صنف', 5, 20, 10, 100),
          (3, 3, 1, 1, 'صنف', 10, 20, 10, 200);
        insert into stock_movement (store_id, "yearId", item_id, quantity, source_kind, source_id) values
          (1, 1, 1, 10, 'firstq', 1), (1, 1, 1, 10, 'perch', 1), (1, 1, 1, -5, 'pay', 2), (1, 1, 1, -10, 'pay', 3);
        insert into ledger_line (store_id, "yearId", account_id, debit, credit, line_date, source_kind, source_id) values
          (1, 1, 905, 100, 0, '2026-01-10', 'perch', 1), (1, 1, 901, 0, 100, '2026-01-10', 'perch', 1),
          (1, 1, 900, 100, 0, '2026-01-05', 'pay', 2), (1, 1, 904, 0, 100, '2026-01-05', 'pay', 2),
          (1, 1, 902, 100, 0, '2026-01-05', 'pay', 2), (1, 1, 900, 0, 100, '2026-01-05', 'pay', 2),
          (1, 1, 900, 180, 0, '2026-02-01', 'pay', 3), (1, 1, 904, 0, 180, '2026-02-01', 'pay', 3),
          (1, 1, 905, 30, 0, '2026-03-01', 'perch', 4), (1, 1, 901, 0, 30, '2026-03-01', 'perch', 4);
        insert into account_balance (store_id, "yearId", account_id, debit_total, credit_total)
          select store_id, "yearId", account_id, sum(debit), sum(credit) from ledger_line group by 1, 2, 3;
      `);

      await migrate(db, { migrationsFolder: after });
      expect(await replayPendingCosts(db)).toBe(1);

      const accounts = await pool.query<{ role: string; sub_name: string; sub_code: string; ac_id: number }>(
        `select role, sub_name, sub_code, ac_id from sub_accounts
         where role in ('inventory', 'cost_of_sales', 'discount_allowed', 'discount_received') order by role`,
      );
      expect(accounts.rows).toEqual([
        { role: 'cost_of_sales', sub_name: 'تكلفة المبيعات', sub_code: '602-SYS', ac_id: 6 },
        { role: 'discount_allowed', sub_name: 'الخصم المسموح به', sub_code: '390', ac_id: 3 },
        { role: 'discount_received', sub_name: 'الخصم المكتسب', sub_code: '502', ac_id: 5 },
        { role: 'inventory', sub_name: 'المخزون (النظام)', sub_code: '801', ac_id: 8 },
      ]);

      const state = async () => {
        const movements = await pool.query(
          `select source_kind, source_id, quantity::text, value::text from stock_movement order by source_kind, source_id`,
        );
        const lineCosts = await pool.query('select id, cost::text from trade_line order by id');
        const itemCost = await pool.query('select item_id, "yearId", quantity::text, value::text from item_cost');
        const balances = await pool.query(`
          select a.role, coalesce(sum(l.debit - l.credit), 0.00)::numeric(20, 2)::text as balance
          from sub_accounts a left join ledger_line l on l.account_id = a.id
          group by a.id, a.role order by a.id`);
        const kept = await pool.query(`
          select b.account_id from account_balance b
          full join (select store_id, "yearId", account_id, sum(debit) d, sum(credit) c from ledger_line group by 1, 2, 3) l
            on l.store_id = b.store_id and l."yearId" = b."yearId" and l.account_id = b.account_id
          where coalesce(l.d, 0) <> coalesce(b.debit_total, 0) or coalesce(l.c, 0) <> coalesce(b.credit_total, 0)`);
        const pending = await pool.query('select * from cost_replay_pending');
        return {
          movements: movements.rows,
          lineCosts: lineCosts.rows,
          itemCost: itemCost.rows,
          balances: balances.rows,
          offTheLedger: kept.rows,
          pending: pending.rows,
        };
      };
      const replayed = await state();
      // In date order: 10 at 8.00 (80.00); 5 sold on 5 January at 8.00 (40.00); 10 bought for 110.00 (15 worth
      // 150.00); 10 sold in February at 10.00 (100.00): 5 left worth 50.00.
      expect(replayed.movements).toEqual([
        { source_kind: 'firstq', source_id: 1, quantity: '10.000', value: '80.00' },
        { source_kind: 'pay', source_id: 2, quantity: '-5.000', value: '-40.00' },
        { source_kind: 'pay', source_id: 3, quantity: '-10.000', value: '-100.00' },
        { source_kind: 'perch', source_id: 1, quantity: '10.000', value: '110.00' },
      ]);
      expect(replayed.lineCosts).toEqual([
        { id: 1, cost: '110.00' },
        { id: 2, cost: '40.00' },
        { id: 3, cost: '100.00' },
      ]);
      expect(replayed.itemCost).toEqual([{ item_id: 1, yearId: 1, quantity: '5.000', value: '50.00' }]);
      const byRole = replayed.balances.filter((row) => row.role !== null).map((row) => [row.role, row.balance]);
      expect(Object.fromEntries(byRole)).toEqual({
        cash_box: '100.00',
        bank: '0.00',
        sales: '-300.00',
        // Only the value-only purchase stays an expense of the purchases account.
        purchases: '30.00',
        opening_balance: '-80.00',
        inventory: '50.00',
        cost_of_sales: '140.00',
        discount_allowed: '20.00',
        discount_received: '-10.00',
        // Migration 0015's account of stock counts: none was saved.
        stock_adjustment: '0.00',
        // Migration 0025's VAT accounts: nothing saved before charged VAT.
        output_vat: '0.00',
        input_vat: '0.00',
        // Migration 0045's goods in transit: nothing was sent between stores.
        goods_in_transit: '0.00',
      });
      // The customer owes 180.00, the supplier is owed 130.00; the store's own account named المخزون is untouched.
      const parties = replayed.balances.filter((row) => row.role === null).map((row) => row.balance);
      expect(parties).toEqual(['180.00', '-130.00', '0.00']);
      expect(replayed.offTheLedger).toEqual([]);
      expect(replayed.pending).toEqual([]);

      // Started again, nothing is pending; replaying the year by hand gives the same figures.
      expect(await replayPendingCosts(db)).toBe(0);
      await pool.query('insert into cost_replay_pending values (1, 1)');
      expect(await replayPendingCosts(db)).toBe(1);
      expect(await state()).toEqual(replayed);
    } finally {
      await pool.end();
      await server.stop();
    }
  }, 60_000);
});
