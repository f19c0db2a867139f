import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedDatabase } from './embedded/startEmbedded.ts';
import { nameRepeatedStatements } from './preparedStatements.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle: queries take `DbOrTx` so a service can run them inside its transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Whether the database answers now (for health): false when it is down or does not answer within seconds. */
  check: () => Promise<boolean>;
  close: () => Promise<void>;
};

/** How long health waits for the database to answer `select 1` before calling it down. */
const CHECK_TIMEOUT_MS = 2_000;

export type DatabaseOptions =
  /** A PostgreSQL server: the production path. */
  | { url: string }
  /** Embedded PGlite on a data folder, or in memory when `dataDir` is undefined. */
  | { dataDir: string | undefined };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies the committed migrations. The server opens it through `openBook`
 * (features/book/openBook.ts), which adds the start-up steps the book needs.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = 'url' in options ? undefined : await startEmbeddedDatabase(options.dataDir);
  const pool = new pg.Pool({
    connectionString: embedded?.connectionString ?? ('url' in options ? options.url : ''),
    // PGlite has one connection: requests queue in the pool and wait their turn instead of failing.
    max: embedded ? 1 : 10,
    idleTimeoutMillis: embedded ? 0 : 10_000,
    // No JIT compilation on PostgreSQL: our reads run from a few to a few hundred milliseconds, where compiling a plan
    // costs more than it saves (aging in the large store spent 1.6 s of its 3.0 s compiling; docs/large-store.md).
    ...(embedded ? {} : { options: '-c jit=off' }),
  });
  // A dropped idle connection must not crash the server; the pool reconnects on the next query.
  pool.on('error', () => {});
  // Not on PGlite: its socket server runs every connection in its one session, so a statement prepared on a
  // connection the pool has since dropped is still there when a new connection, which does not know it, prepares
  // it again (42P05 "already exists", a 500). A PostgreSQL connection is its own session.
  if (!embedded) nameRepeatedStatements(pool);
  const db = drizzle(pool, { schema });
  try {
    // What SQL cannot migrate (posting again by the rules) runs after this: features/book/openBook.ts.
    await migrate(db, { migrationsFolder });
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
    check: async () => {
      if (closed) return false;
      if (!embedded) return answers();
      if (!embedded.isRunning()) return false;
      // PGlite has one connection. While a long report holds it, the process is alive and working: health must
      // not queue behind the report (it answers within milliseconds, see embedded.test.ts).
      if (pool.totalCount >= 1 && pool.idleCount === 0) return true;
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
