/**
 * Issue 20's export goal: an account statement of 100,000 lines as .xlsx, streamed in < 10 s using < 200 MB. On a
 * seeded large store (`npm run bench:seed`), the cash box's statement from 1 January to the day its 100,000th line
 * falls on is fetched through a real socket (the server listening, the body read as it streams), timed, and the
 * process's resident memory sampled meanwhile (`measured`); the figure is its peak over the memory before the export.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/benchfull npx tsx bench/statement-export.ts
 *   LINES=20000 ...                                            # another size
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { measured } from '../apps/server/src/test/measured.ts';

const LINES = Number(process.env.LINES ?? 100_000);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the seeded large store');
const database = await openBook({ url: process.env.DATABASE_URL });
const app = await buildApp({ db: database.db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await database.db.execute<T>(query)).rows[0] as T;
const cashBox = await one<{ id: number }>(
  sql`select id from sub_accounts where store_id = 1 and role = 'cash_box' order by id limit 1`,
);
const last = await one<{ line_date: string; year_lines: number }>(sql`
  select to_char(l.line_date, 'YYYY-MM-DD') as line_date,
    (select count(*)::int from ledger_line where account_id = ${cashBox.id} and "yearId" = 1) as year_lines
  from ledger_line l where l.account_id = ${cashBox.id} and l."yearId" = 1
  order by l.line_date, l.id offset ${LINES - 1} limit 1`);
if (!last) throw new Error(`the cash box has fewer than ${LINES} lines in year 1`);
const { lines } = await one<{ lines: number }>(sql`select count(*)::int as lines from ledger_line
  where account_id = ${cashBox.id} and "yearId" = 1 and line_date <= ${last.line_date}`);

// Signed in as the demo's administrator through the socket too: the cookies and the anti-forgery token.
const cookies = new Map<string, string>();
const remember = (response: Response) => {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
};
const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
remember(await fetch(`${address}/api/store/read`));
const login = await fetch(`${address}/api/users/login`, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    cookie: cookieHeader(),
    [XSRF_HEADER]: cookies.get(XSRF_COOKIE) ?? '',
  },
  body: JSON.stringify({ user_name: 'admin', password: 'admin123', store_id: 1, level: 'user' }),
});
if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
remember(login);

const url = `${address}/api/reports/statementExport?account_id=${cashBox.id}&search_type=2&start_date=2026-01-01&end_date=${last.line_date}`;
global.gc?.();
// The fetch and the whole body read as it streams, timed, with the process's memory sampled meanwhile.
let bytes = 0;
let firstByteMs = 0;
const started = performance.now();
const { ms, beforeMb, peakMb, grewMb } = await measured(async () => {
  const response = await fetch(url, { headers: { cookie: cookieHeader() } });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status} ${await response.text()}`);
  for await (const chunk of response.body) {
    if (!bytes) firstByteMs = performance.now() - started;
    bytes += chunk.length;
  }
});

console.log(
  `cash box statement 2026-01-01..${last.line_date}: ${lines.toLocaleString('en')} lines ` +
    `(of ${last.year_lines.toLocaleString('en')} in the year) as .xlsx, ${(bytes / 1e6).toFixed(1)} MB`,
);
console.log(
  `  first byte ${firstByteMs.toFixed(0)} ms, whole ${(ms / 1000).toFixed(2)} s (goal 10 s); resident memory ` +
    `${beforeMb.toFixed(0)} MiB before, peak ${peakMb.toFixed(0)} MiB, growth ${grewMb.toFixed(0)} MiB (goal 200 MB)`,
);
await app.close();
await database.close();
