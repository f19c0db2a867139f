/**
 * The count sheet (`tswia/sheet`, issue 19): the system quantity and the moving average the count screen fills in
 * before the keeper types what was counted, by the same rule the save uses (`upToPlace`).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('the count sheet', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const buy = (c: TestClient, supplier: number, item: number, date: string, quantity: string, price: string) =>
    c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier, pay_date: date, pay_time: '09:00', discount: '0', pay: '0' },
      items: [{ item_id: item, quantity, perch_price: price }],
    });
  const sheet = async (c: TestClient, body: object) => {
    const answer = await c.post('/api/tswia/sheet', body);
    expect(answer.statusCode).toBe(200);
    return answer.json().data;
  };

  it('the system quantity and average at the date and time; every item of a category; an edited count’s own place', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '0');
    expect((await buy(c, supplier.id, item.id, '2026-06-01', '10', '5')).statusCode).toBe(200);
    expect((await buy(c, supplier.id, item.id, '2026-06-02', '10', '7')).statusCode).toBe(200);
    expect(await sheet(c, { pay_date: '2026-06-03', item_ids: [item.id] })).toEqual([
      expect.objectContaining({ item_id: item.id, item_name: item.item_name, availQty: '20.000', avg_cost: '6.00' }),
    ]);
    // Before the second purchase's time: only the first; before anything: nothing, at the purchase price.
    expect((await sheet(c, { pay_date: '2026-06-02', pay_time: '08:59', item_ids: [item.id] }))[0]).toMatchObject({
      availQty: '10.000',
      avg_cost: '5.00',
    });
    expect((await sheet(c, { pay_date: '2026-05-01', item_ids: [item.id] }))[0]).toMatchObject({
      availQty: '0.000',
      avg_cost: '80.00',
    });

    // Every item of a category, in name order.
    const category = (await c.post('/api/item_categories/create', { category_name: `رف ${Math.random()}` })).json()
      .data[0];
    const names = ['ب صنف', 'أ صنف'].map((name) => `${name} ${Math.random()}`);
    for (const item_name of names) {
      const made = await c.post('/api/items/create', {
        item_name,
        perch_price: '3',
        pay_price: '4',
        category_id: category.id,
      });
      expect(made.statusCode).toBe(200);
    }
    const shelf = await sheet(c, { pay_date: '2026-06-03', category_id: category.id });
    expect(shelf.map((line: { item_name: string }) => line.item_name)).toEqual([...names].sort());

    // An edited count stands at its own place: its own movement is not its system quantity.
    const counted = await c.post('/api/tswia/createWithItems', {
      invoice: { pay_date: '2026-06-03', pay_time: '12:00', yearId: 1 },
      items: [{ item_id: item.id, qtyReal: '15' }],
    });
    const payId = counted.json().data[0].pay_id;
    expect((await sheet(c, { pay_date: '2026-06-04', item_ids: [item.id] }))[0].availQty).toBe('15.000');
    expect(
      (await sheet(c, { pay_date: '2026-06-03', pay_time: '12:00', pay_id: payId, item_ids: [item.id] }))[0].availQty,
    ).toBe('20.000');

    // Neither ids nor a category: refused on the field.
    const refused = await c.post('/api/tswia/sheet', { pay_date: '2026-06-03' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('item_ids');
  });
});
