/**
 * `npm run restore -- --from <file> [--force]`
 * Restores a backup (.backup or an export's .sql) into the database, in one transaction, and checks the restored
 * figures against the backup's. A database that already holds tables is refused unless --force, which restores
 * beside it and keeps it as <name>_before_restore_<time>. Stop the server first (docs/backups.md).
 *
 * `npm run restore -- --from <backup folder or file in it> --until <time> [--force]`
 * The embedded database as it was at that moment (point-in-time recovery): the newest base backup before it and the
 * archived WAL replayed up to it, into an empty DATA_DIR (--force keeps a non-empty one aside as
 * <DATA_DIR>-before-restore-<time>).
 */
import { readdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { runningServer } from '../db/embedded/embeddedPostgres.ts';
import { restoreBackup } from '../features/backup/restore.ts';
import { restoreToMoment } from '../features/backup/walArchive.ts';
import { describeFigures } from './backupReport.ts';
import { callerPath } from './callerPath.ts';
import { withDatabaseConnection } from './databaseConnection.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    until: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
if (!values.from) {
  console.error('Usage: npm run restore -- --from FILE [--force]   |   --from BACKUP_FOLDER --until TIME [--force]');
  process.exit(2);
}
const from = callerPath(values.from);
const config = readConfig(process.env);

if (values.until) await restoreUntil(values.until);
else await restoreFile();

async function restoreFile() {
  await withDatabaseConnection(
    config,
    async (connectionString) => {
      try {
        const restored = await restoreBackup(from, connectionString, { force: values.force });
        console.log(`Restored ${from} (backed up at ${restored.createdAt}) into database "${restored.database}".`);
        if (restored.keptAside) console.log(`The database that was there is kept as "${restored.keptAside}".`);
        console.log(`Verified figures:\n${describeFigures(restored.figures)}`);
      } catch (error) {
        console.error(`Restore failed, nothing was changed: ${error instanceof Error ? error.message : error}`);
        process.exitCode = 1;
      }
    },
    { exclusive: true },
  );
}

async function restoreUntil(text: string) {
  if (config.databaseUrl) {
    console.error(
      'A restore to a moment is for the embedded database. A PostgreSQL server (DATABASE_URL) is archived by its own administrator (archive_command and pg_basebackup): restore it with its own tools.',
    );
    process.exit(2);
  }
  // "2026-12-02 14:05" is the shop's local time; an ISO time with an offset is taken as given.
  const until = new Date(text.includes('T') || text.includes(' ') ? text.replace(' ', 'T') : `${text}T23:59:59`);
  if (Number.isNaN(until.getTime())) {
    console.error(`Not a time: ${text} (e.g. "2026-12-02 14:05")`);
    process.exit(2);
  }
  if (await runningServer(config.dataDir)) {
    console.error(`The Mizan server is running on ${config.dataDir}: stop it first (Ctrl-C in its window).`);
    process.exit(2);
  }
  const backupFolder = (await stat(from)).isDirectory() ? from : dirname(from);
  const existing = await readdir(config.dataDir).catch(() => [] as string[]);
  let keptAside: string | undefined;
  if (existing.length > 0) {
    if (!values.force) {
      console.error(
        `${config.dataDir} is not empty: restore refuses to overwrite it (--force keeps it aside as ${config.dataDir}-before-restore-<time>)`,
      );
      process.exit(1);
    }
    keptAside = `${config.dataDir}-before-restore-${new Date().toISOString().slice(0, 19).replaceAll(':', '')}`;
    await rename(config.dataDir, keptAside);
  }
  try {
    const restored = await restoreToMoment({
      backupFolder,
      until,
      dataDir: config.dataDir,
      log: (line) => console.log(line),
    });
    console.log(`Restored the book as it was at ${until.toISOString()} into ${config.dataDir}.`);
    if (keptAside) console.log(`The data folder that was there is kept as ${keptAside}.`);
    console.log(`Figures:\n${describeFigures(restored.figures)}`);
  } catch (error) {
    if (keptAside) await rename(keptAside, config.dataDir).catch(() => {});
    console.error(`Restore failed, nothing was changed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
