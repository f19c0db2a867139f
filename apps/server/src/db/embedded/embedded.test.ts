import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/testApp.ts';

// A query that keeps PGlite busy for about a second, the size of a heavy report.
const LONG_QUERY = sql`select count(*) as n from generate_series(1, 3000000)`;

describe('the embedded database does not freeze the server', () => {
  let started: Awaited<ReturnType<typeof startTestApp>>;
  let base = '';

  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'mizan-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>ميزان</title></html>');
    started = await startTestApp('pglite', {
      webDist,
      routes: (app) => {
        app.get('/api/test/long-report', { config: { public: true } }, async () => {
          const startedAt = Date.now();
          const result = await app.db.execute(LONG_QUERY);
          return { data: [{ n: String(result.rows[0]?.n), ms: Date.now() - startedAt }] };
        });
        app.get('/api/test/failing-query', { config: { public: true } }, async () => {
          await app.db.execute(sql`select ${'a value'}::text from no_such_table`);
          return { data: [] };
        });
      },
    });
    await started.app.listen({ port: 0, host: '127.0.0.1' });
    const address = started.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 60_000);
  afterAll(() => started?.close());

  const timed = async (path: string) => {
    const startedAt = performance.now();
    const res = await fetch(base + path);
    return { status: res.status, body: await res.text(), ms: performance.now() - startedAt, doneAt: performance.now() };
  };

  it('pages and health answer within 200 ms while a one-second query runs; database requests wait and succeed', async () => {
    const report = timed('/api/test/long-report');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [health, page, stores] = await Promise.all([
      timed('/api/health'),
      timed('/folder/sales'),
      timed('/api/store/read'),
    ]);
    const long = await report;

    expect(long.status).toBe(200);
    const { n, ms } = JSON.parse(long.body).data[0];
    expect(n).toBe('3000000');
    expect(ms).toBeGreaterThan(600);

    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(200);
    expect(page.status).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.ms).toBeLessThan(200);

    // The store list needed the database: it queued behind the report and then succeeded.
    expect(stores.status).toBe(200);
    expect(JSON.parse(stores.body).data).toHaveLength(2);
    expect(stores.doneAt).toBeGreaterThanOrEqual(long.doneAt - 50);
  });

  it('app routes get the page; a missing asset is a 404, not the page in its place', async () => {
    expect((await timed('/folder/items')).body).toContain('dir="rtl"');
    expect((await timed('/assets/index-old.js')).status).toBe(404);
  });

  it('a query that fails does not fail the next request (the pool replaces its connection meanwhile)', async () => {
    for (let round = 0; round < 3; round++) {
      const failed = await fetch(`${base}/api/test/failing-query`);
      expect(failed.status).toBe(500);
      const next = await timed('/api/store/read');
      expect(next.status, `round ${round}`).toBe(200);
    }
  });

  it('many database requests at once all succeed, one after the other', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => timed('/api/store/read')));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
  });
});
