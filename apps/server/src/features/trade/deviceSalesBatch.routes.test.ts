import { DEVICE_SALES_PER_CALL } from '@mizan/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tradeDocument } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * A device's queued sales sent together (`pay/createDeviceSales`, docs/offline.md): each saved as
 * `pay/createWithItems` saves one, in the order sent, each answered; a refused one never stops the ones after it.
 */
describeEachDatabase("a device's queued sales sent together", (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);

  const saleOf = (custId: number, itemId: number, deviceId: string, counter: number, pay = '100.00') => ({
    invoice: { cust_id: custId, pay_date: '2026-11-22', pay, pay_method: 'cash' },
    items: [{ item_id: itemId, quantity: '1' }],
    idempotency_key: `${deviceId}-key-${counter}`,
    device: { id: deviceId, counter },
  });
  const documentsOf = (deviceId: string) =>
    ctx()
      .database.db.select({ counter: tradeDocument.device_counter, payId: tradeDocument.pay_id })
      .from(tradeDocument)
      .where(eq(tradeDocument.device_id, deviceId))
      .orderBy(tradeDocument.device_counter);

  it('each sale is answered in order; a refused one is answered with its error and the next is booked', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const device = 'device-batch-00000001';
    const unpaid = saleOf(walkIn.id, item.id, device, 2, '0');
    const answer = await c.post('/api/pay/createDeviceSales', {
      sales: [saleOf(walkIn.id, item.id, device, 1), unpaid, saleOf(walkIn.id, item.id, device, 3)],
    });
    expect(answer.statusCode).toBe(200);
    const results = answer.json().data;
    expect(results.map((r: { idempotency_key: string; status: number }) => [r.idempotency_key, r.status])).toEqual([
      [`${device}-key-1`, 200],
      [`${device}-key-2`, 400],
      [`${device}-key-3`, 200],
    ]);
    expect(results[1].error).toMatchObject({
      code: 'WALK_IN_UNPAID',
      message: expect.stringMatching(/[\u0600-\u06FF]/),
    });
    expect(results[0].doc).toMatchObject({ cust_id: walkIn.id, tot_pr: '100.00', pay: '100.00' });
    expect(results[0].doc.items).toHaveLength(1);
    // Without `invoices_for` every booked sale carries its invoice whole, as before; its id and reference beside it.
    expect(results[0]).toMatchObject({ pay_id: results[0].doc.pay_id, pay_ref: results[0].doc.pay_ref });
    expect(results[2].doc).toBeDefined();
    expect((await documentsOf(device)).map((d) => d.counter)).toEqual([1, 3]);
    expect(await stockOf(item.id)).toBe('8.000');
  });

  it('sent again (its answer lost), or once alone and once together, a sale is booked once', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const device = 'device-batch-00000002';
    const sales = [1, 2, 3].map((counter) => saleOf(walkIn.id, item.id, device, counter));
    const alone = await c.post('/api/pay/createWithItems', sales[1]);
    expect(alone.statusCode).toBe(200);
    const first = (await c.post('/api/pay/createDeviceSales', { sales })).json().data;
    // The same sale twice in one call, and the whole call again: each key answers its first invoice.
    const again = (await c.post('/api/pay/createDeviceSales', { sales: [...sales, sales[0]] })).json().data;
    const ids = (results: { doc: { pay_id: number } }[]) => results.map((r) => r.doc.pay_id);
    expect(first[1].doc.pay_id).toBe(alone.json().data[0].pay_id);
    expect(ids(again)).toEqual([...ids(first), first[0].doc.pay_id]);
    expect((await documentsOf(device)).map((d) => d.counter)).toEqual([1, 2, 3]);
    expect(await stockOf(item.id)).toBe('7.000');

    // Another sale under a number the server holds is refused, as alone.
    const reused = (
      await c.post('/api/pay/createDeviceSales', { sales: [{ ...sales[2], idempotency_key: `${device}-other` }] })
    ).json().data;
    expect(reused).toEqual([
      expect.objectContaining({ status: 409, error: expect.objectContaining({ code: 'DEVICE_COUNTER_REUSED' }) }),
    ]);
  });

  it('asked for one invoice whole, the others are answered by the id and reference the device matches them by', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const device = 'device-batch-00000004';
    const sales = [
      saleOf(walkIn.id, item.id, device, 1),
      saleOf(walkIn.id, item.id, device, 2, '0'),
      saleOf(walkIn.id, item.id, device, 3),
      saleOf(walkIn.id, item.id, device, 4),
    ];
    const call = async () =>
      (await c.post('/api/pay/createDeviceSales', { sales, invoices_for: [`${device}-key-4`] })).json().data;
    const first = await call();
    expect(first.map((r: { status: number; doc?: unknown }) => [r.status, r.doc !== undefined])).toEqual([
      [200, false],
      [400, false],
      [200, false],
      [200, true],
    ]);
    expect(first[1].error.code).toBe('WALK_IN_UNPAID');
    expect(first[3].doc).toMatchObject({ pay_id: first[3].pay_id, pay_ref: first[3].pay_ref, tot_pr: '100.00' });
    // Each answer names the invoice booked under its key, by its final reference (not the provisional one).
    const booked = await ctx()
      .database.db.select({
        idempotency_key: tradeDocument.idempotency_key,
        pay_id: tradeDocument.pay_id,
        pay_ref: tradeDocument.pay_ref,
      })
      .from(tradeDocument)
      .where(eq(tradeDocument.device_id, device))
      .orderBy(tradeDocument.device_counter);
    const answered = (results: { idempotency_key: string; status: number; pay_id?: number; pay_ref?: string }[]) =>
      results
        .filter((r) => r.status === 200)
        .map(({ idempotency_key, pay_id, pay_ref }) => ({ idempotency_key, pay_id, pay_ref }));
    expect(answered(first)).toEqual(booked);
    expect(booked.every((doc) => !doc.pay_ref.startsWith('~'))).toBe(true);

    // The call sent again (its answer lost): the same invoices answered the same way, none booked twice.
    const again = await call();
    expect(answered(again)).toEqual(booked);
    expect(again[3].doc).toMatchObject({ pay_id: first[3].pay_id });
    expect((await documentsOf(device)).map((d) => d.counter)).toEqual([1, 3, 4]);
    expect(await stockOf(item.id)).toBe('7.000');
  });

  it('a sale without its key or device, or more than a call takes, refuses the call; the cashier needs pay.create', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const sale = saleOf(walkIn.id, item.id, 'device-batch-00000003', 1);
    const { device: _device, ...withoutDevice } = sale;
    for (const body of [
      { sales: [] },
      { sales: [withoutDevice] },
      { sales: [{ ...sale, idempotency_key: undefined }] },
      {
        sales: Array.from({ length: DEVICE_SALES_PER_CALL + 1 }, (_, i) =>
          saleOf(walkIn.id, item.id, 'd-many-0001', i + 1),
        ),
      },
    ])
      expect((await c.post('/api/pay/createDeviceSales', body)).statusCode).toBe(400);
    expect(await stockOf(item.id)).toBe('10.000');
    const keeper = await signedIn('keeper', 'keeper123', 2);
    expect((await keeper.post('/api/pay/createDeviceSales', { sales: [sale] })).statusCode).toBe(403);
  });
});
