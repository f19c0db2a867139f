import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/** A cashier finds the original of a return by what the receipt shows short: "1", "s-1", in any case and digits. */
describeEachDatabase('the original of a return by a short number', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);

  it('"N", "s-N", "SH-S-N" and Arabic-Indic digits find SH-S-00000N; an unknown one is refused in Arabic', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const sale = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-11-22', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '2' }],
      })
    ).json().data[0];
    const number = Number(sale.pay_ref.slice(-6));
    const check = (ref: string) =>
      c.get(`/api/sales_returns/checkExistingReturns?original_pay_ref=${encodeURIComponent(ref)}&store_id=1&yearId=1`);
    const arabic = String(number).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);
    for (const ref of [String(number), `s-${number}`, `S-${number}`, `sh-s-${number}`, ` ${arabic} `, sale.pay_ref]) {
      const res = await check(ref);
      expect(res.statusCode, ref).toBe(200);
      expect(res.json().original.pay_ref, ref).toBe(sale.pay_ref);
    }
    // A return saved by the short number is of that invoice.
    const saved = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: `s-${number}`, return_date: '2026-11-23', return_reason: 'تالف' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(saved.statusCode).toBe(200);
    // Another kind's letter, or a number no sale has, is not found, and said in Arabic.
    for (const ref of [`p-${number}`, '999999']) {
      const res = await check(ref);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json().error.code).toBe('ORIGINAL_NOT_FOUND');
      expect(res.json().error.message).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
