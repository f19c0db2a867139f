import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { actingAdministrator } from '../../lib/permissions.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { ledgerSumsInvariants } from '../posting/ledgerSums.invariants.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { generateShop, type ShopSize } from './shopGenerator.ts';

const size: ShopSize = {
  categories: 4,
  items: 60,
  customers: 6,
  suppliers: 2,
  sales: 150,
  saleLines: 4,
  purchases: 15,
  purchaseLines: 5,
  salesReturns: 5,
  purchaseReturns: 2,
  counts: 3,
  countLines: 4,
  receipts: 8,
  payments: 3,
  expenses: 2,
  journals: 6,
  journalLines: 5,
};
const admin = (storeId: number) =>
  actingAdministrator({ id: 1, user_name: 'admin', full_name: 'مدير النظام' }, storeId);

/**
 * The generated shop (demo and benchmark): its books are right (the kept sums are the movements, stock at cost is
 * the inventory account), no item ever goes below zero, every family is there, the numbering goes on after it, and
 * the same seed gives the same shop.
 */
describeEachDatabase('a generated shop', (ctx) => {
  const db = () => ctx().database.db;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db().execute<T>(query)).rows;

  it('posts a half year of every family with books that balance and stock that never goes below zero', async () => {
    for (const storeId of [1, 2])
      await generateShop(db(), {
        storeId,
        yearId: 1,
        from: '2026-01-01',
        to: '2026-06-30',
        size,
        seed: 7,
        user: admin(storeId),
      });
    expect(await stockAtCostInvariants(db())).toEqual([]);
    expect(await ledgerSumsInvariants(db())).toEqual([]);

    const kinds = await rows<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from trade_document where store_id = 1 group by kind order by kind`,
    );
    expect(Object.fromEntries(kinds.map((row) => [row.kind, row.n]))).toEqual({
      pay: 150,
      perch: 15,
      purchase_returns: 2,
      sales_returns: 5,
    });
    const [counts] = await rows<{ n: number }>(sql`select count(*)::int as n from stock_count where store_id = 1`);
    expect(counts?.n).toBe(3);

    const below = await rows<{ item_id: number }>(sql`select item_id from (
        select item_id, sum(quantity) over (partition by store_id, item_id order by move_date, move_time, id) as stock
        from stock_movement) m
      where stock < 0`);
    expect(below).toEqual([]);

    // Every 25th item is out of stock; every 10th opens with one unit more than it needs and ends below its minimum.
    const [shelf] = await rows<{ empty: number; low: number }>(sql`select
        count(*) filter (where coalesce(s.q, 0) = 0)::int as empty,
        count(*) filter (where coalesce(s.q, 0) > 0 and coalesce(s.q, 0) < i.min_qty)::int as low
      from items i left join (select item_id, sum(quantity) q from stock_movement group by item_id) s on s.item_id = i.id
      where i.store_id = 1`);
    expect(shelf?.empty).toBeGreaterThanOrEqual(2);
    expect(shelf?.low).toBeGreaterThanOrEqual(1);

    // Sales at the counter are paid; credit sales leave something due with a due date.
    const [dues] = await rows<{ walk_in_due: string; credit_due: number }>(sql`select
        coalesce(sum(d.changee) filter (where a.sub_name = 'عميل نقدي'), 0)::text as walk_in_due,
        count(*) filter (where d.changee > 0 and d."nextPay" is not null)::int as credit_due
      from trade_document d join sub_accounts a on a.id = d.cust_id where d.store_id = 1 and d.kind = 'pay'`);
    expect(dues?.walk_in_due).toBe('0.00');
    expect(dues?.credit_due).toBeGreaterThan(0);

    // Vouchers through their own save: receipts settle credit sales, payments purchases, expenses are paid.
    const [vouchers] = await rows<{ receipts: number; payments: number; expenses: number; settled: number }>(sql`
      select count(*) filter (where j.voucher_kind = 'receipt')::int as receipts,
        count(*) filter (where j.voucher_kind = 'payment')::int as payments,
        count(*) filter (where j.voucher_kind = 'expense')::int as expenses,
        (select count(*) from payment_allocation a join journal v on v.j_id = a.j_id where v.store_id = 1)::int
          as settled
      from journal j where j.store_id = 1`);
    expect(vouchers?.receipts).toBeGreaterThan(0);
    expect(vouchers?.payments).toBeGreaterThan(0);
    expect(vouchers?.expenses).toBe(2);
    expect(vouchers?.settled).toBeGreaterThan(0);
    const [journals] = await rows<{ n: number; posted: number }>(sql`select count(*)::int as n,
        count(*) filter (where posted)::int as posted
      from journal where store_id = 1 and voucher_kind is null`);
    expect(journals).toEqual({ n: 6, posted: 6 });

    // The same seed, another store: the same shop.
    const shape = (storeId: number) =>
      rows<{
        item_name: string;
        quantity: string;
      }>(sql`select i.item_name, coalesce(sum(m.quantity), 0)::text as quantity
        from items i left join stock_movement m on m.item_id = i.id
        where i.store_id = ${storeId} group by i.item_name order by i.item_name`);
    expect(await shape(2)).toEqual(await shape(1));
  }, 120_000);

  it('lets the next sale take the next number and sell what the shop holds', async () => {
    const client = new TestClient(ctx().app);
    await client.signIn();
    const [item] = await rows<{ id: number }>(sql`select m.item_id as id from stock_movement m
      join items i on i.id = m.item_id where m.store_id = 1 group by m.item_id having sum(m.quantity) >= 2 limit 1`);
    const [customer] = await rows<{ id: number }>(
      sql`select id from sub_accounts where store_id = 1 and ac_id = 1 and sub_code = '10001'`,
    );
    const saved = await client.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer?.id, pay_date: '2026-07-01', pay: '0' },
      items: [{ item_id: item?.id, quantity: '1' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[0].pay_ref).toBe('SH-S-000151');
  });
});
