/**
 * `npm run export -- --to <folder>`
 * Writes the whole database as one plain SQL script (mizan-YYYY-MM-DDTHHMM.sql), the backup's format uncompressed,
 * for `psql -v ON_ERROR_STOP=1 -d <empty database> -f <file>` on any PostgreSQL 15 or later (docs/backups.md).
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { writeExport } from '../features/backup/backupFiles.ts';
import { describeFigures, describeSize } from './backupReport.ts';
import { callerPath } from './callerPath.ts';
import { withDatabaseConnection } from './databaseConnection.ts';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (!values.to) {
  console.error('Usage: npm run export -- --to FOLDER');
  process.exit(2);
}
const folder = callerPath(values.to);

await withDatabaseConnection(readConfig(process.env), async (connectionString) => {
  const exported = await writeExport(connectionString, folder);
  console.log(`Export written: ${exported.file} (${describeSize(exported.size)})`);
  console.log(`Load it with: psql -v ON_ERROR_STOP=1 -d <empty database> -f ${exported.file}`);
  console.log(`Figures of the export:\n${describeFigures(exported.figures)}`);
});
