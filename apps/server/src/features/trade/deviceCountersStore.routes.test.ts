import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * Issue 35, finding 12: another store's device counters were readable. `GET pay/deviceCounters` by an administrator
 * signed in to store 1 answered store 2's device ids and counts. Each store reads its own devices' sales only, by any
 * spelling of the call.
 */
describeEachDatabase("a store's device counters are its own", (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const sale = (custId: number, itemId: number, key: string, device: { id: string; counter: number }) => ({
    invoice: { cust_id: custId, pay_date: '2026-11-22', pay: '100.00', pay_method: 'cash' },
    items: [{ item_id: itemId, quantity: '1' }],
    idempotency_key: key,
    device,
  });
  const sell = async (c: TestClient, deviceId: string, counters: number[]) => {
    const { item, walkIn } = await setup(c);
    for (const counter of counters) {
      const res = await c.post(
        '/api/pay/createWithItems',
        sale(walkIn.id, item.id, `${deviceId}-${counter}-key`, { id: deviceId, counter }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it("store 1's administrator reads store 1's devices only; store 2's are not named nor counted", async () => {
    const store1 = await signedIn('admin', 'admin123', 1);
    const store2 = await signedIn('admin', 'admin123', 2);
    await sell(store1, 'till-of-store-1', [1, 2]);
    await sell(store2, 'till-of-store-2', [1, 2, 3]);

    const ids = (answer: { json: () => { data: { device_id: string }[] } }) =>
      answer.json().data.map((d) => d.device_id);
    for (const url of [
      '/api/pay/deviceCounters',
      '/api23/pay/deviceCounters',
      '/api/pay/deviceCounters.php',
      '/api/pay/deviceCounters?yearId=2',
    ]) {
      const answer = await store1.get(url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      expect(ids(answer), url).toEqual(['till-of-store-1']);
    }
    expect(ids(await store2.get('/api/pay/deviceCounters'))).toEqual(['till-of-store-2']);
    // Asked by name, store 2's till holds no sale of store 1.
    expect((await store1.get('/api/pay/deviceCounters?device_id=till-of-store-2')).json().data).toEqual([
      { device_id: 'till-of-store-2', count: 0, max: 0, missing: [], repeated: [], complete: true },
    ]);
    // Naming the other store is refused outright.
    const other = await store1.get('/api/pay/deviceCounters?store_id=2');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('STORE_FORBIDDEN');
  });

  it('a device that sold in both stores: each store counts its own sales of it only', async () => {
    const store1 = await signedIn('admin', 'admin123', 1);
    const store2 = await signedIn('admin', 'admin123', 2);
    // One phone, one counter (the web app numbers a device's sales across stores): its sales 1 and 2 in store 1, then
    // 3, 4 and 5 in store 2, then 6 in store 1. Each store reads the numbers it holds; what it does not hold it cannot
    // tell from a lost sale (docs/offline.md).
    await sell(store1, 'phone-of-both', [1, 2]);
    await sell(store2, 'phone-of-both', [3, 4, 5]);
    await sell(store1, 'phone-of-both', [6]);
    const [mine] = (await store1.get('/api/pay/deviceCounters?device_id=phone-of-both')).json().data;
    expect(mine).toMatchObject({ device_id: 'phone-of-both', count: 3, repeated: [] });
    const [theirs] = (await store2.get('/api/pay/deviceCounters?device_id=phone-of-both')).json().data;
    expect(theirs).toMatchObject({ device_id: 'phone-of-both', count: 3, repeated: [] });
  });
});
