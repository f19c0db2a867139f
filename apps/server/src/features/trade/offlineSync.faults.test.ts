import type { SaleDevice } from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { batchAnswerOf, runFaultedSync } from '../../../../web/src/features/offline/outbox.faults.ts';
import { tradeDocument } from '../../db/schema.ts';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/** Small enough for `npm test` (about 30 s on PGlite); `bench/offline-sync.ts` runs it at 10,000. */
const SALES = 300;

/**
 * Issue 21's fault-injection run (docs/offline.md): the web outbox's loop against the real server, with requests
 * dropped before and after the save, duplicated, delivered late, tabs killed at random steps and two tabs sending one
 * device's queue at once. Every sale is booked once, and the device's numbers run 1…N complete.
 */
describeEachDatabase('the outbox under faults', (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);

  it(`${SALES} sales sent through dropped, duplicated and late requests and killed tabs are each booked once`, async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c, String(SALES));
    const deviceId = `device-faults-${Date.now()}`;
    const seed = Number(process.env.FAULT_SEED ?? 21);
    const report = await runFaultedSync({
      sales: SALES,
      seed,
      storeId: 1,
      deviceId,
      bodyOf: (key: string, device: SaleDevice) => ({
        invoice: { cust_id: walkIn.id, pay_date: today(), pay: '100.00', pay_method: 'cash' },
        items: [{ item_id: item.id, quantity: '1' }],
        idempotency_key: key,
        device,
      }),
      post: async (body) => {
        const answer = await c.post('/api/pay/createWithItems', body);
        if (answer.statusCode !== 200)
          throw Object.assign(new Error(answer.body), { status: answer.statusCode, code: answer.json().error?.code });
        return answer.json().data[0];
      },
      // As the app sends: several waiting sales in one call, one alone; at most 5 a call, so that 300 sales make
      // enough calls for every fault to meet some.
      perCall: 5,
      postMany: async (bodies) => {
        // As the app sends them: no invoice asked for whole, each answered by its id and reference.
        const answer = await c.post('/api/pay/createDeviceSales', { sales: bodies, invoices_for: [] });
        if (answer.statusCode !== 200)
          throw Object.assign(new Error(answer.body), { status: answer.statusCode, code: answer.json().error?.code });
        return answer.json().data.map(batchAnswerOf);
      },
    });

    process.stdout.write(`outbox faults (seed ${seed}): ${JSON.stringify({ ...report, leftOnDevice: undefined })}\n`);
    expect({ seed, refusals: report.refusals, left: report.leftOnDevice.length }).toEqual({
      seed,
      refusals: [],
      left: 0,
    });
    // Each kind of fault happened.
    for (const count of [report.dropsBefore, report.dropsAfter, report.duplicates, report.lateCopies])
      expect(count).toBeGreaterThan(0);
    expect(report.tabsKilled).toBeGreaterThan(0);
    // Both ways of sending were taken: several sales in one call, and one alone.
    expect(report.batches).toBeGreaterThan(0);
    expect(report.requests - report.batches).toBeGreaterThan(0);

    const counters = (await c.get(`/api/pay/deviceCounters?device_id=${deviceId}`)).json().data;
    expect(counters).toEqual([
      { device_id: deviceId, count: SALES, max: SALES, missing: [], repeated: [], complete: true },
    ]);
    const [booked] = await ctx()
      .database.db.select({
        documents: sql<number>`count(*)::int`,
        keys: sql<number>`count(distinct ${tradeDocument.idempotency_key})::int`,
      })
      .from(tradeDocument)
      .where(eq(tradeDocument.device_id, deviceId));
    expect(booked).toEqual({ documents: SALES, keys: SALES });
    expect(await stockOf(item.id)).toBe('0.000');
  }, 180_000);
});
