import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tradeDocument } from '../../db/schema.ts';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { daysBefore } from '../book/documentPermissions.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * Sales made on a device, offline too (docs/offline.md): each carries its idempotency key (a UUID) and the device's
 * counter; the server books a key once and shows per device that the counters run 1…max with no gap and no repeat.
 */
describeEachDatabase('sales numbered by their device', (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);

  const saleBody = (custId: number, itemId: number, key: string, device: { id: string; counter: number }) => ({
    invoice: { cust_id: custId, pay_date: '2026-11-22', pay: '100.00', pay_method: 'cash' },
    items: [{ item_id: itemId, quantity: '1' }],
    idempotency_key: key,
    device,
  });
  const countersOf = async (c: TestClient, deviceId: string) => {
    const answer = await c.get(`/api/pay/deviceCounters?device_id=${deviceId}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().data;
  };
  const documentsOf = (deviceId: string) =>
    ctx()
      .database.db.select({ counter: tradeDocument.device_counter, key: tradeDocument.idempotency_key })
      .from(tradeDocument)
      .where(eq(tradeDocument.device_id, deviceId));

  it('three sales of a device run 1…3: complete, and another device is counted apart', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const device = 'device-a-00000000-0000-4000-8000-000000000001';
    for (const counter of [1, 2, 3]) {
      const saved = await c.post(
        '/api/pay/createWithItems',
        saleBody(walkIn.id, item.id, `sale-a-${counter}-0000`, { id: device, counter }),
      );
      expect(saved.statusCode).toBe(200);
    }
    await c.post(
      '/api/pay/createWithItems',
      saleBody(walkIn.id, item.id, 'sale-b-1-0000', { id: 'device-b-1', counter: 1 }),
    );

    expect(await countersOf(c, device)).toEqual([
      { device_id: device, count: 3, max: 3, missing: [], repeated: [], complete: true },
    ]);
    const all = (await c.get('/api/pay/deviceCounters')).json().data;
    expect(all.map((d: { device_id: string; count: number }) => [d.device_id, d.count])).toEqual([
      [device, 3],
      ['device-b-1', 1],
    ]);
    expect(await countersOf(c, 'device-never-seen')).toEqual([
      { device_id: 'device-never-seen', count: 0, max: 0, missing: [], repeated: [], complete: true },
    ]);
  });

  it('a missing number shows: 1, 2 and 4 are not complete, 3 is missing', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const device = 'device-gap-0001';
    for (const counter of [1, 2, 4])
      await c.post(
        '/api/pay/createWithItems',
        saleBody(walkIn.id, item.id, `sale-gap-${counter}-00`, { id: device, counter }),
      );
    expect(await countersOf(c, device)).toEqual([
      { device_id: device, count: 3, max: 4, missing: [3], repeated: [], complete: false },
    ]);
  });

  it('a queued sale sent twice (its answer lost) is booked once; its key with other content is refused', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const device = { id: 'device-retry-0001', counter: 1 };
    const body = saleBody(walkIn.id, item.id, '6b0d4c1e-2f4a-4b8e-9d7a-1f2e3d4c5b6a', device);
    const first = await c.post('/api/pay/createWithItems', body);
    const again = await c.post('/api/pay/createWithItems', {
      ...body,
      invoice: { ...body.invoice, pay_time: '23:59' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0].pay_id).toBe(first.json().data[0].pay_id);
    expect(await stockOf(item.id)).toBe('9.000');

    const otherLines = await c.post('/api/pay/createWithItems', {
      ...body,
      invoice: { ...body.invoice, pay: '200.00' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(otherLines.statusCode).toBe(409);
    expect(otherLines.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherCounter = await c.post('/api/pay/createWithItems', { ...body, device: { ...device, counter: 2 } });
    expect(otherCounter.statusCode).toBe(409);
    expect(otherCounter.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    expect(await documentsOf(device.id)).toEqual([{ counter: 1, key: body.idempotency_key }]);
    expect(await stockOf(item.id)).toBe('9.000');
  });

  it("a device's number names one sale: another sale with it is refused with DEVICE_COUNTER_REUSED", async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const device = { id: 'device-twice-0001', counter: 1 };
    await c.post('/api/pay/createWithItems', saleBody(walkIn.id, item.id, 'sale-twice-first', device));
    const second = await c.post('/api/pay/createWithItems', saleBody(walkIn.id, item.id, 'sale-twice-other', device));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('DEVICE_COUNTER_REUSED');
    expect(await documentsOf(device.id)).toEqual([{ counter: 1, key: 'sale-twice-first' }]);
    expect(await stockOf(item.id)).toBe('9.000');
  });

  it('a counter below 1 is refused; the proof is read with the reports permission only', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const zero = await c.post(
      '/api/pay/createWithItems',
      saleBody(walkIn.id, item.id, 'sale-zero-0000', { id: 'device-zero-0001', counter: 0 }),
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.code).toBe('VALIDATION_FAILED');

    const cashier = await signedIn('cashier', 'cashier123', 1);
    expect((await cashier.get('/api/pay/deviceCounters')).statusCode).toBe(403);
    // The cashier sells with the device's number all the same (today: a cashier's role sells on no other day).
    const body = saleBody(walkIn.id, item.id, 'sale-cashier-0001', { id: 'device-cashier-0001', counter: 1 });
    const sold = await cashier.post('/api/pay/createWithItems', {
      ...body,
      invoice: { ...body.invoice, pay_date: today() },
    });
    expect(sold.statusCode).toBe(200);
  });
  it("the midnight rule: a cashier's device sale made up to 3 days before the server's today keeps its date", async () => {
    const admin = await signedIn();
    const { item, walkIn } = await setup(admin);
    const cashier = await signedIn('cashier', 'cashier123', 1);
    const device = 'device-midnight-0001';
    const sale = (key: string, counter: number, daysAgo: number) => {
      const body = saleBody(walkIn.id, item.id, key, { id: device, counter });
      return cashier.post('/api/pay/createWithItems', {
        ...body,
        invoice: { ...body.invoice, pay_date: daysBefore(today(), daysAgo) },
      });
    };

    const yesterday = await sale('sale-midnight-1', 1, 1);
    expect(yesterday.statusCode).toBe(200);
    expect(yesterday.json().data[0].pay_date).toBe(daysBefore(today(), 1));
    expect((await sale('sale-midnight-2', 2, 3)).statusCode).toBe(200);

    const fourDays = await sale('sale-midnight-3', 3, 4);
    expect(fourDays.statusCode).toBe(403);
    expect(fourDays.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'sale.backDate' });

    // A retry of the booked sale answers its invoice, as any retry.
    const again = await sale('sale-midnight-1', 1, 1);
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0].pay_id).toBe(yesterday.json().data[0].pay_id);

    // A number the server already holds is no device's unsent sale: it may not back-date.
    const heldNumber = await sale('sale-midnight-sneak', 1, 1);
    expect(heldNumber.statusCode).toBe(403);
    expect(heldNumber.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'sale.backDate' });

    // Without a device, yesterday needs the permission, as before.
    const body = saleBody(walkIn.id, item.id, 'sale-midnight-nodevice', { id: device, counter: 9 });
    const { device: _dropped, ...withoutDevice } = body;
    const noDevice = await cashier.post('/api/pay/createWithItems', {
      ...withoutDevice,
      invoice: { ...body.invoice, pay_date: daysBefore(today(), 1) },
    });
    expect(noDevice.statusCode).toBe(403);
    expect(noDevice.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'sale.backDate' });

    expect((await documentsOf(device)).map((d) => d.counter).sort()).toEqual([1, 2]);
    expect(await stockOf(item.id)).toBe('8.000');
    // The administrator (sale.backDate) sends the 4-day-old one again from the sync screen: it is booked.
    const resent = saleBody(walkIn.id, item.id, 'sale-midnight-3', { id: device, counter: 3 });
    const byAdmin = await admin.post('/api/pay/createWithItems', {
      ...resent,
      invoice: { ...resent.invoice, pay_date: daysBefore(today(), 4) },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(await countersOf(admin, device)).toEqual([
      { device_id: device, count: 3, max: 3, missing: [], repeated: [], complete: true },
    ]);
  });
});
