/**
 * Where a queued sale's time goes (docs/offline.md): N device sales (100 unless told) saved through the HTTP layer
 * in-process on a fresh PGlite (or `DATABASE_URL`), alone by `pay/createWithItems` or (`BATCH=1`) 25 to a call by
 * `pay/createDeviceSales`; prints the time a sale, the SQL statements a sale and the time spent in them (timed at
 * the `pg` driver), and each statement's count and mean time.
 *
 *   N=200 npx tsx bench/sale-statements.ts
 *   BATCH=1 N=200 npx tsx bench/sale-statements.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { seedDemoIfEmpty } from '../apps/server/src/features/demo/demo.seed.ts';
import { today } from '../apps/server/src/lib/clock.ts';
import { TestClient } from '../apps/server/src/test/testApp.ts';

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
const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'mizan-prof-'));
const database = await openBook(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir });
await seedDemoIfEmpty(database.db);
const app = await buildApp({ db: database.db, checkDatabase: database.check });
await app.ready();
const client = new TestClient(app);
await client.signIn();
const item = (
  await client.post('/api/items/create', {
    item_name: 'صنف',
    perch_price: '80',
    pay_price: '100',
    firstQuantity: '100000',
  })
).json().data[0];
const walkIn = (await client.get('/api/sub_accounts/readByStore?ac_id=1'))
  .json()
  .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي');
const dev = `prof-${Date.now()}`;
const body = (i: number) => ({
  invoice: { cust_id: walkIn.id, pay_date: today(), pay: '100.00', pay_method: 'cash' },
  items: [{ item_id: item.id, quantity: '1' }],
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
await app.close();
await database.close();
