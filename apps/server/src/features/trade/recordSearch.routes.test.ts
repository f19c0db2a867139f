import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/** The sales record finds an invoice by its number as a cashier types it (issue 21): "3", "s-3", the full one. */
describeEachDatabase('the record searched by invoice number', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);

  it('a short or full number finds that one invoice, on a page with its sums; another number finds none', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '50');
    const refs: string[] = [];
    for (const quantity of ['1', '2', '3']) {
      const saved = await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-11-22', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity }],
      });
      refs.push(saved.json().data[0].pay_ref);
    }
    const wanted = refs[1] ?? '';
    const number = Number(wanted.slice(-6));
    // In Arabic-Indic digits too, as a legacy client sends what the cashier typed.
    const arabic = String(number).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);
    for (const typed of [String(number), `s-${number}`, wanted.toLowerCase(), wanted, arabic]) {
      const page = (
        await c.get(`/api/pay/getTopSales?store_id=1&yearId=1&page=1&pay_ref=${encodeURIComponent(typed)}`)
      ).json();
      expect(
        page.data.map((d: { pay_ref: string }) => d.pay_ref),
        typed,
      ).toEqual([wanted]);
      expect(page.total).toBe(1);
      expect(page.sums.tot_pr).toBe('200.00');
    }
    const none = (await c.get('/api/pay/getTopSales?store_id=1&yearId=1&page=1&pay_ref=999999')).json();
    expect(none.data).toEqual([]);
  });
});
