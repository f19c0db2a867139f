import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/**
 * Returns follow their original (issue 18, part 5): an invoice with returns keeps its party, charges at least what
 * its returns refunded and keeps what they took back, whichever path edits it; and refunds never pass the charge.
 */
describeEachDatabase('returns follow their original', (ctx) => {
  const { signedIn, setup, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  type Client = Awaited<ReturnType<typeof signedIn>>;
  const balance = async (c: Client, id: number) => (await balanceOf(c, id)).current_balance as string;
  const returnOf = (payRef: string, items: unknown[]) => ({
    invoice: { original_pay_ref: payRef, return_date: '2026-03-12' },
    items,
  });
  const newParty = async (c: Client, ac_id: 1 | 2) =>
    (await c.post('/api/sub_accounts/create', { ac_id, sub_name: `طرف ${Math.random()}` })).json().data[0];

  it('a full return of 1,000 @ 0.50 with a 4.99 discount refunds the 495.01 charged, at once or in three parts', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '3000');
    const sell = async () =>
      (
        await c.post('/api/pay/createWithItems', {
          invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '4.99', pay: '0' },
          items: [{ item_id: item.id, quantity: '1000', pay_price: '0.50' }],
        })
      ).json().data[0];
    const owedBefore = await balance(c, customer.id);
    const sale = await sell();
    expect(sale).toMatchObject({ tot_pr: '500.00', discount: '4.99', changee: '495.01' });

    const all = await c.post(
      '/api/sales_returns/createWithItems',
      returnOf(sale.pay_ref, [{ item_id: item.id, quantity: '1000' }]),
    );
    expect(all.statusCode).toBe(200);
    // At the original's price, less the rounding above the charge: what the sale charged, to the cent.
    expect(all.json().data[0]).toMatchObject({
      tot_pr: '500.00',
      discount: '4.99',
      changee: '495.01',
      is_full_return: true,
    });
    expect(await balance(c, customer.id)).toBe(owedBefore);

    const parts = await sell();
    const refunds: string[] = [];
    for (const quantity of ['333', '333', '334']) {
      const res = await c.post(
        '/api/sales_returns/createWithItems',
        returnOf(parts.pay_ref, [{ item_id: item.id, quantity }]),
      );
      expect(res.statusCode).toBe(200);
      refunds.push(res.json().data[0].changee);
    }
    expect(refunds).toEqual(['164.84', '164.84', '165.33']);
    expect(await balance(c, customer.id)).toBe(owedBefore);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('an edit of a sale with returns is refused (409, naming the returns) when it changes the customer, charges less than was refunded or drops returned goods', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const other = await newParty(c, 1);
    const sale = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '10', pay_price: '10' }],
      })
    ).json().data[0];
    const back = (
      await c.post('/api/sales_returns/createWithItems', returnOf(sale.pay_ref, [{ item_id: item.id, quantity: '10' }]))
    ).json().data[0];
    expect(back).toMatchObject({ changee: '100.00' });
    const owed = [await balance(c, customer.id), await balance(c, other.id)];
    const named = [{ pay_id: back.return_id, pay_ref: back.return_ref }];
    const edit = (over: { cust_id?: number; discount?: string; quantity?: string; pay_price?: string }) =>
      c.post('/api/pay/updateWithItems', {
        invoice: {
          pay_id: sale.pay_id,
          cust_id: over.cust_id ?? customer.id,
          pay_date: '2026-03-10',
          discount: over.discount ?? '0',
          pay: '0',
        },
        items: [{ item_id: item.id, quantity: over.quantity ?? '10', pay_price: over.pay_price ?? '10' }],
      });
    const refused = async (res: Awaited<ReturnType<typeof edit>>, code: string, field: string) => {
      expect(res.statusCode, `${code} ${res.body}`).toBe(409);
      expect(res.json().error).toMatchObject({ code, message: expect.stringMatching(/مرتجع/) });
      expect(res.json().error.fields, res.body).toMatchObject({ [field]: code });
      expect(res.json().returns).toEqual(named);
    };

    // The case: moved to another customer at 1.00, the first would keep a 100.00 credit for nothing bought.
    await refused(await edit({ cust_id: other.id, pay_price: '1' }), 'PARTY_HAS_RETURNS', 'cust_id');
    await refused(await edit({ cust_id: other.id }), 'PARTY_HAS_RETURNS', 'cust_id');
    await refused(await edit({ pay_price: '9.99' }), 'BELOW_REFUNDED', `item.${item.id}`);
    await refused(await edit({ discount: '0.01' }), 'BELOW_REFUNDED', 'discount');
    await refused(await edit({ quantity: '9' }), 'BELOW_RETURNED', 'items');
    // The legacy two-call edits reach the same guard: a header naming another customer, the lines deleted.
    await refused(
      await c.post('/api/pay/update', {
        pay_id: sale.pay_id,
        cust_id: other.id,
        pay_date: '2026-03-10',
        tot_pr: '100',
        pay: '0',
      }),
      'PARTY_HAS_RETURNS',
      'cust_id',
    );
    await refused(
      await c.post('/api/pay/update', {
        pay_id: sale.pay_id,
        cust_id: customer.id,
        pay_date: '2026-03-10',
        tot_pr: '100',
        discount: '0.01',
        pay: '0',
      }),
      'BELOW_REFUNDED',
      'discount',
    );
    await refused(
      await c.request('DELETE', `/api/pay_details/deleteMultiServices?pay_ref=${sale.pay_ref}&yearId=1`),
      'BELOW_RETURNED',
      'items',
    );
    const del = await c.post('/api/pay/deleteWithItems', { pay_id: sale.pay_id });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ error: { code: 'DOCUMENT_HAS_RETURNS' }, returns: named });
    expect([await balance(c, customer.id), await balance(c, other.id)]).toEqual(owed);

    // Saved again as it is, or at a higher price, it passes.
    expect((await edit({})).statusCode).toBe(200);
    expect((await edit({ pay_price: '12' })).statusCode).toBe(200);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a purchase with returns keeps its supplier and its price', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '0');
    const other = await newParty(c, 2);
    const purchase = (
      await c.post('/api/perch/createWithItems', {
        invoice: { cust_id: supplier.id, pay_date: '2026-04-01', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '5', perch_price: '80' }],
      })
    ).json().data[0];
    const back = await c.post('/api/purchase_returns/createWithItems', {
      invoice: { original_pay_ref: purchase.pay_ref, return_date: '2026-04-03' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(back.statusCode).toBe(200);
    const edit = (cust_id: number, perch_price: string) =>
      c.post('/api/perch/updateWithItems', {
        invoice: { pay_id: purchase.pay_id, cust_id, pay_date: '2026-04-01', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '5', perch_price }],
      });
    const moved = await edit(other.id, '80');
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      error: { code: 'PARTY_HAS_RETURNS' },
      returns: [{ pay_id: back.json().data[0].return_id, pay_ref: back.json().data[0].return_ref }],
    });
    expect((await edit(supplier.id, '70')).json().error.code).toBe('BELOW_REFUNDED');
    expect((await edit(supplier.id, '80')).statusCode).toBe(200);
  });

  it('a return is never dated before its original, and the original never moves after its returns', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '10');
    const sale = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-04-10', pay_time: '12:00', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '4', pay_price: '10' }],
      })
    ).json().data[0];
    const early = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sale.pay_ref, return_date: '2026-04-09' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({
      code: 'RETURN_BEFORE_ORIGINAL',
      fields: { return_date: 'RETURN_BEFORE_ORIGINAL' },
    });
    expect(early.json().error.message).toMatch(/[\u0600-\u06FF]/);
    const sameDayEarlier = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sale.pay_ref, return_date: '2026-04-10', return_time: '11:00' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(sameDayEarlier.json().error.code).toBe('RETURN_BEFORE_ORIGINAL');

    const returned = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sale.pay_ref, return_date: '2026-04-12' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(returned.statusCode).toBe(200);
    const moved = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sale.pay_id, cust_id: customer.id, pay_date: '2026-04-13', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '4', pay_price: '10' }],
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe('ORIGINAL_AFTER_RETURN');
    expect(moved.json().returns).toEqual([
      { pay_id: returned.json().data[0].return_id, pay_ref: returned.json().data[0].return_ref },
    ]);
    // Moving it earlier, or to the return's own day, keeps the return after it.
    const earlier = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sale.pay_id, cust_id: customer.id, pay_date: '2026-04-11', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '4', pay_price: '10' }],
    });
    expect(earlier.statusCode).toBe(200);
    expect(await balancesOffTheLedger()).toEqual([]);
  });
});
