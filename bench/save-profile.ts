/**
 * `npx tsx bench/save-profile.ts`: the SQL statements one save sends, with their time, for a ten-line and a
 * 100-line sale (`TRANSFER=1`: a 100-line transfer to the second store) through the HTTP layer (`app.inject`) on `DATABASE_URL` (a store filled by `npm run bench:seed`).
 * Statements are counted per save and printed one a line (`SQL=1`), so a change is judged by its round trips, not
 * only by the clock of a shared machine. Each save is a real sale that stays in the store: run it on a copy.
 */

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { signedInClient } from './injectClient.ts';
import { benchSubjects } from './reads.ts';

type Statement = { text: string; ms: number };
let recording: Statement[] | undefined;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const list = recording;
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const started = performance.now();
  // The pool's own queries (outside a transaction) pass a callback instead of awaiting a promise.
  const callback = args.at(-1);
  if (list && typeof callback === 'function')
    args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
      list.push({ text: `${error ? '(failed) ' : ''}${text}`, ms: performance.now() - started });
      return (callback as (...a: unknown[]) => unknown)(error, ...rest);
    };
  const result = query.apply(this, args);
  if (list && result instanceof Promise)
    result.then(
      () => list.push({ text, ms: performance.now() - started }),
      () => list.push({ text: `(failed) ${text}`, ms: performance.now() - started }),
    );
  return result;
} as typeof pg.Client.prototype.query;

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a database filled by `npm run bench:seed`.');
  process.exit(1);
}
const database = await openBook({ url: process.env.DATABASE_URL });
const { db } = database;
const app = await buildApp({ db });
await app.ready();
const call = await signedInClient(app);
const { someItems, customer } = await benchSubjects(db);
const [supplier] = (
  await db.execute<{ id: number }>(
    sql`select id from sub_accounts where store_id = 1 and ac_id = 2 and sub_code ~ '^2[0-9]{4}$' order by id limit 1`,
  )
).rows;
const stamp = Date.now();
await call('POST', '/api/perch/createWithItems', {
  invoice: {
    cust_id: supplier?.id,
    pay_date: '2026-12-31',
    pay_time: '00:00:01',
    pay: '0',
    idempotency_key: `p-${stamp}`,
  },
  items: someItems.map((item) => ({ item_id: item.id, quantity: '1000' })),
});

const short = (text: string) => text.replace(/\s+/g, ' ').slice(0, 150);
async function profile(label: string, lines: number, n: number, transfer = false) {
  const items = someItems.slice(n, n + lines).map((item) => ({ item_id: item.id, quantity: '1' }));
  const body = transfer
    ? { transfer: { to_store_id: 2, transfer_date: '2026-12-31' }, items }
    : {
        invoice: {
          cust_id: customer.id,
          pay_date: '2026-12-31',
          pay: '0',
          idempotency_key: `prof-${lines}-${n}-${stamp}`,
        },
        items,
      };
  recording = [];
  const started = performance.now();
  await call('POST', transfer ? '/api/transfer/createWithItems' : '/api/pay/createWithItems', body);
  const total = performance.now() - started;
  const list = recording;
  recording = undefined;
  const inSql = list.reduce((sum, s) => sum + s.ms, 0);
  console.log(`\n${label}: ${list.length} statements, ${inSql.toFixed(1)} ms in SQL, ${total.toFixed(1)} ms in all`);
  if (process.env.SQL) for (const s of list) console.log(`${s.ms.toFixed(2).padStart(7)}  ${short(s.text)}`);
}
// TRANSFER=1: a 100-line transfer to the second store instead of the sales (issue 33).
for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
  if (process.env.TRANSFER) {
    await profile('100-line transfer', 100, run % 20, true);
    continue;
  }
  await profile('ten-line sale', 10, run);
  await profile('100-line sale', 100, run % 20);
}
await app.close();
await database.close();
