/**
 * Continuous archiving and point-in-time recovery of the embedded PostgreSQL (docs/backups.md).
 *
 * The server copies every completed write-ahead-log segment into `<backups>/wal/` with PostgreSQL's own
 * `basic_archive` module (it ships with the engine's binaries, on every platform, and writes each file to a temporary
 * name, syncs it and renames it, so a half-copied segment never counts), and switches to a new segment at least every
 * 60 s, so a dead data disk loses at most the last minute. Once a day the backup schedule also takes a base backup
 * (a copy of the cluster's files between `pg_backup_start` and `pg_backup_stop`) into `<backups>/base/`; a base backup
 * and the WAL after it restore the book as it was at any moment after the base backup ended.
 */
import { chmod, chown, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { platform } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { serverOwner, startEmbeddedPostgres } from '../../db/embedded/embeddedPostgres.ts';
import { type BookFigures, readBookFiguresAtOnce } from './bookFigures.ts';

/** The base backups kept: the point-in-time window reaches back to the oldest (about three days). */
const BASE_BACKUPS_KEPT = 3;
/** A new base backup once the newest is this old. */
const BASE_BACKUP_EVERY_MS = 24 * 3_600_000;
const BASE_PREFIX = 'mizan-base-';
const BASE_INFO = 'mizan-base.json';

export const walFolder = (backupFolder: string) => join(backupFolder, 'wal');
const baseFolder = (backupFolder: string) => join(backupFolder, 'base');

/** The server settings that archive its WAL into the backup folder. */
export function archiveSettings(backupFolder: string): Record<string, string> {
  return {
    archive_mode: 'on',
    archive_library: 'basic_archive',
    'basic_archive.archive_directory': walFolder(backupFolder),
    archive_timeout: '60',
    wal_level: 'replica',
  };
}

/** The WAL folder must exist and be writable by the server's own user (as root, an unprivileged one). */
export async function prepareArchiveFolder(backupFolder: string) {
  const folder = walFolder(backupFolder);
  await mkdir(folder, { recursive: true });
  const owner = await serverOwner();
  if (owner) await chown(folder, owner.uid, owner.gid);
}

type BaseBackupInfo = {
  /** When `pg_backup_start` ran and when `pg_backup_stop` ended: a restore reaches any moment after `finished_at`. */
  started_at: string;
  finished_at: string;
  /** The first WAL segment the base backup needs; older archived segments are of no use once it is the oldest. */
  start_wal: string;
};
export type BaseBackup = BaseBackupInfo & { folder: string };

/** What a base backup leaves out: the server's running state, and the WAL (it comes from the archive). */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'mizan-app.pid', 'backup_label.old']);
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
  'log',
]);

/**
 * Copies the cluster's files while the server runs. Files change and vanish under the copy (a scratch database of a
 * backup's verification is dropped): the WAL replayed from the backup's start makes the copy consistent, and a file
 * that vanished is simply not needed.
 */
async function copyCluster(from: string, to: string, top = true) {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (top && SKIPPED_FILES.has(entry.name)) continue;
    if (entry.name.startsWith('pgsql_tmp')) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTIED_FOLDERS.has(entry.name)) await mkdir(target, { recursive: true });
      else await copyCluster(source, target, false);
    } else if (entry.isFile()) {
      await copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }
}

/** `2026-12-02T093000`: UTC, sortable. */
function stampOf(at: Date) {
  return at.toISOString().slice(0, 19).replaceAll(':', '');
}

/** Takes a base backup of the running server on `dataDir` into `<backups>/base/mizan-base-<time>/`. */
export async function takeBaseBackup({
  connectionString,
  dataDir,
  backupFolder,
  now = () => new Date(),
}: {
  connectionString: string;
  dataDir: string;
  backupFolder: string;
  now?: () => Date;
}): Promise<BaseBackup> {
  const startedAt = now();
  const folder = join(baseFolder(backupFolder), `${BASE_PREFIX}${stampOf(startedAt)}`);
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  // The backup belongs to this session: it must stay open from start to stop.
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const started = await client.query<{ wal: string }>(
      "SELECT pg_walfile_name(pg_backup_start('mizan base backup', true)) AS wal",
    );
    try {
      await copyCluster(dataDir, partial);
    } catch (error) {
      await client.query('SELECT pg_backup_stop(false)').catch(() => {});
      throw error;
    }
    // Waits until the WAL the copy needs is in the archive: a base backup without it restores nothing.
    const stopped = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(true)',
    );
    const label = stopped.rows[0];
    if (!label) throw new Error('pg_backup_stop answered no backup label');
    await writeFile(join(partial, 'backup_label'), label.labelfile);
    if (label.spcmapfile) await writeFile(join(partial, 'tablespace_map'), label.spcmapfile);
    const info: BaseBackupInfo = {
      started_at: startedAt.toISOString(),
      finished_at: now().toISOString(),
      start_wal: started.rows[0]?.wal ?? '',
    };
    await writeFile(join(partial, BASE_INFO), JSON.stringify(info, null, 2));
    await rename(partial, folder);
    return { ...info, folder };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** The base backups in the folder, oldest first. */
