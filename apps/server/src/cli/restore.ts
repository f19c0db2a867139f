/**
 * `npm run restore -- --from <file> [--force]`
 * Restores a backup (.backup or an export's .sql) into the database, in one transaction, and checks the restored
 * figures against the backup's. A database that already holds tables is refused unless --force, which restores
 * beside it and keeps it as <name>_before_restore_<time>. Stop the server first (docs/backups.md).
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { restoreBackup } from '../features/backup/restore.ts';
import { describeFigures } from './backupReport.ts';
import { callerPath } from './callerPath.ts';
import { withDatabaseConnection } from './databaseConnection.ts';

const { values } = parseArgs({
  options: { from: { type: 'string' }, force: { type: 'boolean', default: false } },
});
if (!values.from) {
  console.error('Usage: npm run restore -- --from FILE [--force]');
  process.exit(2);
}
const file = callerPath(values.from);

await withDatabaseConnection(
  readConfig(process.env),
  async (connectionString) => {
    try {
      const restored = await restoreBackup(file, connectionString, { force: values.force });
      console.log(`Restored ${file} (backed up at ${restored.createdAt}) into database "${restored.database}".`);
      if (restored.keptAside) console.log(`The database that was there is kept as "${restored.keptAside}".`);
      console.log(`Verified figures:\n${describeFigures(restored.figures)}`);
    } catch (error) {
      console.error(`Restore failed, nothing was changed: ${error instanceof Error ? error.message : error}`);
      process.exitCode = 1;
    }
  },
  { exclusive: true },
);
