/**
 * The ways PostgreSQL says its disk is full, each answered 503 DISK_FULL in Arabic and never 500 (issue 35, finding
 * 11), and how health learns that the database cannot write (diskSpace.ts). The real full disk is diskFull.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDiskFull } from '../lib/dbErrors.ts';
import { installErrorHandler } from '../lib/errorHandler.ts';
import { startTestApp } from '../test/testApp.ts';
import { freeBytes, type WriteWatch, writeWatch } from './diskSpace.ts';

/** An error as pg gives it, wrapped as drizzle does (the driver's error in `cause`). */
const pgError = (code: string, message: string) =>
  Object.assign(new Error('Failed query: insert into …'), {
    cause: Object.assign(new Error(message), { code, severity: 'ERROR', constraint: undefined }),
  });

describe('a full disk, however PostgreSQL words it', () => {
  it('is recognised in each form, and other faults are not', () => {
    const full = [
      pgError('53100', 'could not extend file "base/16384/16500": No space left on device'),
      pgError('53100', 'could not write to file "base/pgsql_tmp/pgsql_tmp1234.0": No space left on device'),
      pgError('58030', 'could not write to file "pg_wal/xlogtemp.77": No space left on device'),
      pgError('XX000', 'could not write block 12 of temporary file: No space left on device'),
      Object.assign(new Error("ENOSPC: no space left on device, write '/data/backups/x'"), { code: 'ENOSPC' }),
    ];
    for (const error of full) expect(isDiskFull(error), String(error.cause ?? error.message)).toBe(true);
    expect(isDiskFull(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDiskFull(pgError('58030', 'could not read block 3: Input/output error'))).toBe(false);
    expect(isDiskFull(new Error('Connection terminated unexpectedly'))).toBe(false);
  });

  async function appThrowing(error: unknown, writes: WriteWatch) {
    const app = Fastify();
    installErrorHandler(app, writes);
    app.post('/save', async () => {
      throw error;
    });
    app.post('/saved', async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('is answered 503 DISK_FULL with the Arabic message, and health is told', async () => {
    const writes = writeWatch();
    const app = await appThrowing(pgError('58030', 'could not write to file: No space left on device'), writes);
    const answer = await app.inject({ method: 'POST', url: '/save' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.code).toBe('DISK_FULL');
    expect(answer.json().error.message).toMatch(/القرص ممتلئ/);
    expect(await writes.diskFull()).toBe(true);
    // A save that succeeds says the database writes again.
    await app.inject({ method: 'POST', url: '/saved' });
    expect(await writes.diskFull()).toBe(false);
    await app.close();
  });

  it('a database gone while the disk is full (a WAL write failed: PostgreSQL stopped) is a full disk too', async () => {
    const gone = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(gone)).toBe(true);
    let full = true;
    const writes: WriteWatch = { refused: () => {}, saved: () => {}, diskFull: async () => full };
    const app = await appThrowing(gone, writes);
    const whileFull = await app.inject({ method: 'POST', url: '/save' });
    expect([whileFull.statusCode, whileFull.json().error.code]).toEqual([503, 'DISK_FULL']);
    full = false;
    const otherwise = await app.inject({ method: 'POST', url: '/save' });
    expect([otherwise.statusCode, otherwise.json().error.code]).toEqual([503, 'DATABASE_UNAVAILABLE']);
    await app.close();
  });
});

describe('whether the database can write', () => {
  it('on the embedded engine, by the free space of the data folder’s disk, whatever was refused before', async () => {
    const folder = mkdtempSync(`${tmpdir()}/mizan-disk-`);
    const free = await freeBytes(folder);
    expect(free).toBeGreaterThan(0);
    const roomy = writeWatch({ dataDir: folder, lowSpaceBytes: 1 });
    roomy.refused();
    expect(await roomy.diskFull()).toBe(false);
    // A threshold above what is free: the disk counts as full, before any save is refused.
    expect(await writeWatch({ dataDir: folder, lowSpaceBytes: (free ?? 0) * 2 + 1 }).diskFull()).toBe(true);
  });

  it('on a PostgreSQL server, by the last refusal: for a minute, or until a save succeeds', async () => {
    let clock = 0;
    const writes = writeWatch({ now: () => clock, refusalCountsMs: 60_000 });
    expect(await writes.diskFull()).toBe(false);
    writes.refused();
    clock = 59_000;
    expect(await writes.diskFull()).toBe(true);
    clock = 61_000;
    expect(await writes.diskFull()).toBe(false);
    writes.refused();
    writes.saved();
    expect(await writes.diskFull()).toBe(false);
  });

  it('health answers 503 DISK_FULL in Arabic while the database cannot write, and 200 again after', async () => {
    const started = await startTestApp();
    try {
      started.database.writes.refused();
      const full = await started.app.inject({ method: 'GET', url: '/api/health' });
      expect(full.statusCode).toBe(503);
      expect(full.json().error).toMatchObject({ code: 'DISK_FULL', message: expect.stringMatching(/القرص ممتلئ/) });
      started.database.writes.saved();
      expect((await started.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await started.close();
    }
  }, 60_000);
});
