/**
 * The database connection of the command-line tools that work on the database as a whole (backup, restore, export):
 * `DATABASE_URL`, or the embedded PostgreSQL on `DATA_DIR`. While the server runs, a backup or an export goes through
 * the server's own PostgreSQL (the shop keeps selling); otherwise the command starts it on the folder for the time it
 * works and stops it after. A restore needs the database to itself: it refuses while the server runs.
 */
import type { Config } from '../config.ts';
import { runningServer, startEmbeddedPostgres } from '../db/embedded/embeddedPostgres.ts';

/** Runs `work` with the database's connection string; exits with status 2 when it cannot be had. */
export async function withDatabaseConnection<T>(
  config: Config,
  work: (connectionString: string) => Promise<T>,
  { exclusive = false }: { exclusive?: boolean } = {},
): Promise<T> {
  if (config.databaseUrl) return work(config.databaseUrl);
  const running = await runningServer(config.dataDir);
  if (running && exclusive) {
    console.error(`The Mizan server is running on ${config.dataDir}: stop it first (Ctrl-C in its window).`);
    process.exit(2);
  }
  if (running) return work(running.connectionString);
  const started = await startEmbeddedPostgres({ dataDir: config.dataDir, log: () => {} });
  try {
    return await work(started.connectionString);
  } finally {
    await started.stop();
  }
}
