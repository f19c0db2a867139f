import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

type Doc = { pay_id: number; pay_ref: string; tot_pr: string; discount: string; pay: string; changee: string };

/**
 * A record's count and sums come from the days' kept sums (`document_day`, migration 0035) where the filter allows:
 * after every save, edit, date moved and delete they equal the sums of the documents the same filter lists.
 */
describeEachDatabase('the record’s count and sums', (ctx) => {
  const { signedIn, setup, balancesOffTheLedger } = tradeFixtures(ctx);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const money = (total: number) => (total / 100).toFixed(2);
  /** The sums as the documents the same filter lists add them up (the legacy list of the same read). */
  const expectedOf = (docs: Doc[]) => {
    const sum = (pick: (d: Doc) => number) => money(docs.reduce((total, d) => total + pick(d), 0));
    return {
      total: docs.length,
      sums: {
        tot_pr: sum((d) => cents(d.tot_pr)),
        discount: sum((d) => cents(d.discount)),
        net: sum((d) => cents(d.tot_pr) - cents(d.discount)),
        pay: sum((d) => cents(d.pay)),
        changee: sum((d) => cents(d.changee)),
      },
    };
  };
  const pageAndList = async (c: TestClient, read: string) => {
    const page = (await c.get(`/api/pay/${read}&page=1&pageSize=2`)).json();
    const list = (await c.get(`/api/pay/${read}&limit=500`)).json().data as Doc[];
    return { page: { total: page.total, sums: page.sums }, expected: expectedOf(list) };
  };
  const agree = async (c: TestClient) => {
    for (const read of [
      'getTopSales?yearId=1',
      'getSales2Date?yearId=1&from=2026-03-01&to=2026-03-31',
      'getSalesByDate?yearId=1&from=2026-03-10',
      'getTopSales?yearId=1&value_only=true',
      'getTopSales?yearId=1&value_only=false',
      `getSalesByDate?yearId=1&from=${today()}`,
    ]) {
      const { page, expected } = await pageAndList(c, read);
      expect(page, read).toEqual(expected);
    }
    expect(await balancesOffTheLedger()).toEqual([]);
  };

  it('follow every save, edit, date moved and delete, for any dates and flags, and each user’s own', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '100');
    const sale = async (date: string, quantity: string, pay: string, discount = '0') =>
      (
        await c.post('/api/pay/createWithItems', {
          invoice: { cust_id: customer.id, pay_date: date, discount, pay },
          items: [{ item_id: item.id, quantity }],
        })
      ).json().data[0] as Doc;
    const first = await sale('2026-03-10', '2', '50', '5');
    await sale('2026-03-10', '1', '0');
    const third = await sale('2026-04-02', '3', '100');
    await agree(c);

    // Edited: another amount, and moved from April into March.
    const edited = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: third.pay_id, cust_id: customer.id, pay_date: '2026-03-20', pay: '20', discount: '10' },
      items: [{ item_id: item.id, quantity: '4', pay_price: '90' }],
    });
    expect(edited.statusCode).toBe(200);
    await agree(c);

    // A value-only invoice, then a delete.
    const valueOnly = await c.post('/api/pay/create', {
      cust_id: customer.id,
      pay_date: '2026-03-10',
      tot_pr: '250',
      pay: '50',
      value_only: true,
    });
    expect(valueOnly.statusCode).toBe(200);
    await agree(c);
    expect(
      (await c.post('/api/pay/deleteWithItems', { pay_id: first.pay_id, pay_ref: first.pay_ref })).statusCode,
    ).toBe(200);
    await agree(c);

    // A cashier who reads only their own documents (of today: a cashier sells today) sees their own count and sums.
    await sale(today(), '1', '0');
    const cashier = await signedIn('cashier', 'cashier123');
    const own = await cashier.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: today(), discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(own.statusCode).toBe(200);
    await agree(cashier);
    await agree(c);
  });
});
