/**
 * `npm run bench`: how fast the stock and money reads and the saves are on a large store (issues 19 and 20), with
 * warm-up and repeated runs, p50 and p95, printed as a table and written as JSON under bench/results/.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:seed   # once: the large store
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench
 *   DATA_DIR=/tmp/mizan-large-... npm run bench                                 # a store seeded into the embedded PostgreSQL
 *   ONLY_READS=1 DATABASE_URL=... npm run bench                                # the reads only (no saves)
 *   ONLY_SAVES=1 DATABASE_URL=... npm run bench                                # the saves and throughput only
 *   ONLY_THROUGHPUT=1 SECONDS=15 DATABASE_URL=... npm run bench                # the sales a second only
 *   FLOOR=1 ONLY_THROUGHPUT=1 DATABASE_URL=... npm run bench                   # first the floor: one item's stock read
 *
 * The reads go through the real HTTP layer in-process (`app.inject`). The throughput of ten-line sales from eight
 * clients is measured against one and then two real server processes on the same PostgreSQL (sessions live in the
 * database, so either answers). Each save is a real sale that stays in the store: run it on a copy, not on a shop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { inTransitInvariants } from '../apps/server/src/features/demo/shopTransfers.ts';
import { ledgerSumsInvariants } from '../apps/server/src/features/posting/ledgerSums.invariants.ts';
import { stockAtCostInvariants } from '../apps/server/src/features/posting/stockAtCost.invariants.ts';
import { signedInClient } from './injectClient.ts';
import { benchReads, benchSubjects } from './reads.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 10);
if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
  console.error('Set DATABASE_URL or DATA_DIR to a database filled by `npm run bench:seed`.');
  process.exit(1);
}
const database = await openBook(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? '' },
);
const { db } = database;
const app = await buildApp({ db });
await app.ready();
const call = await signedInClient(app);

type Result = { label: string; goalMs?: number; p50: number; p95: number; runs: number; note?: string };
const results: Result[] = [];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** One warm-up, then `runs` timed runs; `run` is told the run's number (0 for the warm-up). */
async function measure(label: string, goalMs: number | undefined, run: (n: number) => Promise<unknown>, runs = RUNS) {
  await run(0);
  const times: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const result = { label, goalMs, p50: quantile(times, 0.5), p95: quantile(times, 0.95), runs };
  results.push(result);
  const mark = goalMs === undefined ? '' : result.p95 <= goalMs ? '  ok' : '  OVER';
  console.log(
    `${label.padEnd(64)} p50 ${result.p50.toFixed(1).padStart(8)} ms  p95 ${result.p95.toFixed(1).padStart(8)} ms` +
      `${goalMs === undefined ? '' : `  (goal ${goalMs} ms)`}${mark}`,
  );
}

const first = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db.execute<T>(query)).rows[0] as T;
const { busiest, someItems, customer } = await benchSubjects(db);
const [{ lines }] = (await db.execute<{ lines: number }>(sql`select count(*)::int as lines from trade_line`)).rows as [
  { lines: number },
];
console.log(`store 1 on ${database.kind}: ${lines} trade lines; busiest item ${busiest.item_id}\n`);

// The reads of issues 19 (stock) and 20 (money); `ONLY_SAVES=1` goes straight to the saves; `READS=dashboard`
// times only the reads whose label holds that text.
const readsLike = process.env.READS?.toLowerCase();
if (!process.env.ONLY_SAVES && !process.env.ONLY_THROUGHPUT)
  for (const read of await benchReads(db))
    if (!readsLike || read.label.toLowerCase().includes(readsLike))
      await measure(read.label, read.goalMs, (n) => read.run(call, n));
if (process.env.ONLY_READS) {
  await app.close();
  await database.close();
  process.exit(0);
}

// Saves. The sold items are bought first (100,000 each, on the last day before the sales) so that the saves and the
// throughput run measure selling, not a refusal for lack of stock. The throughput's sales choose among the store's
// first 2,000 items (the 100-line sale's among them), as eight tills of a shop sell different things at once.
const sellable = (await db.execute<{ id: number }>(sql`select id from items where store_id = 1 order by id limit 2000`))
  .rows;
