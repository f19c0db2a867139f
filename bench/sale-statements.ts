/**
 * Where a queued sale's time goes (docs/offline.md): N device sales (100 unless told) saved through the HTTP layer
 * in-process on a fresh PGlite (or `DATABASE_URL`), alone by `pay/createWithItems` or (`BATCH=1`) 25 to a call by
 * `pay/createDeviceSales`; prints the time a sale, the SQL statements a sale and the time spent in them (timed at
 * the `pg` driver), and each statement's count and mean time.
 *
 *   N=200 npx tsx bench/sale-statements.ts
 *   BATCH=1 N=200 npx tsx bench/sale-statements.ts
 */
import pg from 'pg';
import { today } from '../apps/server/src/lib/clock.ts';
import { openSaleStore } from './saleStore.ts';

const stats = new Map<string, { n: number; ms: number }>();
let on = false;
let inSql = 0;
let count = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 90);
  const started = performance.now();
  const rec = () => {
    if (!on) return;
    const ms = performance.now() - started;
    inSql += ms;
    count++;
    const s = stats.get(text) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += ms;
    stats.set(text, s);
  };
  const callback = args.at(-1);
  if (typeof callback === 'function')
    args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
      rec();
      return (callback as (...a: unknown[]) => unknown)(error, ...rest);
    };
  const result = query.apply(this, args);
  if (result instanceof Promise) result.then(rec, rec);
  return result;
} as typeof pg.Client.prototype.query;

const N = Number(process.env.N ?? 100);
const store = await openSaleStore('mizan-prof-', { name: 'صنف', quantity: '100000' });
const { client, itemId, walkInId } = store;
const dev = `prof-${Date.now()}`;
const body = (i: number) => ({
  invoice: { cust_id: walkInId, pay_date: today(), pay: '100.00', pay_method: 'cash' },
  items: [{ item_id: itemId, quantity: '1' }],
  idempotency_key: `${dev}-${i}`,
  device: { id: dev, counter: i },
});
for (let i = 1; i <= 20; i++) await client.post('/api/pay/createWithItems', body(i));
on = true;
const t0 = performance.now();
if (process.env.BATCH) {
  for (let i = 21; i < 21 + N; i += 25) {
    const r = await client.post('/api/pay/createDeviceSales', {
      sales: Array.from({ length: 25 }, (_, j) => body(i + j)),
      // As the app sends a queue: each sale answered by its id and reference, no invoice read back.
      invoices_for: [],
    });
    if (r.statusCode !== 200) throw new Error(r.body);
  }
} else
  for (let i = 21; i < 21 + N; i++) {
    const r = await client.post('/api/pay/createWithItems', body(i));
    if (r.statusCode !== 200) throw new Error(r.body);
  }
const total = performance.now() - t0;
on = false;
console.log(
  `${N} sales: ${total.toFixed(0)} ms, ${(total / N).toFixed(1)} ms a sale; ${(count / N).toFixed(1)} statements a sale, ${(inSql / N).toFixed(1)} ms a sale in SQL`,
);
for (const [t, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${(s.n / N).toFixed(1).padStart(4)} x ${(s.ms / s.n).toFixed(2).padStart(6)} ms  ${t}`);
await store.close();
