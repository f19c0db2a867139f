/**
 * The database connection of the command-line tools that work on the database as a whole (backup, restore, export):
 * they speak PostgreSQL's protocol, so they need a connection string. For now that is `DATABASE_URL`; the embedded
 * database will be started here and its connection string handed over the same way.
 */
import type { Config } from '../config.ts';

/** Runs `work` with the database's connection string; without one, says so and exits with status 2. */
export async function withDatabaseConnection<T>(
  config: Config,
  work: (connectionString: string) => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl) {
    console.error(
      'Set DATABASE_URL to the PostgreSQL database (postgres://user@host:5432/name): backups of the embedded database are not available from the command line yet.',
    );
    process.exit(2);
  }
  return work(config.databaseUrl);
}