const supplier = await first<{ id: number }>(
  sql`select id from sub_accounts where store_id = 1 and ac_id = 2 and sub_code ~ '^2[0-9]{4}$' order by id limit 1`,
);
// Four purchases: an invoice holds at most 500 lines.
for (let from = 0; from < sellable.length; from += 500)
  await call('POST', '/api/perch/createWithItems', {
    invoice: {
      cust_id: supplier.id,
      pay_date: '2026-12-31',
      pay_time: '00:00:01',
      pay: '0',
      idempotency_key: `bench-stock-up-${from}-${Date.now()}`,
    },
    items: sellable.slice(from, from + 500).map((item) => ({ item_id: item.id, quantity: '100000' })),
  });
if (process.env.ONLY_THROUGHPUT) await throughputRuns();
const hundred = someItems.slice(0, 100).map((item) => ({ item_id: item.id, quantity: '1' }));
await measure(
  'save a 100-line sale',
  100,
  (n) =>
    call('POST', '/api/pay/createWithItems', {
      invoice: {
        cust_id: customer.id,
        pay_date: '2026-12-31',
        pay: '0',
        idempotency_key: `bench-100-${n}-${Date.now()}`,
      },
      items: hundred,
    }),
  10,
);
// A 100-line transfer to the branch (issue 33), of the same items, at the day's end after the stock-up.
await measure(
  'save a 100-line transfer to the second store',
  100,
  () =>
    call('POST', '/api/transfer/createWithItems', {
      transfer: { to_store_id: 2, transfer_date: '2026-12-31' },
      items: hundred,
    }),
  10,
);
const countItems = (
  await db.execute<{ id: number }>(sql`select id from items where store_id = 1 order by id limit 5000`)
).rows;
await measure(
  'save a 5,000-line stock count',
  10_000,
  async (n) => {
    // At the day's very end, the sheet's place and the count's the same (the sheet's time defaults to now).
    const at = `23:59:${50 + n}`;
    const sheet = await call('POST', '/api/tswia/sheet', {
      pay_date: '2026-12-31',
      pay_time: at,
      item_ids: countItems.map((i) => i.id),
    });
    const rows = sheet.data as { item_id: number; availQty: string }[];
    return call('POST', '/api/tswia/createWithItems', {
      invoice: { pay_date: '2026-12-31', pay_time: at },
      items: rows.map((row) => ({ item_id: row.item_id, qtyReal: String(Number(row.availQty) + 1) })),
    });
  },
  2,
);
const drift = [
  ...(await stockAtCostInvariants(db)),
  ...(await ledgerSumsInvariants(db)),
  ...(await inTransitInvariants(db)),
];
console.log(`\ndrift (kept sums against movements and ledger lines): ${drift.length} rows`);

