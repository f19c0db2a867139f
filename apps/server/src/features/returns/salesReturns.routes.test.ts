import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/** Sales returns through the HTTP layer: every call of `sales_returns/` and every refusal. */
describeEachDatabase('sales returns', (ctx) => {
  const { signedIn, setup, stockOf, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  type Client = Awaited<ReturnType<typeof signedIn>>;

  /** A sale of 5 at 100 with a 50 discount (10 %), 100 paid: the customer owes 350. */
  const sale = async (c: Client) => {
    const { item, customer } = await setup(c);
    const res = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '50', pay: '100' },
      items: [{ item_id: item.id, quantity: '5', pay_price: '100' }],
    });
    expect(res.statusCode).toBe(200);
    return { item, customer, invoice: res.json().data[0] };
  };
  const returnOf = (payRef: string, items: unknown[], over: Record<string, unknown> = {}) => ({
    invoice: { original_pay_ref: payRef, return_date: '2026-03-12', return_reason: 'تالف', ...over },
    items,
  });
  const current = async (c: Client, id: number) => (await balanceOf(c, id)).current_balance as string;

  it('a partial return brings the goods back at the net price and lowers what the customer owes', async () => {
    const c = await signedIn();
    const { item, customer, invoice } = await sale(c);
    const owedBefore = await current(c, customer.id);
    expect(await stockOf(item.id)).toBe('5.000');

    const res = await c.post(
      '/api/sales_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '2' }]),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json().data[0];
    expect(saved).toMatchObject({
      return_ref: expect.stringMatching(/^SH-SR-\d{6}$/),
      original_pay_ref: invoice.pay_ref,
      cust_id: customer.id,
      tot_pr: '180.00',
      changee: '180.00',
      return_reason: 'تالف',
      is_full_return: false,
    });
    // The default price is the original's net of its 10 % discount share.
    expect(saved.items[0]).toMatchObject({
      quantity: '2.000',
      return_price: '90.00',
      original_price: '100.00',
      tot: '180.00',
    });
    expect(await stockOf(item.id)).toBe('7.000');
    expect(Number(owedBefore) - Number(await current(c, customer.id))).toBe(180);

    const existing = (
      await c.get(`/api/sales_returns/checkExistingReturns?original_pay_ref=${invoice.pay_ref}&store_id=1&yearId=1`)
    ).json();
    expect(existing.original).toMatchObject({ pay_ref: invoice.pay_ref, cust_id: customer.id });
    expect(existing.data).toEqual([
      expect.objectContaining({
        item_id: item.id,
        quantity: '5.000',
        returned_quantity: '2.000',
        remaining_quantity: '3.000',
        net_price: '90.00',
      }),
    ]);
    // The records read what is left of an invoice; the print reads the return as an invoice.
    const left = (await c.get(`/api/sales_returns/returnedByInvoice?pay_ids=${invoice.pay_id},999999`)).json().data;
    expect(left).toEqual([{ pay_id: invoice.pay_id, quantity: '5.000', returned_quantity: '2.000' }]);
    const printed = (await c.get(`/api/sales_returns/readById?pay_id=${saved.return_id}`)).json().data[0];
    expect(printed).toMatchObject({ kind: 'sales_returns', pay_ref: saved.return_ref, tot_pr: '180.00' });
    expect((await c.get(`/api/sales_returns/readById?pay_id=${invoice.pay_id}`)).statusCode).toBe(404);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a refund by bank comes out of the bank; the rest of the goods can still come back, then nothing more', async () => {
    const c = await signedIn();
    const { item, customer, invoice } = await sale(c);
    const first = await c.post(
      '/api/sales_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '3' }], { pay: '270', return_method: 'bank' }),
    );
    expect(first.json().data[0]).toMatchObject({
      tot_pr: '270.00',
      pay: '270.00',
      changee: '0.00',
      return_method: 'bank',
    });
    const rest = await c.post(
      '/api/sales_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '2', return_price: '80' }]),
    );
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data[0]).toMatchObject({ tot_pr: '160.00', is_full_return: true });
    // A second return past what was sold: refused, nothing moved.
    const past = await c.post(
      '/api/sales_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }]),
    );
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toMatchObject({
      code: 'RETURN_EXCEEDS_REMAINING',
      message: expect.stringMatching(/المتبقي/),
    });
    expect(past.json().error.fields['items.0.quantity']).toBe('RETURN_EXCEEDS_REMAINING');
    expect(await stockOf(item.id)).toBe('10.000');
    expect(await balancesOffTheLedger()).toEqual([]);
    void customer;
  });

  it('refuses a return of more than was sold, above the net price, of an item not sold, or of an unknown invoice', async () => {
    const c = await signedIn();
    const { item, invoice } = await sale(c);
    const other = (
      await c.post('/api/items/create', { item_name: `آخر ${Math.random()}`, perch_price: '1', pay_price: '2' })
    ).json().data[0];
    const cases = [
      [returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '6' }]), 409, 'RETURN_EXCEEDS_REMAINING'],
      [
        returnOf(invoice.pay_ref, [
          { item_id: item.id, quantity: '3' },
          { item_id: item.id, quantity: '3' },
        ]),
        409,
        'RETURN_EXCEEDS_REMAINING',
      ],
      [
        returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1', return_price: '90.01' }]),
        400,
        'RETURN_PRICE_ABOVE_ORIGINAL',
      ],
      [returnOf(invoice.pay_ref, [{ item_id: other.id, quantity: '1' }]), 400, 'ITEM_NOT_ON_ORIGINAL'],
      [returnOf('SH-S-999999', [{ item_id: item.id, quantity: '1' }]), 404, 'ORIGINAL_NOT_FOUND'],
      [
        returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }], { return_date: '2025-03-12' }),
        400,
        'DATE_OUTSIDE_YEAR',
      ],
      [returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }], { pay: '91' }), 400, 'NEGATIVE_REMAINDER'],
      [returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '0' }]), 400, 'VALIDATION_FAILED'],
    ] as const;
    for (const [body, status, code] of cases) {
      const res = await c.post('/api/sales_returns/createWithItems', body);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(/[\u0600-\u06FF]/);
    }
    // A purchase reference is not a sale: a sales return does not find it.
    expect(await stockOf(item.id)).toBe('5.000');
  });

  it("refuses a return of a deleted invoice and of another store's invoice", async () => {
    const c = await signedIn();
    const { item, invoice } = await sale(c);
    expect((await c.post('/api/pay/deleteWithItems', { pay_id: invoice.pay_id })).statusCode).toBe(200);
    const deleted = await c.post(
      '/api/sales_returns/createWithItems',
      returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }]),
    );
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().error.code).toBe('ORIGINAL_NOT_FOUND');

    const { invoice: mine } = await sale(c);
    const keeper = await signedIn('admin', 'admin123', 2);
    const foreign = await keeper.post(
      '/api/sales_returns/createWithItems',
      returnOf(mine.pay_ref, [{ item_id: item.id, quantity: '1' }]),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('ORIGINAL_NOT_FOUND');
    const check = await keeper.get(
      `/api/sales_returns/checkExistingReturns?original_pay_ref=${mine.pay_ref}&store_id=2&yearId=1`,
    );
    expect(check.statusCode).toBe(404);
    // Naming another store than the session's is forbidden outright.
    expect((await keeper.get(`/api/sales_returns/getTopReturns?store_id=1&yearId=1`)).statusCode).toBe(403);
  });

  it('an invoice with returns keeps at least what was returned and is not deleted while they exist', async () => {
    const c = await signedIn();
    const { item, customer, invoice } = await sale(c);
    const back = (
      await c.post(
        '/api/sales_returns/createWithItems',
        returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '2' }]),
      )
    ).json().data[0];
    const edit = (quantity: string) =>
      c.post('/api/pay/updateWithItems', {
        invoice: { pay_id: invoice.pay_id, cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity, pay_price: '100' }],
      });
    const below = await edit('1');
    expect(below.statusCode).toBe(409);
    expect(below.json().error.code).toBe('BELOW_RETURNED');
    expect((await edit('2')).statusCode).toBe(200);
    // The legacy line delete would leave the invoice without its returned goods.
    const legacy = await c.request(
      'DELETE',
      `/api/pay_details/deleteMultiServices?pay_ref=${invoice.pay_ref}&yearId=1`,
    );
    expect(legacy.statusCode).toBe(409);

    const del = await c.post('/api/pay/deleteWithItems', { pay_id: invoice.pay_id, pay_ref: invoice.pay_ref });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatchObject({ code: 'DOCUMENT_HAS_RETURNS', message: expect.stringMatching(/مرتجعات/) });
    const demote = await c.post('/api/payinit/saveWithItemsAndDeletePay', {
      invoice: { pay_id: invoice.pay_id, cust_id: customer.id, pay_date: '2026-03-10' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(demote.statusCode).toBe(409);

    expect(
      (await c.post('/api/sales_returns/deleteWithItems', { return_id: back.return_id, return_ref: back.return_ref }))
        .statusCode,
    ).toBe(200);
    expect((await c.post('/api/pay/deleteWithItems', { pay_id: invoice.pay_id })).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('10.000');
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('an edit of a return replaces its figures; a delete takes them back; reads answer by date and reference', async () => {
    const c = await signedIn();
    const { item, customer, invoice } = await sale(c);
    const owed = await current(c, customer.id);
    const saved = (
      await c.post(
        '/api/sales_returns/createWithItems',
        returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '1' }]),
      )
    ).json().data[0];
    const edited = await c.post('/api/sales_returns/updateWithItems', {
      invoice: { return_id: saved.return_id, original_pay_ref: invoice.pay_ref, return_date: '2026-03-13', pay: '20' },
      items: [{ item_id: item.id, quantity: '4' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({
      return_ref: saved.return_ref,
      tot_pr: '360.00',
      pay: '20.00',
      changee: '340.00',
    });
    expect(await stockOf(item.id)).toBe('9.000');
    expect(Number(owed) - Number(await current(c, customer.id))).toBe(340);
    // Past what is left (5 sold, this return may take all 5 but not 6).
    const over = await c.post('/api/sales_returns/updateWithItems', {
      invoice: { return_id: saved.return_id, original_pay_ref: invoice.pay_ref, return_date: '2026-03-13' },
      items: [{ item_id: item.id, quantity: '6' }],
    });
    expect(over.json().error.code).toBe('RETURN_EXCEEDS_REMAINING');

    const top = (await c.get('/api/sales_returns/getTopReturns.php?store_id=1&yearId=1')).json().data;
    expect(top[0]).toMatchObject({
      return_ref: saved.return_ref,
      return_date: '2026-03-13',
      sub_name: customer.sub_name,
    });
    const byDate = (await c.get('/api/sales_returns/getReturnsByDate?store_id=1&yearId=1&from=2026-03-13')).json().data;
    expect(byDate.map((r: { return_ref: string }) => r.return_ref)).toContain(saved.return_ref);
    expect(
      (await c.get('/api/sales_returns/getReturnsByDate?store_id=1&yearId=1&from=2026-03-14')).json().data,
    ).toEqual([]);
    const detail = (
      await c.get(`/api/sales_returns/getReturnDetail?store_id=1&yearId=1&return_ref=${saved.return_ref}`)
    ).json().data[0];
    expect(detail.items).toHaveLength(1);
    expect(
      (await c.get('/api/sales_returns/getReturnDetail?store_id=1&yearId=1&return_ref=SH-SR-999999')).statusCode,
    ).toBe(404);

    expect((await c.post('/api/sales_returns/deleteWithItems', { return_id: saved.return_id })).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('5.000');
    expect(await current(c, customer.id)).toBe(owed);
    expect((await c.post('/api/sales_returns/deleteWithItems', { return_id: saved.return_id })).statusCode).toBe(404);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a retry with the same key answers the first return; returns stay out of the sales reads', async () => {
    const c = await signedIn();
    const { item, invoice } = await sale(c);
    const body = {
      ...returnOf(invoice.pay_ref, [{ item_id: item.id, quantity: '5' }]),
      idempotency_key: `rtn-${Math.random()}`,
    };
    const first = (await c.post('/api/sales_returns/createWithItems', body)).json().data[0];
    const again = await c.post('/api/sales_returns/createWithItems', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0].return_id).toBe(first.return_id);
    expect(await stockOf(item.id)).toBe('10.000');
    const sales = (await c.get('/api/pay/getTopSales?store_id=1&yearId=1')).json().data;
    expect(sales.every((s: { kind: string }) => s.kind === 'pay')).toBe(true);
    const lines = (await c.get(`/api/pay_details/readAllByItemId?store_id=1&yearId=1&item_id=${item.id}`)).json().data;
    expect(lines).toHaveLength(1);
    // The invoice routes do not serve the return kinds.
    expect((await c.get('/api/sales_returns/getTopSales?store_id=1&yearId=1')).statusCode).toBe(404);
  });
});
