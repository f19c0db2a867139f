/**
 * `npm run backup -- --to <folder> [--no-verify] [--prune]`
 * Writes a backup of the database into the folder (mizan-YYYY-MM-DDTHHMM.backup), verifies it by restoring it into a
 * scratch database on the same server, and with --prune deletes the backups the retention no longer keeps
 * (docs/backups.md). Exits with 1 when the backup could not be written or did not verify.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { pruneBackups, writeBackup } from '../features/backup/backupFiles.ts';
import { verifyBackup } from '../features/backup/restore.ts';
import { describeFigures, describeSize } from './backupReport.ts';
import { callerPath } from './callerPath.ts';
import { withDatabaseConnection } from './databaseConnection.ts';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    'no-verify': { type: 'boolean', default: false },
    prune: { type: 'boolean', default: false },
  },
});
if (!values.to) {
  console.error('Usage: npm run backup -- --to FOLDER [--no-verify] [--prune]');
  process.exit(2);
}
const folder = callerPath(values.to);

await withDatabaseConnection(readConfig(process.env), async (connectionString) => {
  const backup = await writeBackup(connectionString, folder);
  const seconds = (backup.finishedAt.getTime() - backup.startedAt.getTime()) / 1000;
  console.log(`Backup written: ${backup.file} (${describeSize(backup.size)}, ${seconds.toFixed(1)} s)`);
  if (values['no-verify']) {
    console.log(`Figures of the backup (not verified):\n${describeFigures(backup.figures)}`);
  } else {
    const verified = await verifyBackup(backup.file, connectionString);
    if (verified.ok) console.log(`Verified: it restores with these figures:\n${describeFigures(backup.figures)}`);
    else {
      console.error(`NOT VERIFIED: ${verified.reason}`);
      for (const difference of verified.differences.slice(0, 50)) console.error(`  ${difference}`);
      process.exitCode = 1;
    }
  }
  if (values.prune) {
    for (const file of await pruneBackups(folder, new Date())) console.log(`Deleted old backup ${file}`);
  }
});
