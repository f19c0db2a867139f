/**
 * The discount as the user typed it (issue 35, finding 8): 12.5 % of 10.01 is 1.25, which reads back as 12.49 %.
 * The document keeps the percent beside the amount (`discount_percent`), and only while it says the truth: the
 * amount is what is posted, and a percent is kept only when it gives that very amount of the document's total.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

describeEachDatabase('the discount percent kept on the document', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const read = async (c: TestClient, payId: number) =>
    (await c.get(`/api/pay/readById?pay_id=${payId}`)).json().data[0];

  it('12.5 % of 10.01: the amount 1.25 and the percent 12.50 are kept and read back', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const sale = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '1.25', discount_percent: '12.5', pay: '0' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
    });
    expect(sale.statusCode).toBe(200);
    expect(sale.json().data[0]).toMatchObject({ tot_pr: '10.01', discount: '1.25', discount_percent: '12.50' });
    const payId = sale.json().data[0].pay_id;
    expect(await read(c, payId)).toMatchObject({ discount: '1.25', discount_percent: '12.50' });

    // An edit that says nothing of the percent (a legacy client) keeps it while it still gives the discount...
    const same = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: payId, cust_id: customer.id, pay_date: '2026-03-10', discount: '1.25', pay: '5' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
    });
    expect(same.statusCode).toBe(200);
    expect(await read(c, payId)).toMatchObject({ pay: '5.00', discount_percent: '12.50' });
    // ... and drops it once it does not (the amount holds: 12.5 % of 20.02 would be 2.50).
    const doubled = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: payId, cust_id: customer.id, pay_date: '2026-03-10', discount: '1.25', pay: '5' },
      items: [{ item_id: item.id, quantity: '2', pay_price: '10.01' }],
    });
    expect(doubled.statusCode).toBe(200);
    expect(await read(c, payId)).toMatchObject({ discount: '1.25', discount_percent: null });
  });

  it('a preliminary invoice made final keeps its percent', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const draft = await c.post('/api/payinit/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '1.25', discount_percent: '12.5', pay: '0' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
    });
    expect(draft.json().data[0]).toMatchObject({ discount_percent: '12.50' });
    const final = await c.post('/api/payinit/convertToFinal', { pay_id: draft.json().data[0].pay_id });
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json().data[0]).toMatchObject({ kind: 'pay', discount: '1.25', discount_percent: '12.50' });
  });

  it('a percent that does not give the discount is not kept; an amount typed as such keeps none', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const wrong = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '2', discount_percent: '12.5', pay: '0' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data[0]).toMatchObject({ discount: '2.00', discount_percent: null });
    const amount = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '1.25', pay: '0' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
    });
    expect(amount.json().data[0]).toMatchObject({ discount: '1.25', discount_percent: null });
    // Cleared on purpose (null): the amount stays, the percent goes.
    const payId = wrong.json().data[0].pay_id;
    const typed = await c.post('/api/pay/updateWithItems', {
      invoice: {
        pay_id: payId,
        cust_id: customer.id,
        pay_date: '2026-03-10',
        discount: '1.25',
        discount_percent: '12.5',
      },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
    });
    expect(typed.json().data[0]).toMatchObject({ discount_percent: '12.50' });
    const cleared = await c.post('/api/pay/updateWithItems', {
      invoice: {
        pay_id: payId,
        cust_id: customer.id,
        pay_date: '2026-03-10',
        discount: '1.25',
        discount_percent: null,
      },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
    });
    expect(cleared.json().data[0]).toMatchObject({ discount: '1.25', discount_percent: null });
    // A percent above 100 or with more than two decimals is refused as any malformed field.
    for (const discount_percent of ['100.01', '12.555', '-1'])
      expect(
        (
          await c.post('/api/pay/createWithItems', {
            invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', discount_percent, pay: '0' },
            items: [{ item_id: item.id, quantity: '1', pay_price: '10.01' }],
          })
        ).statusCode,
      ).toBe(400);
  });
});
