import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/** Purchase returns through the HTTP layer: the mirror of sales returns, refused when the goods are gone. */
describeEachDatabase('purchase returns', (ctx) => {
  const { signedIn, setup, stockOf, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  type Client = Awaited<ReturnType<typeof signedIn>>;

  /** A purchase of 5 at 80 from the supplier, nothing paid, on an item with no opening stock. */
  const purchase = async (c: Client) => {
    const { item, customer, supplier } = await setup(c, '0');
    const res = await c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-04-01', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '5', perch_price: '80' }],
    });
    expect(res.statusCode).toBe(200);
    return { item, customer, supplier, invoice: res.json().data[0] };
  };
  const returnOf = (payRef: string, items: unknown[], over: Record<string, unknown> = {}) => ({
    invoice: { original_pay_ref: payRef, return_date: '2026-04-03', ...over },
    items,
  });
  const balance = async (c: Client, id: number) => (await balanceOf(c, id)).current_balance as string;

  it('a purchase return sends the goods back and lowers what the store owes the supplier', async () => {
    const c = await signedIn();
    const { item, supplier, invoice } = await purchase(c);
    const owed = await balance(c, supplier.id);
    const res = await c.post(
      '/api/purchase_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '2' }], { return_reason: 'عيب مصنعي' }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json().data[0];
    expect(saved).toMatchObject({
      return_ref: expect.stringMatching(/^SH-PR-\d{6}$/),
      tot_pr: '160.00',
      cust_id: supplier.id,
      return_reason: 'عيب مصنعي',
    });
    expect(saved.items[0]).toMatchObject({ return_price: '80.00', original_price: '80.00' });
    expect(await stockOf(item.id)).toBe('3.000');
    expect(Number(owed) - Number(await balance(c, supplier.id))).toBe(160);

    const top = (await c.get('/api/purchase_returns/getTopPurchaseReturns.php?store_id=1&yearId=1')).json().data;
    expect(top[0]).toMatchObject({ return_ref: saved.return_ref, original_pay_ref: invoice.pay_ref });
    const existing = (
      await c.get(`/api/purchase_returns/checkExistingReturns?original_pay_ref=${invoice.pay_ref}&store_id=1&yearId=1`)
    ).json();
    expect(existing.data[0]).toMatchObject({ returned_quantity: '2.000', remaining_quantity: '3.000' });
    // Not a sale: the sales returns do not find a purchase reference.
    expect(
      (await c.get(`/api/sales_returns/checkExistingReturns?original_pay_ref=${invoice.pay_ref}&yearId=1`)).statusCode,
    ).toBe(404);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('is refused when the goods are no longer in stock, and so is an edit that takes more out', async () => {
    const c = await signedIn();
    const { item, customer, invoice } = await purchase(c);
    const sold = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-04-02', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '4', pay_price: '100' }],
    });
    expect(sold.statusCode).toBe(200);
    const refused = await c.post(
      '/api/purchase_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '3' }]),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STOCK_INSUFFICIENT');
    expect(refused.json().insufficient_items[0]).toMatchObject({ item_id: item.id, available_quantity: '1.000' });

    const one = (
      await c.post(
        '/api/purchase_returns/createWithItems',
        returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }]),
      )
    ).json().data[0];
    expect(await stockOf(item.id)).toBe('0.000');
    const more = await c.post('/api/purchase_returns/updateWithItems', {
      invoice: { return_id: one.return_id, original_pay_ref: invoice.pay_ref, return_date: '2026-04-03' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(more.json().error.code).toBe('STOCK_INSUFFICIENT');
    // Deleting the return brings the goods back in.
    expect((await c.post('/api/purchase_returns/deleteWithItems', { return_id: one.return_id })).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('1.000');
  });

  it('a refund received in cash goes into the cash box; over-returns and another store are refused', async () => {
    const c = await signedIn();
    const { item, supplier, invoice } = await purchase(c);
    const res = await c.post(
      '/api/purchase_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '5', return_price: '70' }], { pay: '350' }),
    );
    expect(res.json().data[0]).toMatchObject({
      tot_pr: '350.00',
      pay: '350.00',
      changee: '0.00',
      is_full_return: true,
    });
    const owed = await balance(c, supplier.id);
    const again = await c.post(
      '/api/purchase_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('RETURN_EXCEEDS_REMAINING');
    expect(await balance(c, supplier.id)).toBe(owed);
    const keeper = await signedIn('admin', 'admin123', 2);
    const foreign = await keeper.post(
      '/api/purchase_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }]),
    );
    expect(foreign.json().error.code).toBe('ORIGINAL_NOT_FOUND');
    // A purchase with returns is not deleted.
    const del = await c.post('/api/perch/deleteWithItems', { pay_id: invoice.pay_id });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('DOCUMENT_HAS_RETURNS');
    expect(await balancesOffTheLedger()).toEqual([]);
  });
});
