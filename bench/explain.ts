/**
 * `npx tsx bench/explain.ts`: what the database does for each read of `npm run bench`, measured by the database
 * itself rather than by the clock of a loaded machine. Each read is called once through the real HTTP layer while its
 * statements are recorded, then every statement is run again under `EXPLAIN (ANALYZE, BUFFERS)`: the table shows
 * the statements' execution time, the buffers they touched and the rows their plans read.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/explain.ts
 *   ONLY=aging PLAN=1 DATABASE_URL=... npx tsx bench/explain.ts        # one read, with its slowest plan (SQL=1: its text)
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { signedInClient } from './injectClient.ts';
import { benchReads } from './reads.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to a database filled by `npm run bench:seed`.');
  process.exit(1);
}
// Migrations and start-up steps first, as the server does.
await (await openBook({ url })).close();

type Recorded = { text: string; values: unknown[] };
let recording: Recorded[] | undefined;
// As the app's pool (db/client.ts): without JIT compilation.
const pool = new pg.Pool({ connectionString: url, max: 4, options: '-c jit=off' });
const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : (first as { text: string }).text;
  const values = (typeof first === 'string' ? undefined : (first as { values?: unknown[] }).values) ?? second ?? [];
  if (recording && /^\s*(select|with)\b/i.test(text)) recording.push({ text, values: values as unknown[] });
  return query(...args);
};
const db = drizzle(pool, { schema });
const app = await buildApp({ db });
await app.ready();
const call = await signedInClient(app);
const reads = await benchReads(db);

type Node = { 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: Node[] };
/** Rows every scan of the plan read (its leaves), loops included. */
const rowsRead = (node: Node): number =>
  node.Plans?.length
    ? node.Plans.reduce((sum, child) => sum + rowsRead(child), 0)
    : (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);

const only = process.env.ONLY;
console.log(`${'read'.padEnd(58)} ${'stmts'.padStart(5)} ${'exec ms'.padStart(9)} ${'buffers'.padStart(9)} rows read`);
for (const read of reads) {
  if (only && !read.label.includes(only)) continue;
  recording = [];
  await read.run(call, 1);
  const statements = recording;
  recording = undefined;
  let ms = 0;
  let buffers = 0;
  let rows = 0;
  let slowest: { ms: number; text: string; values: unknown[] } | undefined;
  for (const statement of statements) {
    const client = await pool.connect();
    try {
      const result = await client.query(`explain (analyze, buffers, format json) ${statement.text}`, statement.values);
      const [plan] = (
        result.rows[0] as { 'QUERY PLAN': [{ Plan: Node & Record<string, number>; 'Execution Time': number }] }
      )['QUERY PLAN'];
      if (!plan) continue;
      const time = plan['Execution Time'];
      ms += time;
      buffers += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      rows += rowsRead(plan.Plan);
      if (!slowest || time > slowest.ms) slowest = { ms: time, ...statement };
    } finally {
      client.release();
    }
  }
  console.log(
    `${read.label.slice(0, 58).padEnd(58)} ${String(statements.length).padStart(5)} ${ms.toFixed(1).padStart(9)} ${String(buffers).padStart(9)} ${rows}`,
  );
  if (process.env.SQL && slowest) console.log(slowest.text, JSON.stringify(slowest.values));
  if (process.env.PLAN && slowest) {
    const { rows: plan } = await pool.query(`explain (analyze, buffers) ${slowest.text}`, slowest.values);
    console.log(plan.map((row: { 'QUERY PLAN': string }) => `    ${row['QUERY PLAN']}`).join('\n'));
  }
}
await app.close();
await pool.end();
process.exit(0);
