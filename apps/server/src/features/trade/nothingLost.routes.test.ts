/**
 * Nothing lost between calls (issue 18, part 6): a legacy header whose lines were refused is no record, a conversion
 * is dated the day it is made unless a date is given, and an edit without line prices keeps the document's prices.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/** The server's local day, as a conversion dates itself. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

describeEachDatabase('nothing lost between calls', (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);
  const doc = (custId: number, lines: object[], extra: object = {}) => ({
    invoice: { cust_id: custId, pay_date: '2026-01-05', discount: '0', pay: '0', ...extra },
    items: lines,
  });

  it('a legacy header whose lines were refused is in no record and no sum, paged or not; once its lines come it is', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '2');
    const recorded = async () => {
      const page = (await c.get('/api/pay/getSales2Date?from=2026-03-01&to=2026-03-31&page=1&pageSize=50')).json();
      const byDate = (await c.get('/api/pay/getSalesByDate?from=2026-03-07&page=1&pageSize=50')).json();
      const top = (await c.get('/api/pay/getTopSales?limit=500')).json().data;
      const legacy = (await c.get('/api/pay/getSales2Date?from=2026-03-01&to=2026-03-31')).json().data;
      return { page, byDate, top, legacy };
    };
    const before = await recorded();
    const header = await c.post('/api/pay/create', {
      cust_id: customer.id,
      pay_date: '2026-03-07',
      tot_pr: '500',
      pay: '0',
      pay_ref: 'TILL-REFUSED-1',
    });
    expect(header.statusCode).toBe(200);
    const payId = header.json().data[0].pay_id;
    const lines = (quantity: string) =>
      JSON.stringify([{ id: 'NULL', pay_ref: 'TILL-REFUSED-1', item_id: item.id, quantity, pay_price: '100' }]);
    const refused = await c.request('POST', '/api/pay_details/createMulti', lines('5'), {
      'content-type': 'text/plain',
    });
    expect(refused.statusCode).toBe(409);

    const after = await recorded();
    expect(after.page.total).toBe(before.page.total);
    expect(after.page.sums).toEqual(before.page.sums);
    expect(after.byDate.total).toBe(before.byDate.total);
    expect(after.byDate.sums).toEqual(before.byDate.sums);
    for (const list of [after.page.data, after.byDate.data, after.top, after.legacy])
      expect(list.map((d: { pay_id: number }) => d.pay_id)).not.toContain(payId);

    const added = await c.request('POST', '/api/pay_details/createMulti', lines('1'), { 'content-type': 'text/plain' });
    expect(added.statusCode).toBe(200);
    const counted = await recorded();
    expect(counted.page.total).toBe(before.page.total + 1);
    expect(Number(counted.page.sums.tot_pr) - Number(before.page.sums.tot_pr)).toBe(100);
    expect(counted.top.map((d: { pay_id: number }) => d.pay_id)).toContain(payId);
    expect(await stockOf(item.id)).toBe('1.000');
  });

  it('a preliminary invoice made final, and an order made a purchase, are dated today unless a date is given', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c);
    const draft = async () =>
      (await c.post('/api/payinit/createWithItems', doc(customer.id, [{ item_id: item.id, quantity: '1' }]))).json()
        .data[0];
    const order = async () =>
      (await c.post('/api/perchOrder/createWithItems', doc(supplier.id, [{ item_id: item.id, quantity: '1' }]))).json()
        .data[0];

    const final = await c.post('/api/payinit/convertToFinal', { pay_id: (await draft()).pay_id });
    expect(final.json().data[0]).toMatchObject({ kind: 'pay', pay_date: localToday() });
    const purchase = await c.post('/api/perchOrder/convertToPurchase', { pay_id: (await order()).pay_id });
    expect(purchase.json().data[0]).toMatchObject({ kind: 'perch', pay_date: localToday() });

    const picked = await c.post('/api/payinit/convertToFinal', {
      pay_id: (await draft()).pay_id,
      pay_date: '2026-02-03',
    });
    expect(picked.json().data[0]).toMatchObject({ kind: 'pay', pay_date: '2026-02-03' });
    const pickedOrder = await c.post('/api/perchOrder/convertToPurchase.php', {
      pay_id: (await order()).pay_id,
      pay_date: '2026-02-04',
    });
    expect(pickedOrder.json().data[0]).toMatchObject({ kind: 'perch', pay_date: '2026-02-04' });

    // A date outside the source's year is refused, and the source stays.
    const source = await draft();
    const outside = await c.post('/api/payinit/convertToFinal', { pay_id: source.pay_id, pay_date: '2025-12-31' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual({ pay_date: 'DATE_OUTSIDE_YEAR' });
    expect((await c.get(`/api/payinit/readById?pay_id=${source.pay_id}`)).statusCode).toBe(200);
  });

  it('updateWithItems keeps the lines’ prices it is not sent, not the item card’s current price', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c);
    const other = (
      await c.post('/api/items/create', {
        item_name: `صنف ${Math.random()}`,
        perch_price: '30',
        pay_price: '40',
        firstQuantity: '5',
      })
    ).json().data[0];
    const sold = (
      await c.post(
        '/api/pay/createWithItems',
        doc(customer.id, [{ item_id: item.id, quantity: '1', pay_price: '123.45' }]),
      )
    ).json().data[0];
    const bought = (
      await c.post(
        '/api/perch/createWithItems',
        doc(supplier.id, [{ item_id: item.id, quantity: '2', perch_price: '77' }]),
      )
    ).json().data[0];
    // The card's prices change after the invoices were saved.
    await c.post('/api/items/updatePayPrice', { id: item.id, pay_price: '999', perch_price: '888' });

    const edited = await c.post('/api/pay/updateWithItems', {
      ...doc(customer.id, [
        { item_id: item.id, quantity: '3' },
        { item_id: other.id, quantity: '1' },
      ]),
      invoice: { ...doc(customer.id, []).invoice, pay_id: sold.pay_id },
    });
    expect(edited.statusCode).toBe(200);
    const lines = edited.json().data[0].items;
    expect(lines).toEqual([
      expect.objectContaining({ item_id: item.id, quantity: '3.000', pay_price: '123.45', tot: '370.35' }),
      // An item new to the invoice takes its card's price, as on a new invoice.
      expect.objectContaining({ item_id: other.id, pay_price: '40.00' }),
    ]);
    expect(edited.json().data[0].tot_pr).toBe('410.35');

    const purchase = await c.post('/api/perch/updateWithItems', {
      invoice: { ...doc(supplier.id, []).invoice, pay_id: bought.pay_id },
      items: [{ item_id: item.id, quantity: '4' }],
    });
    expect(purchase.json().data[0].items).toEqual([
      expect.objectContaining({ item_id: item.id, quantity: '4.000', perch_price: '77.00' }),
    ]);
    expect(purchase.json().data[0].tot_pr).toBe('308.00');

    // A price sent on a line is still taken.
    const priced = await c.post('/api/pay/updateWithItems', {
      invoice: { ...doc(customer.id, []).invoice, pay_id: sold.pay_id },
      items: [{ item_id: item.id, quantity: '1', pay_price: '50' }],
    });
    expect(priced.json().data[0].items[0].pay_price).toBe('50.00');
  });
});
