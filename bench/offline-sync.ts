/**
 * Selling offline at the scale (issue 21, docs/offline.md):
 *
 *   npx tsx bench/offline-sync.ts                        # embedded PGlite in a temporary folder
 *   DATABASE_URL=postgres://... npx tsx bench/offline-sync.ts   # an empty database
 *   QUEUED=1000 FAULT_SALES=10000 FAULT_SEED=21 npx tsx bench/offline-sync.ts
 *
 * 1. QUEUED sales kept on one device while it was offline, then synced by one tab (the Web Lock's one) with no
 *    fault: the time from the first send to an empty queue (goal: 1,000 in under 60 s).
 * 2. The fault-injection run (apps/web/src/features/offline/outbox.faults.ts) with FAULT_SALES sales: requests
 *    dropped before and after the save, duplicated and late, tabs killed, two tabs on one queue. It must end with
 *    every sale booked once and the device's numbers 1…N complete; the run exits 1 otherwise.
 *
 * The outbox's loop calls the real server through its HTTP layer in this process (`app.inject`, no socket).
 */
import type { SaleDevice } from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import { tradeDocument } from '../apps/server/src/db/schema.ts';
import { today } from '../apps/server/src/lib/clock.ts';
import {
  batchAnswerOf,
  type FaultRunReport,
  type PostSale,
  type PostSales,
  runFaultedSync,
} from '../apps/web/src/features/offline/outbox.faults.ts';
import { openSaleStore } from './saleStore.ts';

const QUEUED = Number(process.env.QUEUED ?? 1_000);
const FAULT_SALES = Number(process.env.FAULT_SALES ?? 10_000);
const SEED = Number(process.env.FAULT_SEED ?? 21);

const store = await openSaleStore('mizan-offline-bench-', {
  name: 'صنف المزامنة',
  quantity: String(QUEUED + FAULT_SALES),
});
const { database, client, itemId, walkInId } = store;

const bodyOf = (key: string, device: SaleDevice) => ({
  invoice: { cust_id: walkInId, pay_date: today(), pay: '100.00', pay_method: 'cash' as const },
  items: [{ item_id: itemId, quantity: '1' }],
  idempotency_key: key,
  device,
});
const post: PostSale = async (body) => {
  const answer = await client.post('/api/pay/createWithItems', body);
  if (answer.statusCode !== 200)
    throw Object.assign(new Error(answer.body), { status: answer.statusCode, code: answer.json().error?.code });
  return answer.json().data[0];
};
/** As the app sends since the batch call (ONE_BY_ONE=1: one request per sale, as before it). */
const postMany: PostSales | undefined = process.env.ONE_BY_ONE
  ? undefined
  : async (bodies) => {
      // As the app sends them: no invoice asked for whole (no cashier waits at one), each answered by its id.
      const answer = await client.post('/api/pay/createDeviceSales', { sales: bodies, invoices_for: [] });
      if (answer.statusCode !== 200)
        throw Object.assign(new Error(answer.body), { status: answer.statusCode, code: answer.json().error?.code });
      return answer.json().data.map(batchAnswerOf);
    };

/** The server's side of a run: every sale once, the numbers complete. */
async function checkBooked(deviceId: string, sales: number, report: FaultRunReport) {
  const [counters] = (await client.get(`/api/pay/deviceCounters?device_id=${deviceId}`)).json().data;
  const [booked] = await database.db
    .select({
      documents: sql<number>`count(*)::int`,
      keys: sql<number>`count(distinct ${tradeDocument.idempotency_key})::int`,
    })
    .from(tradeDocument)
    .where(eq(tradeDocument.device_id, deviceId));
  const ok =
    counters?.complete === true &&
    counters.count === sales &&
    booked?.documents === sales &&
    booked.keys === sales &&
    report.refusals.length === 0 &&
    report.leftOnDevice.length === 0;
  console.log(`  booked: ${booked?.documents} documents, ${booked?.keys} keys; counters ${JSON.stringify(counters)}`);
  if (!ok) {
    console.log(
      `  FAILED: refusals ${JSON.stringify(report.refusals.slice(0, 10))}, left ${report.leftOnDevice.length}`,
    );
    process.exitCode = 1;
  }
}

const none = { dropBefore: 0, dropAfter: 0, duplicate: 0, late: 0, killTab: 0 };
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; seed ${SEED}`);

if (QUEUED > 0) {
  const deviceId = `bench-queued-${Date.now()}`;
  const report = await runFaultedSync({
    sales: QUEUED,
    seed: SEED,
    storeId: 1,
    deviceId,
    bodyOf,
    post,
    postMany,
    rates: none,
    tabs: 1,
    keptFirst: true,
  });
  console.log(
    `${QUEUED} queued sales synced by one tab: ${(report.ms / 1000).toFixed(1)} s ` +
      `(${(report.ms / QUEUED).toFixed(1)} ms a sale, ${report.requests} requests, ${report.batches} of several ` +
      'sales; goal 1,000 in < 60 s)',
  );
  await checkBooked(deviceId, QUEUED, report);
}

if (FAULT_SALES > 0) {
  const deviceId = `bench-faults-${Date.now()}`;
  let shown = 0;
  const report = await runFaultedSync({
    sales: FAULT_SALES,
    seed: SEED,
    storeId: 1,
    deviceId,
    bodyOf,
    post,
    postMany,
    onRound: ({ made, waiting, requests, ms }) => {
      if (ms - shown < 30_000) return;
      shown = ms;
      console.log(`  ${(ms / 1000).toFixed(0)} s: ${made} made, ${waiting} waiting, ${requests} requests`);
    },
  });
  const { leftOnDevice: _left, refusals, ...figures } = report;
  console.log(
    `fault run, ${FAULT_SALES} sales: ${(report.ms / 1000).toFixed(1)} s; ${JSON.stringify(figures)}; refusals ${refusals.length}`,
  );
  await checkBooked(deviceId, FAULT_SALES, report);
}

await store.close();
