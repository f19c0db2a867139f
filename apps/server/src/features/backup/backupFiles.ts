/**
 * Backup and export files in a folder: `mizan-YYYY-MM-DDTHHMM.backup` (the script, gzipped) and
 * `mizan-YYYY-MM-DDTHHMM.sql` (the same script, plain), named by local time. A file only ever appears complete: it is
 * written under a temporary name, flushed to disk, renamed, and the folder flushed, so a crash or a full disk never
 * leaves a half-written file that looks like a backup.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { writeBackupScript } from './backupScript.ts';
import type { BookFigures } from './bookFigures.ts';
import { chooseBackupsToKeep } from './retention.ts';

export type WrittenBackup = { file: string; size: number; figures: BookFigures; startedAt: Date; finishedAt: Date };

/** Writes a gzipped backup of the database into `folder` (created if missing). */
export function writeBackup(connectionString: string, folder: string, { now }: { now?: Date } = {}) {
  return writeScriptFile(connectionString, folder, 'backup', now ?? new Date());
}

/** Writes the same script uncompressed, for `psql` or another PostgreSQL. */
export function writeExport(connectionString: string, folder: string, { now }: { now?: Date } = {}) {
  return writeScriptFile(connectionString, folder, 'sql', now ?? new Date());
}

async function writeScriptFile(
  connectionString: string,
  folder: string,
  extension: 'backup' | 'sql',
  startedAt: Date,
): Promise<WrittenBackup> {
  await mkdir(folder, { recursive: true });
  // A dot name that our naming does not match: never listed, pruned or restored as a backup.
  const temporary = join(folder, `.mizan-${randomBytes(6).toString('hex')}.partial`);
  let figures: BookFigures;
  try {
    const file = createWriteStream(temporary, { flags: 'wx' });
    const compress = extension === 'backup' ? createGzip() : undefined;
    // pipeline: a failing disk destroys the gzip stream too, so the writer's wait for 'drain' ends with the error.
    const written = compress ? pipeline(compress, file) : finished(file);
    written.catch(() => {});
    const out = compress ?? file;
    try {
      figures = await writeBackupScript(connectionString, out, startedAt);
    } catch (error) {
      out.destroy();
      await written.catch(() => {});
      throw error;
    }
    out.end();
    await written;
    await syncFile(temporary);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  const file = await freeName(folder, `mizan-${localMinute(startedAt)}`, extension);
  await rename(temporary, file);
  await syncFolder(folder);
  return { file, size: (await stat(file)).size, figures, startedAt, finishedAt: new Date() };
}

/** `2026-12-02T0643`, in local time: what the shop's clock said. */
function localMinute(at: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}${two(at.getMinutes())}`;
}

/**
 * The name, or with `-2`, `-3`, ... when the minute already has backups: one more than the highest number of that
 * minute in the folder, never a number freed by pruning (retention orders a minute's backups by it, so a reused lower
 * number would make the newest backup look the oldest). A backup never replaces another.
 */
async function freeName(folder: string, base: string, extension: string) {
  const numbers = (await readdir(folder)).flatMap((name) => {
    if (name === `${base}.${extension}`) return [1];
    const match = new RegExp(`^${base}-(\\d+)\\.${extension}$`).exec(name);
    return match ? [Number(match[1])] : [];
  });
  const n = Math.max(0, ...numbers) + 1;
  return join(folder, `${base}${n === 1 ? '' : `-${n}`}.${extension}`);
}

/** Flushes the file's bytes to the disk (any handle of the file flushes its data; Windows needs one open for writing). */
async function syncFile(path: string) {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes the rename durable. Windows cannot open a folder to flush it (its renames are written through). */
async function syncFolder(folder: string) {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `mizan-2026-12-02T0643.backup` and `mizan-2026-12-02T0643-2.backup`; exports (`.sql`) are never pruned. */
const backupName = /^mizan-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(?:-\d+)?\.backup$/;

/** The backups in the folder, with the local time their name gives. */
export async function listBackups(folder: string) {
  const names = await readdir(folder);
  return names.flatMap((name) => {
    const match = backupName.exec(name);
    if (!match) return [];
    const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
    return [{ file: join(folder, name), createdAt: new Date(year, month - 1, day, hour, minute) }];
  });
}

/** Deletes the backups `chooseBackupsToKeep` does not keep; answers the files deleted. */
export async function pruneBackups(folder: string, now: Date) {
  const backups = await listBackups(folder);
  const keep = new Set(chooseBackupsToKeep(backups, now).map((b) => b.file));
  const deleted: string[] = [];
  for (const backup of backups) {
    if (keep.has(backup.file)) continue;
    await unlink(backup.file);
    deleted.push(backup.file);
  }
  return deleted;
}
