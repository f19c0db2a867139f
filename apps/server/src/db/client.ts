import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { carryOverPglite, isPgliteFolder } from './carryOver/carryOverPglite.ts';
import { type WriteWatch, writeWatch } from './diskSpace.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded/embeddedPostgres.ts';
import { applyMigrations } from './migrate.ts';
import { nameRepeatedStatements } from './preparedStatements.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle: queries take `DbOrTx` so a service can run them inside its transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** The server's address for the pool (embedded: with the cluster's password): never log it. */
  connectionString: string;
  /** The embedded server when the app started it (backups copy its WAL archive), else undefined. */
  embedded: EmbeddedServer | undefined;
  /** Whether the database answers now (for health): false when it is down or does not answer within seconds. */
  check: () => Promise<boolean>;
  /** Whether the database cannot write for a full disk (health, the error handler: diskSpace.ts). */
  writes: WriteWatch;
  close: () => Promise<void>;
};

/** How long health waits for the database to answer `select 1` before calling it down. */
const CHECK_TIMEOUT_MS = 2_000;

export type DatabaseOptions =
  /** A PostgreSQL server: the production path. */
  | { url: string }
  /** The embedded PostgreSQL server on its data folder, started by the app (docs/embedded-database.md). */
  | { dataDir: string; durable?: boolean; settings?: Record<string, string> };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies the committed migrations. The server opens it through `openBook`
 * (features/book/openBook.ts), which adds the start-up steps the book needs.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // A folder an earlier release made with PGlite becomes this engine's cluster first (carryOver/carryOverPglite.ts).
  if ('dataDir' in options && (await isPgliteFolder(options.dataDir))) await carryOverPglite(options.dataDir);
  const embedded =
    'url' in options
      ? undefined
      : await startEmbeddedPostgres({
          dataDir: options.dataDir,
          durable: options.durable,
          settings: options.settings,
        });
  const connectionString = embedded?.connectionString ?? ('url' in options ? options.url : '');
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 10_000,
    // No JIT compilation: our reads run from a few to a few hundred milliseconds, where compiling a plan costs more
    // than it saves (aging in the large store spent 1.6 s of its 3.0 s compiling; docs/large-store.md).
    options: '-c jit=off',
  });
  // A dropped idle connection must not crash the server; the pool reconnects on the next query.
  pool.on('error', () => {});
  nameRepeatedStatements(pool);
  const db = drizzle(pool, { schema });
  try {
    // What SQL cannot migrate (posting again by the rules) runs after this: features/book/openBook.ts.
    await applyMigrations(pool, migrationsFolder);
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  let closed = false;
  const answers = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    });
    const query = pool.query('select 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    db,
    kind: embedded ? 'embedded' : 'postgres',
    connectionString,
    embedded,
    writes: writeWatch({ dataDir: 'dataDir' in options ? options.dataDir : undefined }),
    check: async () => {
      if (closed) return false;
      if (embedded && !embedded.isRunning()) return false;
      return answers();
    },
    close: async () => {
      // Closing twice (a signal during shutdown, a test that closed early) is harmless.
      if (closed) return;
      closed = true;
      await pool.end();
      await embedded?.stop();
    },
  };
}