export async function listBaseBackups(backupFolder: string): Promise<BaseBackup[]> {
  const names = await readdir(baseFolder(backupFolder)).catch(() => [] as string[]);
  const found: BaseBackup[] = [];
  for (const name of names.filter((n) => n.startsWith(BASE_PREFIX) && !n.endsWith('.partial')).sort()) {
    const folder = join(baseFolder(backupFolder), name);
    const info = await readFile(join(folder, BASE_INFO), 'utf8').then(
      (text) => JSON.parse(text) as BaseBackupInfo,
      () => undefined,
    );
    if (info) found.push({ ...info, folder });
  }
  return found;
}

/** A WAL segment's position on its timeline, comparable across timelines (`00000002000000000000001A` → 0x1A). */
const segmentOf = (name: string) => name.slice(8, 24);

/**
 * Keeps the newest base backups and deletes the older ones, and the archived WAL segments only they needed. Timeline
 * history files are kept: a restore needs them to follow the book across an earlier point-in-time recovery.
 */
export async function pruneArchive(backupFolder: string) {
  const bases = await listBaseBackups(backupFolder);
  const dropped = bases.slice(0, Math.max(0, bases.length - BASE_BACKUPS_KEPT));
  for (const base of dropped) await rm(base.folder, { recursive: true, force: true });
  const oldest = bases[dropped.length];
  if (!oldest) return;
  const wal = await readdir(walFolder(backupFolder)).catch(() => [] as string[]);
  for (const name of wal) {
    if (/^[0-9A-F]{24}$/.test(name) && segmentOf(name) < segmentOf(oldest.start_wal)) {
      await rm(join(walFolder(backupFolder), name), { force: true });
    }
  }
}

/** Takes a base backup when the newest is a day old (or there is none), then prunes. Answers it, or undefined. */
export async function baseBackupIfDue(options: {
  connectionString: string;
  dataDir: string;
  backupFolder: string;
  now?: () => Date;
}): Promise<BaseBackup | undefined> {
  const now = options.now ?? (() => new Date());
  const newest = (await listBaseBackups(options.backupFolder)).at(-1);
  if (newest && now().getTime() - Date.parse(newest.finished_at) < BASE_BACKUP_EVERY_MS) return undefined;
  const taken = await takeBaseBackup(options);
  await pruneArchive(options.backupFolder);
  return taken;
}

/**
 * At a clean stop: closes the current WAL segment and waits (up to 30 s) until the archive has it, so the archive holds
 * every committed change when the server stops.
 */
export async function archiveCurrentSegment(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const switched = await client.query<{ wal: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS wal');
    const wanted = switched.rows[0]?.wal ?? '';
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const archived = await client.query<{ last: string | null }>(
        'SELECT last_archived_wal AS last FROM pg_stat_archiver',
      );
      const last = archived.rows[0]?.last ?? '';
      if (last >= wanted) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  } finally {
    await client.end();
  }
}

/** What the settings screen shows of the archive: how far back a restore reaches, and whether archiving works. */
export async function pointInTimeStatus(connectionString: string, backupFolder: string) {
  const since = (await listBaseBackups(backupFolder))[0]?.finished_at ?? null;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{
      archived: Date | null;
      failed: Date | null;
      failed_wal: string | null;
    }>(
      'SELECT last_archived_time AS archived, last_failed_time AS failed, last_failed_wal AS failed_wal FROM pg_stat_archiver',
    );
    const row = rows[0];
    const failing =
      row?.failed && (!row.archived || row.failed > row.archived)
        ? `the WAL segment ${row.failed_wal} could not be copied into ${walFolder(backupFolder)} (${row.failed.toISOString()}); PostgreSQL keeps it and tries again`
        : null;
    return { since, last_archived_at: row?.archived?.toISOString() ?? null, failing };
  } finally {
    await client.end();
  }
}

