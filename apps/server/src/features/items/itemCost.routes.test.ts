/**
 * What an item cost (issue 35, finding 8): the item card's purchase price is the one typed on it and never follows
 * purchases, so the card shows beside it the last purchase price (the latest purchase line of the item up to the
 * year's end, with its invoice) and the moving-average cost of what is in stock (the kept sums). `items/cost` is a
 * cost read: refused to a role without `readCost`.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('an item’s last purchase price and moving-average cost', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const buy = (c: TestClient, supplier: number, item: number, date: string, quantity: string, price: string) =>
    c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier, pay_date: date, pay_time: '10:00', discount: '0', pay: '0' },
      items: [{ item_id: item, quantity, perch_price: price }],
    });
  const costOf = async (c: TestClient, query: string) => {
    const answer = await c.get(`/api/items/cost?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data[0];
  };

  it('10 opening at 80, then bought 10 at 90, 5 at 100 and 5 at 70 dated earlier: last 100.00, average 85.00', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '10');
    expect(await costOf(c, `id=${item.id}`)).toEqual({
      item_id: item.id,
      perch_price: '80.00',
      quantity: '10.000',
      avg_cost: '80.00',
      last_purchase: null,
    });
    expect((await buy(c, supplier.id, item.id, '2026-03-01', '10', '90')).statusCode).toBe(200);
    const later = await buy(c, supplier.id, item.id, '2026-03-05', '5', '100');
    expect(later.statusCode).toBe(200);
    // Typed in first but dated before the last: the last purchase is the latest by date, not by typing.
    expect((await buy(c, supplier.id, item.id, '2026-02-01', '5', '70')).statusCode).toBe(200);
    // 800 + 900 + 500 + 350 = 2,550 for 30: 85.00.
    expect(await costOf(c, `id=${item.id}`)).toEqual({
      item_id: item.id,
      perch_price: '80.00',
      quantity: '30.000',
      avg_cost: '85.00',
      last_purchase: { price: '100.00', date: '2026-03-05', pay_ref: later.json().data[0].pay_ref },
    });
    // The item's own purchase price is what was typed on it.
    expect((await c.get(`/api/items/readItemByIdQty?id=${item.id}`)).json().data[0].perch_price).toBe('80.00');
  });

  it('an unknown item answers nothing; a role without readCost is refused', async () => {
    const c = await signedIn();
    const { item } = await setup(c, '1');
    expect((await c.get('/api/items/cost?id=999999')).json()).toEqual({ data: [] });
    const cashier = await signedIn('cashier', 'cashier123');
    expect((await cashier.get(`/api/items/cost?id=${item.id}`)).statusCode).toBe(403);
  });
});
