import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/testApp.ts';
import { OVERDUE_HOURS, startBackups } from './backupSchedule.ts';

const folder = mkdtempSync(join(tmpdir(), 'mizan-schedule-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const quiet = { info: () => {}, error: () => {} };
const hours = (n: number) => n * 3_600_000;

describe('when the backups are overdue', () => {
  it(`a server without any verified backup warns ${OVERDUE_HOURS} hours after its start, not before`, async () => {
    let clock = Date.parse('2026-12-02T08:00:00Z');
    const service = startBackups({
      connectionString: '',
      folder,
      everyMinutes: 0,
      log: quiet,
      now: () => new Date(clock),
    });
    expect((await service.status()).overdue).toBe(false);
    clock += hours(OVERDUE_HOURS) - 60_000;
    expect((await service.status()).overdue).toBe(false);
    clock += 120_000;
    expect((await service.status()).overdue).toBe(true);
    await service.stop();
  });

  it('a verified backup remembered in the folder counts from its own time, across a restart', async () => {
    const own = mkdtempSync(join(tmpdir(), 'mizan-schedule-'));
    const at = '2026-12-01T06:00:00.000Z';
    const figures = { documents: 3, debit: '10.00', credit: '10.00', stock_at_cost: '0.00' };
    writeFileSync(
      join(own, 'mizan-backups.json'),
      JSON.stringify({
        last_verified: { at, file: 'mizan-2026-12-01T0600.backup', size: 10, figures },
        last_failure: null,
      }),
    );
    const at27 = Date.parse(at) + hours(27);
    const service = startBackups({
      connectionString: '',
      folder: own,
      everyMinutes: 0,
      log: quiet,
      now: () => new Date(at27),
    });
    const status = await service.status();
    expect(status.last_verified?.file).toBe('mizan-2026-12-01T0600.backup');
    expect(status.overdue).toBe(true);
    await service.stop();
    rmSync(own, { recursive: true, force: true });
  });
});

describe('several backups in one minute', () => {
  // Found by pointInTime.test: the third backup of a minute took the freed name of the first, sorted as the oldest of
  // the minute, and retention deleted it, the newest verified backup, the moment it was made.
  it('keep the newest, the one the status names, on disk', async () => {
    const own = mkdtempSync(join(tmpdir(), 'mizan-schedule-'));
    const database = await createTestDatabase({ migrated: true });
    const minute = Date.parse('2026-12-02T09:30:10Z');
    const service = startBackups({
      connectionString: database.url,
      folder: own,
      everyMinutes: 0,
      log: quiet,
      now: () => new Date(minute),
    });
    try {
      for (let n = 0; n < 4; n++) {
        const status = await service.runNow();
        expect(status.last_failure).toBeNull();
        expect(status.kept.map((k) => k.file)).toContain(status.last_verified?.file);
      }
    } finally {
      await service.stop();
      await database.drop();
      rmSync(own, { recursive: true, force: true });
    }
  }, 120_000);
});
