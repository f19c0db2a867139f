/** `npm start`: opens the database (migrating it), loads the demo into an empty one, serves API and web app. */
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { MigrationFailed } from './db/migrate.ts';
import { startBackups } from './features/backup/backupSchedule.ts';
import {
  archiveCurrentSegment,
  archiveSettings,
  baseBackupIfDue,
  pointInTimeStatus,
  prepareArchiveFolder,
} from './features/backup/walArchive.ts';
import { openBook } from './features/book/openBook.ts';
import { demoUsers, seedDemoIfEmpty, seedDemoShop } from './features/demo/demo.seed.ts';
import { type StartupFailure, serveStartupFailure } from './startupFailure.ts';

const config = readConfig(process.env);
// The embedded engine archives its WAL into the backup folder while backups are on (walArchive.ts).
const archiving = !config.databaseUrl && config.backupEvery > 0;
if (archiving) await prepareArchiveFolder(config.backupDir);
const database = await openBook(
  config.databaseUrl
    ? { url: config.databaseUrl }
    : { dataDir: config.dataDir, settings: archiving ? archiveSettings(config.backupDir) : {} },
).catch(async (error: unknown) => {
  // The books could not be opened: say so on every screen and in the log, and sell nothing (startupFailure.ts).
  const failure = startupFailureOf(error);
  console.error(`Mizan could not open its database. ${failure.detail}`);
  const stopped = await serveStartupFailure(failure, { port: config.port, host: config.host });
  const stop = () => void stopped.close().then(() => process.exit(1));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`\nميزان: تعذر فتح قاعدة البيانات، التفاصيل على http://localhost:${config.port}`);
  return new Promise<never>(() => {});
});
const seeded = config.demo !== 'off' && (await seedDemoIfEmpty(database.db));
if (seeded && config.demo === 'shop') await seedDemoShop(database.db);

const backups = startBackups({
  connectionString: database.connectionString,
  folder: config.backupDir,
  everyMinutes: config.backupEvery,
  log: { info: (line) => console.log(line), error: (line) => console.error(line) },
  baseBackup: archiving
    ? () =>
        baseBackupIfDue({
          connectionString: database.connectionString,
          dataDir: config.dataDir,
          backupFolder: config.backupDir,
        })
    : undefined,
  pointInTime: archiving ? () => pointInTimeStatus(database.connectionString, config.backupDir) : undefined,
});

const app = await buildApp({
  backups,
  db: database.db,
  checkDatabase: database.check,
  writes: database.writes,
  webDist: config.webDist,
  trustProxy: config.trustProxy,
  log: { level: config.logLevel },
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: finishing requests in progress, then a last backup, then closing the database`);
  await app.close();
  await backups.stop({ finalBackup: config.backupEvery > 0 });
  // The archive then holds every committed change, up to the last sale.
  if (archiving) await archiveCurrentSegment(database.connectionString).catch(() => false);
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
const startLines = [`\nميزان يعمل على  http://localhost:${config.port}   (database: ${where})`];
if (seeded) startLines.push('Demo data loaded.');
if (config.demo !== 'off') {
  const signIns = demoUsers.map((u) => `${u.user_name} / ${u.password}`).join(',  ');
  startLines.push(`Demo sign-in: ${signIns}  (admin: stores 1 and 2)\n`);
}
// One write: whoever reads the output (a test, a supervisor) gets the start-up lines together.
console.log(startLines.join('\n'));

function startupFailureOf(error: unknown): StartupFailure {
  if (error instanceof MigrationFailed) {
    return { title: `تعذر تحديث قاعدة البيانات عند الخطوة ${error.migration}`, detail: error.message };
  }
  return { title: 'تعذر فتح قاعدة البيانات', detail: error instanceof Error ? error.message : String(error) };
}
