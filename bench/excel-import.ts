/**
 * A large Excel import, and whether the shop keeps answering while it runs.
 *
 *   npx tsx bench/excel-import.ts                    # 50,000 rows on the embedded PGlite (the single-shop default)
 *   ROWS=5000 npx tsx bench/excel-import.ts
 *   DATABASE_URL=postgres://... npx tsx bench/excel-import.ts
 *
 * It starts the real server on 127.0.0.1 (a fresh demo database), builds an item sheet of ROWS new items (each with a
 * code, a barcode, prices and an opening quantity), uploads it as the web app does, then re-imports it (every row now
 * updates an item), then imports an opening-quantity sheet of the same codes, previews the item sheet and exports the items. While each upload runs, another signed-in
 * user reads `/api/health` and a page of items every 100 ms; the worst latency of those reads is reported, with the
 * import's time and the server process's peak memory (RSS; the embedded database runs in its own process).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { openBook } from '../apps/server/src/features/book/openBook.ts';
import { seedDemoIfEmpty } from '../apps/server/src/features/demo/demo.seed.ts';
import { itemColumns, openingColumns } from '../apps/server/src/features/excel/itemSheet.rules.ts';
import { writeSheet, XLSX_TYPE } from '../apps/server/src/features/excel/sheetValues.ts';
import { benchDatabase } from './benchDatabase.ts';

const ROWS = Number(process.env.ROWS ?? 50_000);
/** Reads stop by themselves: every import here must end well within this. */
const GIVE_UP_MS = 15 * 60_000;

/** The sheets are built in a child process, so that building them does not count in the server's peak memory. */
async function buildSheets(folder: string) {
  const itemRows = Array.from({ length: ROWS }, (_, i) => [
    `صنف مستورد رقم ${i + 1}`,
    `Imported item ${i + 1}`,
    '',
    `XL-${i + 1}`,
    `629${String(i + 1).padStart(10, '0')}`,
    'Bosch',
    `M${i % 97}`,
    'قطعة',
    1,
    (5 + (i % 400) / 4).toFixed(2),
    (8 + (i % 400) / 4).toFixed(2),
    15,
    '',
    1 + (i % 50),
  ]);
  writeFileSync(join(folder, 'items.xlsx'), await writeSheet('الأصناف', Object.values(itemColumns), itemRows));
  writeFileSync(
    join(folder, 'openings.xlsx'),
    await writeSheet(
      'الكميات الافتتاحية',
      Object.values(openingColumns),
      itemRows.map((row, i) => [row[3] as string, row[0] as string, 2 + (i % 30), '', '']),
    ),
  );
}

if (process.env.BENCH_SHEETS_INTO) {
  await buildSheets(process.env.BENCH_SHEETS_INTO);
  process.exit(0);
}
const sheetFolder = mkdtempSync(join(tmpdir(), 'mizan-bench-sheets-'));
execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
  env: { ...process.env, BENCH_SHEETS_INTO: sheetFolder },
  stdio: 'inherit',
});
const itemSheet = readFileSync(join(sheetFolder, 'items.xlsx'));
const openingSheet = readFileSync(join(sheetFolder, 'openings.xlsx'));
rmSync(sheetFolder, { recursive: true, force: true });
console.log(
  `${ROWS} rows: item sheet ${(itemSheet.length / 1e6).toFixed(2)} MB, opening sheet ` +
    `${(openingSheet.length / 1e6).toFixed(2)} MB`,
);

const { options, dataDir } = benchDatabase('mizan-bench-excel-');
const database = await openBook(options);
await seedDemoIfEmpty(database.db);
const app = await buildApp({ db: database.db });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

/** A signed-in browser: keeps its cookies and echoes the anti-forgery token. */
class Browser {
  private cookies = new Map<string, string>();
  async call(method: 'GET' | 'POST', path: string, body?: FormData | object) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (method === 'POST') headers[XSRF_HEADER] = this.cookies.get(XSRF_COOKIE) ?? '';
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const response = await fetch(`${address}${path}`, {
      method,
      headers,
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, text };
  }
  async signIn() {
    await this.call('GET', '/api/store/read');
    const answer = await this.call('POST', '/api/users/login', {
      user_name: 'admin',
      password: 'admin123',
      store_id: 1,
      level: 'user',
    });
    if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.text}`);
  }
}

const importer = new Browser();
const reader = new Browser();
await importer.signIn();
await reader.signIn();
console.log(`on ${database.kind}`);

/** Runs an upload while the other user reads; returns the upload's time and the reads' worst latency. */
async function whileReading(label: string, upload: () => Promise<{ status: number; text: string }>) {
  let done = false;
  let worst = 0;
  let reads = 0;
  const deadline = Date.now() + GIVE_UP_MS;
  const readLoop = (async () => {
    while (!done && Date.now() < deadline) {
      for (const path of ['/api/health', '/api/items/read?page=1&pageSize=20']) {
        const started = performance.now();
        const answer = await reader.call('GET', path);
        if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
        worst = Math.max(worst, performance.now() - started);
        reads++;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  const answer = await upload();
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await readLoop;
  console.log(
    `${label.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s   worst read ${worst.toFixed(0).padStart(6)} ms ` +
      `(${reads} reads)   answer ${answer.status} ${answer.text.slice(0, 80)}`,
  );
}

function sheetForm(bytes: Buffer) {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), 'bench.xlsx');
  return form;
}

const rssBefore = process.resourceUsage().maxRSS;

await whileReading('items import, all new', () => importer.call('POST', '/api/uploadXsl', sheetForm(itemSheet)));
await whileReading('items import again, every row updates', () =>
  importer.call('POST', '/api/uploadXsl', sheetForm(itemSheet)),
);
await whileReading('opening quantities import (year 1)', () =>
  importer.call('POST', '/api/uploadXslFristq?fq_year=1', sheetForm(openingSheet)),
);
await whileReading('items preview (?preview=1)', () =>
  importer.call('POST', '/api/uploadXsl?preview=1', sheetForm(itemSheet)),
);
await whileReading('items export (every item of the store)', () => importer.call('GET', '/api/items/export'));
console.log(
  `server process peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB ` +
    `(${(rssBefore / 1024).toFixed(0)} MB before the first upload)`,
);

await app.close();
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
