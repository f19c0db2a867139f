/**
 * `npx tsx bench/embedded.ts`: the embedded PostgreSQL under a shop's load (issue 32, "Checks that must exist"), over
 * real HTTP against one real server process on a seeded data folder (the embedded engine belongs to one process):
 *  1. a ten-line sale's p50 / p95 alone, then the same sales while two clients read every party with its balance
 *     (`sub_accounts/getAllCustomerSupplier`, 400–550 ms on the full large store) in a loop. PGlite had one
 *     connection and queued the sale behind each read;
 *  2. ten-line sales a second from a few clients at once (PGlite: 48).
 *
 *   SCALE=0.1 DATA_DIR=/tmp/mizan-large-0.1 npm run bench:seed    # once: a tenth of the large store, embedded
 *   DATA_DIR=/tmp/mizan-large-0.1 npx tsx bench/embedded.ts       # SALES=60 SECONDS=15 CLIENTS=4,8
 *
 * The figures are in docs/embedded-database.md ("Measured"), the run's JSON under bench/results/. Each sale stays in
 * the store: run it on a copy, not on a shop. Not part of `npm test` or CI.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isCluster, runningServer } from '../apps/server/src/db/embedded/embeddedPostgres.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { benchSubjects } from './reads.ts';

const dataDir = process.env.DATA_DIR ?? '';
const SALES = Number(process.env.SALES ?? 60);
const SECONDS = Number(process.env.SECONDS ?? 15);
const CLIENTS = (process.env.CLIENTS ?? '4,8').split(',').map(Number);
if (!dataDir || !(await isCluster(dataDir))) {
  console.error('Set DATA_DIR to an embedded data folder filled by `npm run bench:seed` (SCALE=0.1 for a tenth).');
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server as a shop runs it, on the data folder: it starts, supervises and stops the embedded PostgreSQL. */
async function startServerProcess(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      MIZAN_DEMO: '0',
      MIZAN_BACKUP_EVERY: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

type Send = (method: string, path: string, body?: object) => Promise<Response>;
/** A signed-in browser: its cookies and anti-forgery token. */
async function signedInFetch(base: string): Promise<Send> {
  const cookies = new Map<string, string>();
  const send: Send = async (method, path, body) => {
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
  await (await send('GET', '/api/store/read')).arrayBuffer();
  const login = await send('POST', '/api/users/login', {
    user_name: 'admin',
    password: 'admin123',
    store_id: 1,
    level: 'user',
  });
  if (!login.ok) throw new Error(`sign-in refused: ${login.status}`);
  await login.arrayBuffer();
  return send;
}

/** Every process under `pid`: the embedded PostgreSQL's postmaster and its backends under the server process. */
function descendantsOf(pid: number): number[] {
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout ?? '';
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((id) => id > 0);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}
/**
 * CPU milliseconds used so far by the server process and by the database's processes (Linux `/proc`; USER_HZ 100).
 * Unlike the clock it barely moves with what else the shared machine runs. A backend that ended since is not
 * counted: the server's pool keeps its connections while the tills sell.
 */
function cpuOf(pid: number) {
  const ticks = (id: number) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const database = descendantsOf(pid).reduce((sum, id) => sum + ticks(id), 0);
  return { server: ticks(pid) * 10, database: database * 10 };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), runs: sorted.length };
};

const server = await startServerProcess();
const engine = await runningServer(dataDir);
if (!engine) throw new Error('the embedded server is not running');
const pool = new pg.Pool({ connectionString: engine.connectionString, max: 2 });
const db = drizzle(pool, { schema });
const { customer } = await benchSubjects(db);
const sellable = (await db.execute<{ id: number }>(sql`select id from items where store_id = 1 order by id limit 2000`))
  .rows;
const [supplier] = (
  await db.execute<{ id: number }>(
    sql`select id from sub_accounts where store_id = 1 and ac_id = 2 and sub_code ~ '^2[0-9]{4}$' order by id limit 1`,
  )
).rows;
const [{ parties, lines }] = (
  await db.execute<{ parties: number; lines: number }>(
    sql`select (select count(*) from sub_accounts where store_id = 1 and ac_id in (1, 2))::int as parties,
               (select count(*) from trade_line)::int as lines`,
  )
).rows as [{ parties: number; lines: number }];
await pool.end();
if (!supplier || !customer) throw new Error('no supplier or customer: is the store seeded?');

const load = loadavg();
console.log(
  `embedded PostgreSQL on ${dataDir}: ${lines} trade lines, ${parties} parties; ${cpus().length} cores, ` +
    `load ${load.map((l) => l.toFixed(1)).join(' ')}\n`,
);

const results: { label: string; p50: number; p95: number; runs: number; note?: string }[] = [];
const report = (label: string, figures: { p50: number; p95: number; runs: number }, note?: string) => {
  results.push({ label, ...figures, ...(note ? { note } : {}) });
  console.log(
    `${label.padEnd(70)} p50 ${figures.p50.toFixed(1).padStart(7)} ms  p95 ${figures.p95.toFixed(1).padStart(7)} ms` +
      `  (${figures.runs} runs${note ? `; ${note}` : ''})`,
  );
};