// Throughput: eight clients saving ten-line sales against one, then two server processes.
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
async function startServerProcess(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  // SERVER_NODE_ARGS: node's own flags for the servers (`--cpu-prof --cpu-prof-dir=/tmp/prof` profiles them).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MIZAN_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}
async function signedInFetch(base: string) {
  const cookies = new Map<string, string>();
  const send = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'POST'
          ? { 'content-type': 'application/json', [XSRF_HEADER]: cookies.get(XSRF_COOKIE) ?? '' }
          : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  await send('GET', '/api/store/read');
  await send('POST', '/api/users/login', { user_name: 'admin', password: 'admin123', store_id: 1, level: 'user' });
  return send;
}
/** Ten different items of `sellable` for client `c`'s `n`th sale: a fixed scramble, the same on every run. */
function tenItems(c: number, n: number): number[] {
  const chosen = new Set<number>();
  for (let k = 0; chosen.size < Math.min(10, sellable.length); k++)
    chosen.add((Math.imul(c * 7919 + n * 104_729 + k * 15_485_863, 2_654_435_761) >>> 0) % sellable.length);
  return [...chosen];
}
/**
 * CPU milliseconds used so far by the server processes and by this database's backends (Linux `/proc`; the bench
 * and PostgreSQL run on one machine). A backend that ended since is not counted: the servers' pools keep theirs.
 */
async function cpuOf(servers: { child: ChildProcess }[]) {
  const ticks = (pid: number | undefined) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const msPerTick = 10; // USER_HZ is 100 on Linux
  const { rows } = await db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return {
    server: servers.reduce((sum, server) => sum + ticks(server.child.pid), 0) * msPerTick,
    database: rows.reduce((sum, row) => sum + ticks(row.pid), 0) * msPerTick,
  };
}
/**
 * What eight clients get from the same servers when a request does almost nothing: the floor a sale's own work sits
 * on (the HTTP request, the session's read, one small read of one item's stock). `FLOOR=1` runs it before the sales.
 */
type Load = 'sales' | 'floor';
async function throughput(processes: number, load: Load = 'sales') {
  const servers = await Promise.all(Array.from({ length: processes }, startServerProcess));
  try {
    const clients = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signedInFetch(servers[i % processes]?.base ?? '')),
    );
    let saved = 0;
    let failed = 0;
    const cpuBefore = await cpuOf(servers);
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      clients.map(async (send, c) => {
        for (let n = 0; Date.now() < until; n++) {
          if (load === 'floor') {
            const id = sellable[(c * 251 + n) % sellable.length]?.id;
            if ((await send('GET', `/api/items/readItemByIdQty?id=${id}`)).ok) saved++;
            else failed++;
            continue;
          }
          const items = tenItems(c, n).map((index) => ({ item_id: sellable[index]?.id, quantity: '1' }));
          const answer = await send('POST', '/api/pay/createWithItems', {
            invoice: {
              cust_id: customer.id,
              pay_date: '2026-12-31',
              // After the stock counts above (23:59:5x): a sale typed now stands last in its day, as at a counter.
              pay_time: '23:59:59',
              pay: '0',
              idempotency_key: `tp-${processes}-${c}-${n}-${until}`,
            },
            items,
          });
          if (answer.ok) saved++;
          else failed++;
        }
      }),
    );
    const cpuAfter = await cpuOf(servers);
    const perSecond = saved / SECONDS;
    // CPU time per sale, of the server processes and of the database's backends: unlike the clock, it barely moves
    // with what else the machine runs, and two cores give at most 2,000 ms of it a second.
    const perSale = (key: 'server' | 'database') => (cpuAfter[key] - cpuBefore[key]) / Math.max(saved, 1);
    const what = load === 'floor' ? "one item's stock reads" : 'ten-line sales';
    results.push({
      label: `${what}/s, 8 clients, ${processes} server process(es)`,
      p50: perSecond,
      p95: perSecond,
      runs: saved,
      note: `${failed} failed; CPU each: server ${perSale('server').toFixed(2)} ms, database ${perSale('database').toFixed(2)} ms`,
    });
    console.log(
      `${what} from 8 clients, ${processes} process(es): ${perSecond.toFixed(0)} per second (${failed} failed${load === 'sales' ? '; goal 300' : ''}); ` +
        `CPU each: server ${perSale('server').toFixed(2)} ms, database ${perSale('database').toFixed(2)} ms`,
    );
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
  }
}
async function throughputRuns() {
  if (process.env.DATABASE_URL) {
    if (process.env.FLOOR) await throughput(1, 'floor');
    await throughput(1);
    await throughput(2);
  }
  if (process.env.ONLY_THROUGHPUT) {
    await app.close();
    await database.close();
    process.exit(0);
  }
}
await throughputRuns();

await app.close();
await database.close();
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
const file = new URL(
  `./results/${database.kind}-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`,
  import.meta.url,
);
writeFileSync(file, `${JSON.stringify({ kind: database.kind, lines, drift: drift.length, results }, null, 2)}\n`);
console.log(`\nwritten to ${file.pathname}`);
