import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { store } from '../../db/schema.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/** Every path that lowers stock goes through one check: with negative stock off, none takes an item below zero. */
describeEachDatabase('one stock check on every path that lowers stock', (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);
  const invoice = (custId: number, itemId: number, quantity: string) => ({
    invoice: { cust_id: custId, pay_date: '2026-11-22', discount: '0', pay: '0' },
    items: [{ item_id: itemId, quantity }],
  });
  /** An item with no opening quantity, 10 bought from the supplier and 8 of them sold. */
  const boughtAndSold = async (c: TestClient) => {
    const { item, customer, supplier } = await setup(c, '0');
    const purchase = (await c.post('/api/perch/createWithItems', invoice(supplier.id, item.id, '10'))).json().data[0];
    expect((await c.post('/api/pay/createWithItems', invoice(customer.id, item.id, '8'))).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('2.000');
    return { item, customer, supplier, purchase };
  };
  const expectShort = (
    res: { statusCode: number; json: () => { error: { code: string; message: string }; insufficient_items: object[] } },
    itemId: number,
    shortage: string,
  ) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('STOCK_INSUFFICIENT');
    expect(res.json().error.message).toMatch(/المتوفر/);
    expect(res.json().insufficient_items).toEqual([expect.objectContaining({ item_id: itemId, shortage })]);
  };

  it('deleting a purchase whose goods were sold is refused with the short items', async () => {
    const c = await signedIn();
    const { item, purchase } = await boughtAndSold(c);
    expectShort(await c.post('/api/perch/deleteWithItems', { pay_id: purchase.pay_id }), item.id, '8.000');
    expectShort(await c.request('DELETE', `/api/perch/delete?pay_id=${purchase.pay_id}`), item.id, '8.000');
    expect(await stockOf(item.id)).toBe('2.000');
  });

  it('editing a purchase below what was sold is refused; above it is saved', async () => {
    const c = await signedIn();
    const { item, supplier, purchase } = await boughtAndSold(c);
    const edit = (quantity: string) =>
      c.post('/api/perch/updateWithItems', {
        ...invoice(supplier.id, item.id, quantity),
        invoice: { ...invoice(supplier.id, item.id, quantity).invoice, pay_id: purchase.pay_id },
      });
    expectShort(await edit('3'), item.id, '5.000');
    expect(await stockOf(item.id)).toBe('2.000');
    expect((await edit('8')).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('0.000');
  });

  it('the legacy paths that take a purchase’s lines away are refused too', async () => {
    const c = await signedIn();
    const { item, purchase } = await boughtAndSold(c);
    expectShort(
      await c.request('DELETE', `/api/perch_details/deleteMultiServices?pay_ref=${purchase.pay_ref}`),
      item.id,
      '8.000',
    );
    expect(await stockOf(item.id)).toBe('2.000');
  });

  it('lowering or clearing opening quantities below what was sold is refused', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '10');
    expect((await c.post('/api/pay/createWithItems', invoice(customer.id, item.id, '7'))).statusCode).toBe(200);
    expectShort(await c.post('/api/firstq/update', { item_id: item.id, quantity: '2', fq_year: 1 }), item.id, '5.000');
    expect(await stockOf(item.id)).toBe('3.000');
    expect((await c.post('/api/firstq/update', { item_id: item.id, quantity: '7', fq_year: 1 })).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('0.000');
    const cleared = await c.request('DELETE', '/api/firstq/deleteByStore?store_id=1&fq_year=1');
    expectShort(cleared, item.id, '7.000');
    expect(await stockOf(item.id)).toBe('0.000');
  });

  it('a store that allows negative stock lets every path through', async () => {
    const c = await signedIn();
    const { item, purchase } = await boughtAndSold(c);
    await ctx().database.db.update(store).set({ allow_negative_stock: true }).where(eq(store.id, 1));
    try {
      expect((await c.post('/api/perch/deleteWithItems', { pay_id: purchase.pay_id })).statusCode).toBe(200);
      expect(await stockOf(item.id)).toBe('-8.000');
    } finally {
      await ctx().database.db.update(store).set({ allow_negative_stock: false }).where(eq(store.id, 1));
    }
  });

  it('validateStockQuantity agrees with the save in both modes, and an unknown item is never valid', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '2');
    const validate = async (itemList: object[]) =>
      (await c.post('/api/items/validateStockQuantity', { store_id: 1, itemList })).json();
    const sale = async (quantity: string) =>
      (await c.post('/api/pay/createWithItems', invoice(customer.id, item.id, quantity))).statusCode;
    expect(await validate([{ item_id: item.id, quantity: '5' }])).toMatchObject({ valid: false });
    expect(await validate([{ item_id: 99999999, quantity: '1' }])).toMatchObject({
      valid: false,
      unknown_items: [99999999],
    });
    expect(await sale('5')).toBe(409);
    await ctx().database.db.update(store).set({ allow_negative_stock: true }).where(eq(store.id, 1));
    try {
      expect(await validate([{ item_id: item.id, quantity: '5' }])).toMatchObject({ valid: true });
      expect(await validate([{ item_id: 99999999, quantity: '1' }])).toMatchObject({ valid: false });
      expect(await sale('5')).toBe(200);
    } finally {
      await ctx().database.db.update(store).set({ allow_negative_stock: false }).where(eq(store.id, 1));
    }
  });

  it('a sale and the delete of the purchase it needs, at the same moment: one of them is refused', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    const purchase = (await c.post('/api/perch/createWithItems', invoice(supplier.id, item.id, '10'))).json().data[0];
    const [sold, deleted] = await Promise.all([
      c.post('/api/pay/createWithItems', invoice(customer.id, item.id, '8')),
      c.post('/api/perch/deleteWithItems', { pay_id: purchase.pay_id }),
    ]);
    expect([sold.statusCode, deleted.statusCode].sort()).toEqual([200, 409]);
    expect(Number(await stockOf(item.id))).toBeGreaterThanOrEqual(0);
  });

  it('two opening quantities set at once on a sold item never leave it below zero', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '10');
    expect((await c.post('/api/pay/createWithItems', invoice(customer.id, item.id, '8'))).statusCode).toBe(200);
    for (const [raise, lower] of [
      ['20', '5'],
      ['30', '4'],
      ['25', '3'],
    ]) {
      await Promise.all([
        c.post('/api/firstq/update', { item_id: item.id, quantity: raise, fq_year: 1 }),
        c.post('/api/firstq/update', { item_id: item.id, quantity: lower, fq_year: 1 }),
      ]);
      expect(Number(await stockOf(item.id))).toBeGreaterThanOrEqual(0);
    }
  });
});
