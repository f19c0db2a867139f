import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/testApp.ts';

// A query that keeps a connection busy for a second, the size of the heaviest report on the large store.
const LONG_QUERY = sql`select count(*) as n from (select pg_sleep(1)) as slept, generate_series(1, 1000)`;

describe('a long report does not hold the other requests', () => {
  let started: Awaited<ReturnType<typeof startTestApp>>;
  let base = '';

  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'mizan-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>ميزان</title></html>');
    started = await startTestApp(undefined, {
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

  it('health, pages and database reads answer while two one-second reports run', async () => {
    const reports = [timed('/api/test/long-report'), timed('/api/test/long-report')];
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [health, page, stores] = await Promise.all([
      timed('/api/health'),
      timed('/folder/sales'),
      timed('/api/store/read'),
    ]);
    const longs = await Promise.all(reports);

    for (const long of longs) {
      expect(long.status).toBe(200);
      expect(JSON.parse(long.body).data[0].ms).toBeGreaterThan(900);
    }
    expect(health.status).toBe(200);
    expect(page.status).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    // The store list needed the database and did not queue behind the reports (PGlite's one connection did).
    expect(stores.status).toBe(200);
    expect(JSON.parse(stores.body).data).toHaveLength(2);
    // Queued behind a report they would take more than its second; under a loaded CI machine they take up to ~600 ms.
    for (const answer of [health, page, stores]) expect(answer.ms).toBeLessThan(900);
    expect(stores.doneAt).toBeLessThan(Math.min(...longs.map((long) => long.doneAt)));
  });

  it('app routes get the page; a missing asset is a 404, not the page in its place', async () => {
    expect((await timed('/folder/items')).body).toContain('dir="rtl"');
    expect((await timed('/assets/index-old.js')).status).toBe(404);
  });

  it('a query that fails does not fail the next request', async () => {
    for (let round = 0; round < 3; round++) {
      const failed = await fetch(`${base}/api/test/failing-query`);
      expect(failed.status).toBe(500);
      const next = await timed('/api/store/read');
      expect(next.status, `round ${round}`).toBe(200);
    }
  });

  it('many database requests at once all succeed', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => timed('/api/store/read')));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
  });
});