try {
  const seller = await signedInFetch(server.base);
  // The sold items are bought first (100,000 each, in the first second of the year's last day) so that the sales
  // measure selling, not a refusal for want of stock. An invoice holds at most 500 lines.
  for (let from = 0; from < sellable.length; from += 500) {
    const bought = await seller('POST', '/api/perch/createWithItems', {
      invoice: {
        cust_id: supplier.id,
        pay_date: '2026-12-31',
        pay_time: '00:00:01',
        pay: '0',
        idempotency_key: `bench-embedded-stock-${from}-${Date.now()}`,
      },
      items: sellable.slice(from, from + 500).map((item) => ({ item_id: item.id, quantity: '100000' })),
    });
    if (!bought.ok) throw new Error(`stocking up refused: ${bought.status} ${await bought.text()}`);
    await bought.arrayBuffer();
  }

  /** Ten different items of `sellable` for client `c`'s `n`th sale: a fixed scramble, as bench/run.ts's. */
  const tenItems = (c: number, n: number) => {
    const chosen = new Set<number>();
    for (let k = 0; chosen.size < Math.min(10, sellable.length); k++)
      chosen.add((Math.imul(c * 7919 + n * 104_729 + k * 15_485_863, 2_654_435_761) >>> 0) % sellable.length);
    return [...chosen].map((index) => ({ item_id: sellable[index]?.id, quantity: '1' }));
  };
  const stamp = Date.now();
  /** One ten-line credit sale, typed at the year's last second (after everything the seed dated). */
  const sell = async (send: Send, c: number, n: number) => {
    const answer = await send('POST', '/api/pay/createWithItems', {
      invoice: {
        cust_id: customer.id,
        pay_date: '2026-12-31',
        pay_time: '23:59:59',
        pay: '0',
        idempotency_key: `bench-embedded-${stamp}-${c}-${n}`,
      },
      items: tenItems(c, n),
    });
    await answer.arrayBuffer();
    return answer.ok;
  };
  const timedSales = async (c: number) => {
    const times: number[] = [];
    for (let n = 0; n < SALES; n++) {
      const started = performance.now();
      if (!(await sell(seller, c, n))) throw new Error('a sale was refused');
      times.push(performance.now() - started);
    }
    return times;
  };
  const readParties = async (send: Send) => {
    const started = performance.now();
    const answer = await send('GET', '/api/sub_accounts/getAllCustomerSupplier');
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`the read of every party failed: ${answer.status}`);
    return performance.now() - started;
  };

  // Warm-up: the server's statements prepared, the pages in the database's buffers.
  for (let n = 0; n < 5; n++) await sell(seller, 99, n);
  for (let n = 0; n < 2; n++) await readParties(seller);

  report('a ten-line sale, alone', summary(await timedSales(1)));
  const alone: number[] = [];
  for (let n = 0; n < 10; n++) alone.push(await readParties(seller));
  report('every party with its balance (getAllCustomerSupplier), alone', summary(alone));

  // The same sales while two clients read every party's balance in a loop, each on a connection of its own.
  const readers = [await signedInFetch(server.base), await signedInFetch(server.base)];
  const during: number[] = [];
  let selling = true;
  const reading = readers.map(async (reader) => {
    while (selling) during.push(await readParties(reader));
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const contended = await timedSales(2).finally(() => {
    selling = false;
  });
  await Promise.all(reading);
  report('a ten-line sale, while two clients read every party with its balance', summary(contended));
  report('every party with its balance, two clients in a loop during those sales', summary(during));

  // Throughput: a few tills selling at once, for SECONDS each.
  for (const clients of CLIENTS) {
    const tills = await Promise.all(Array.from({ length: clients }, () => signedInFetch(server.base)));
    let saved = 0;
    let failed = 0;
    const before = cpuOf(server.child.pid ?? 0);
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      tills.map(async (till, c) => {
        for (let n = 0; Date.now() < until; n++) {
          if (await sell(till, 100 + clients * 10 + c, n)) saved++;
          else failed++;
        }
      }),
    );
    const after = cpuOf(server.child.pid ?? 0);
    const perSecond = saved / SECONDS;
    const each = (key: 'server' | 'database') => ((after[key] - before[key]) / Math.max(saved, 1)).toFixed(2);
    const note = `${failed} failed; CPU a sale: server ${each('server')} ms, database ${each('database')} ms`;
    results.push({
      label: `ten-line sales a second, ${clients} clients`,
      p50: perSecond,
      p95: perSecond,
      runs: saved,
      note,
    });
    console.log(
      `ten-line sales a second from ${clients} clients: ${perSecond.toFixed(1)} (${saved} in ${SECONDS} s; ${note})`,
    );
  }
} finally {
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
const file = new URL(
  `./results/embedded-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`,
  import.meta.url,
);
writeFileSync(file, `${JSON.stringify({ dataDir, lines, parties, load, results }, null, 2)}\n`);
console.log(`\nwritten to ${file.pathname}`);