export class RecoveryFailed extends Error {}

/**
 * Restores the book as it was at `until` into `dataDir` (missing or empty): the newest base backup that ended before
 * that moment, then the archived WAL replayed up to it by PostgreSQL's own recovery; the server is then promoted
 * (a new timeline, archived like the rest) and stopped. Answers the figures of the restored book.
 */
export async function restoreToMoment({
  backupFolder,
  until,
  dataDir,
  log = () => {},
}: {
  backupFolder: string;
  until: Date;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<{ base: BaseBackup; figures: BookFigures }> {
  const bases = await listBaseBackups(backupFolder);
  const base = bases.filter((b) => Date.parse(b.finished_at) < until.getTime()).at(-1);
  if (!base) {
    const earliest = bases[0]?.finished_at;
    throw new RecoveryFailed(
      earliest
        ? `the earliest moment the backups in ${backupFolder} reach is ${earliest}`
        : `${backupFolder} holds no base backup (the server takes one a day while it runs with WAL archiving)`,
    );
  }
  const existing = await readdir(dataDir).catch(() => [] as string[]);
  if (existing.length > 0) throw new RecoveryFailed(`${dataDir} is not empty`);
  log(`Restoring the base backup of ${base.finished_at}, then the WAL up to ${until.toISOString()}`);
  try {
    return { base, figures: await recover(base, backupFolder, until, dataDir, log) };
  } catch (error) {
    // The folder was empty: leave it so, and say why.
    for (const name of await readdir(dataDir).catch(() => [] as string[])) {
      await rm(join(dataDir, name), { recursive: true, force: true });
    }
    if (error instanceof RecoveryFailed) throw error;
    throw new RecoveryFailed(`${error instanceof Error ? error.message : String(error)}`);
  }
}

async function recover(
  base: BaseBackup,
  backupFolder: string,
  until: Date,
  dataDir: string,
  log: (line: string) => void,
) {
  await copyCluster(base.folder, dataDir);
  await rm(join(dataDir, BASE_INFO), { force: true });
  await mkdir(join(dataDir, 'pg_wal', 'archive_status'), { recursive: true });
  await writeFile(join(dataDir, 'recovery.signal'), '');
  const owner = await serverOwner();
  if (owner) await chownTree(dataDir, owner.uid, owner.gid);
  if (platform() !== 'win32') await chmod(dataDir, 0o700);

  const wal = walFolder(backupFolder);
  const restoreCommand = platform() === 'win32' ? `copy "${join(wal, '%f')}" "%p"` : `cp "${join(wal, '%f')}" "%p"`;
  const server = await startEmbeddedPostgres({
    dataDir,
    log,
    settings: {
      ...archiveSettings(backupFolder),
      restore_command: restoreCommand,
      // PostgreSQL's own timestamp form: it refuses ISO 8601's `T…Z` here.
      recovery_target_time: until.toISOString().replace('T', ' ').replace('Z', '+00'),
      recovery_target_action: 'promote',
    },
  }).catch(async (error: unknown) => {
    throw new RecoveryFailed(`the recovery did not start (${String(error)}): ${await lastFatal(dataDir)}`);
  });
  try {
    await waitForPromotion(server.connectionString, dataDir);
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    try {
      return await readBookFiguresAtOnce(client);
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

/** Recovery ends at the target (promoted) or fails when the archive ends before it: the server's log says why. */
async function waitForPromotion(connectionString: string, dataDir: string) {
  let unreachableSince: number | undefined;
  for (;;) {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
      if (!rows[0]?.recovering) return;
      unreachableSince = undefined;
    } catch {
      unreachableSince ??= Date.now();
      if (Date.now() - unreachableSince > 15_000) {
        throw new RecoveryFailed(`the recovery stopped: ${await lastFatal(dataDir)}`);
      }
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function lastFatal(dataDir: string) {
  const folder = join(dataDir, 'log');
  const files = await readdir(folder).catch(() => [] as string[]);
  const lines: string[] = [];
  for (const file of files) {
    lines.push(...(await readFile(join(folder, file), 'utf8').catch(() => '')).split('\n'));
  }
  return lines.filter((line) => /FATAL|PANIC/.test(line)).at(-1) ?? 'see the server log in the data folder';
}

async function chownTree(path: string, uid: number, gid: number) {
  await chown(path, uid, gid);
  if (!(await stat(path)).isDirectory()) return;
  for (const name of await readdir(path)) await chownTree(join(path, name), uid, gid);
}
