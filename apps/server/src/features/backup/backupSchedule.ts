/**
 * Backups nobody has to remember: while the server runs it backs the books up every `everyMinutes` (soon after it
 * starts when the last one is older than that) and once more at a clean stop (`everyMinutes` 0: none of these), verifies each by restoring it into a scratch database before it counts, prunes what retention does not
 * keep, and remembers the last verified one in `mizan-backups.json` in the folder (it outlives a restart). The
 * settings screen reads this through `backup/status` (docs/backups.md).
 */
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { addMoney, type BackupFigures, type BackupStatus, parseMoney, toMoneyString, ZERO } from '@mizan/contract';
import { listBackups, pruneBackups, writeBackup } from './backupFiles.ts';
import type { BookFigures } from './bookFigures.ts';
import { verifyBackup } from './restore.ts';

/** After this long without a verified backup (or since the start, without any), every administrator's screen warns. */
export const OVERDUE_HOURS = 26;
const STATUS_FILE = 'mizan-backups.json';
/** How soon after start a server whose last backup is older than its interval backs up. */
const FIRST_BACKUP_DELAY_MS = 30_000;

type Remembered = {
  last_verified: BackupStatus['last_verified'];
  last_failure: BackupStatus['last_failure'];
};

export type BackupService = {
  status: () => Promise<BackupStatus>;
  /** Makes, verifies and prunes one backup now (or waits for the one being made) and answers the status after it. */
  runNow: () => Promise<BackupStatus>;
  /** Stops the schedule; with `finalBackup` (a clean stop of the server), makes one last backup. */
  stop: (options?: { finalBackup?: boolean }) => Promise<void>;
};

export type BackupOptions = {
  /** The book's database; a scratch database for verification is made on the same server. */
  connectionString: string;
  folder: string;
  everyMinutes: number;
  log: { info: (message: string) => void; error: (message: string) => void };
  now?: () => Date;
  /**
   * With the embedded engine's WAL archiving: after each verified backup, a base backup when one is due
   * (walArchive.ts); a failure counts as the backup's.
   */
  baseBackup?: () => Promise<{ folder: string } | undefined>;
  /** With WAL archiving: its state for the status (walArchive.ts `pointInTimeStatus`). */
  pointInTime?: () => Promise<BackupStatus['point_in_time']>;
};

const sum = (values: string[]) => toMoneyString(addMoney(ZERO, ...values.map((v) => parseMoney(v) ?? ZERO)));

/** The few figures the settings screen shows of what a backup holds. */
export function summariseFigures(figures: BookFigures): BackupFigures {
  return {
    documents: figures.documents.reduce((n, row) => n + row.count, 0),
    debit: sum(figures.trialBalance.map((row) => row.debit)),
    credit: sum(figures.trialBalance.map((row) => row.credit)),
    stock_at_cost: sum(figures.stock.map((row) => row.value_at_cost)),
  };
}

export function startBackups({
  connectionString,
  folder,
  everyMinutes,
  log,
  now = () => new Date(),
  baseBackup,
  pointInTime,
}: BackupOptions): BackupService {
  const startedAt = now();
  let remembered: Remembered | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const statusFile = join(folder, STATUS_FILE);
  const recall = async (): Promise<Remembered> => {
    remembered ??= await readFile(statusFile, 'utf8').then(
      (text) => JSON.parse(text) as Remembered,
      () => ({ last_verified: null, last_failure: null }),
    );
    return remembered;
  };
  const remember = async (next: Remembered) => {
    remembered = next;
    const temporary = `${statusFile}.partial`;
    await writeFile(temporary, JSON.stringify(next, null, 2));
    await rename(temporary, statusFile);
  };

  const backupOnce = async () => {
    const startedAt = now();
    const before = await recall();
    try {
      const written = await writeBackup(connectionString, folder, { now: startedAt });
      const verified = await verifyBackup(written.file, connectionString);
      if (!verified.ok) {
        const why = verified.reason ?? verified.differences.join('; ');
        throw new Error(`backup ${basename(written.file)} did not verify: ${why}`);
      }
      await remember({
        last_verified: {
          at: now().toISOString(),
          file: basename(written.file),
          size: written.size,
          figures: summariseFigures(written.figures),
        },
        last_failure: null,
      });
      log.info(`Backup ${written.file} written (${written.size} bytes) and verified by a scratch restore`);
      const pruned = await pruneBackups(folder, now());
      if (pruned.length > 0) log.info(`Backups pruned by retention: ${pruned.map((f) => basename(f)).join(', ')}`);
      const base = await baseBackup?.();
      if (base) log.info(`Base backup ${base.folder} taken: the WAL archive restores to any moment after it`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await remember({ ...before, last_failure: { at: now().toISOString(), message } }).catch(() => {});
      log.error(`Backup failed: ${message}`);
    }
  };

  /** One backup at a time: a request while one runs waits for that one. */
  const run = () => {
    running ??= backupOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const status = async (): Promise<BackupStatus> => {
    const { last_verified, last_failure } = await recall();
    const kept = await listBackups(folder).catch(() => []);
    const withSizes = await Promise.all(
      kept.map(async (backup) => ({
        file: basename(backup.file),
        size: (await stat(backup.file).catch(() => ({ size: 0 }))).size,
        created_at: backup.createdAt.toISOString(),
      })),
    );
    // Without any verified backup, counted from the server's start: a new install is not overdue in its first minute.
    const lastAt = last_verified ? Date.parse(last_verified.at) : startedAt.getTime();
    return {
      folder,
      every_minutes: everyMinutes,
      last_verified,
      last_failure,
      overdue: now().getTime() - lastAt > OVERDUE_HOURS * 3_600_000,
      running: running !== undefined,
      kept: withSizes.sort((a, b) => b.created_at.localeCompare(a.created_at)),
      point_in_time: pointInTime
        ? await pointInTime().catch((error: unknown) => ({
            since: null,
            last_archived_at: null,
            failing: error instanceof Error ? error.message : String(error),
          }))
        : null,
    };
  };

  const timer = everyMinutes > 0 ? setInterval(() => void run(), everyMinutes * 60_000) : undefined;
  timer?.unref();
  // A server that was off longer than the interval backs up soon after it starts, not an interval later.
  let first: NodeJS.Timeout | undefined;
  if (everyMinutes > 0) {
    void recall().then(({ last_verified }) => {
      const age = last_verified ? now().getTime() - Date.parse(last_verified.at) : Number.POSITIVE_INFINITY;
      if (age < everyMinutes * 60_000 || stopped) return;
      first = setTimeout(() => void run(), Math.min(FIRST_BACKUP_DELAY_MS, everyMinutes * 60_000));
      first.unref();
    });
  }

  return {
    status,
    runNow: async () => {
      await run();
      return status();
    },
    stop: async ({ finalBackup = false } = {}) => {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      await running;
      if (finalBackup) await run();
    },
  };
}
