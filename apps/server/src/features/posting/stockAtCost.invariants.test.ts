/**
 * The drift invariant of stock at cost also holds each item's kept current quantity and value (`item_stock`, read by
 * the quantity filters and the totals) to its kept per-year sums, and its copy of the minimum quantity to the
 * item's: a kept row that is off, missing or stale is reported, so the filters and the totals can never quietly
 * answer the wrong items or figures.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';
import { stockAtCostInvariants } from './stockAtCost.invariants.ts';

describeEachDatabase('the kept current quantity under the drift invariant', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const db = () => ctx().database.db;

  it('an item keeps its current quantity through the latest year and its minimum beside it', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '10');
    const edited = await c.post('/api/items/update', {
      id: item.id,
      item_name: item.item_name,
      perch_price: '80',
      pay_price: '100',
      min_qty: '4',
    });
    expect(edited.statusCode).toBe(200);
    const bought = await c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-02-01', pay: '0' },
      items: [{ item_id: item.id, quantity: '5', perch_price: '70' }],
    });
    expect(bought.statusCode).toBe(200);
    const { rows } = await db().execute<{ quantity: string; value: string; min_qty: string }>(sql`
      select quantity::text, value::text, min_qty::text from item_stock where item_id = ${item.id}`);
    // 10 opened at 80.00 (setup's stated cost) and 5 bought at 70.00.
    expect(rows).toEqual([{ quantity: '15.000', value: '1150.00', min_qty: '4.000' }]);
    expect(await stockAtCostInvariants(db())).toEqual([]);
  });

  it('a kept current quantity or value off its sums, or a stale minimum, is reported', async () => {
    const c = await signedIn();
    const { item } = await setup(c, '3');
    await db().execute(sql`update item_stock set quantity = quantity + 1 where item_id = ${item.id}`);
    expect((await stockAtCostInvariants(db())).join('\n')).toContain(`item ${item.id} is kept at 4.000 now`);
    await db().execute(
      sql`update item_stock set quantity = quantity - 1, value = value + 0.01 where item_id = ${item.id}`,
    );
    expect((await stockAtCostInvariants(db())).join('\n')).toContain(`item ${item.id} is kept worth`);
    await db().execute(sql`update item_stock set value = value - 0.01, min_qty = 9 where item_id = ${item.id}`);
    expect((await stockAtCostInvariants(db())).join('\n')).toContain(`item ${item.id} keeps the minimum 9.000`);
    await db().execute(sql`delete from item_stock where item_id = ${item.id}`);
    expect((await stockAtCostInvariants(db())).join('\n')).toContain(`item ${item.id} has no kept current quantity`);
  });
});
