import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp } from '../test/testApp.ts';

describe.each(databaseKinds)('health checks the database [%s]', (kind) => {
  it('answers 200 while the database answers, and 503 once it is gone', async () => {
    const started = await startTestApp(kind);
    try {
      const ok = await started.app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok' });
      await started.database.close();
      const down = await started.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(down.json().error.message).toMatch(/[\u0600-\u06FF]/);
    } finally {
      await started.close();
    }
  }, 60_000);

  it("runs without JIT compilation (compiling cost the large store's aging more than it saved)", async () => {
    const started = await startTestApp(kind);
    try {
      const { rows } = await started.database.db.execute<{ jit: string }>(sql`show jit`);
      expect(rows[0]?.jit).toBe('off');
    } finally {
      await started.close();
    }
  }, 60_000);
});
