import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedDatabase } from './embedded/startEmbedded.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle: queries take `DbOrTx` so a service can run them inside its transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = { db: Db; kind: 'embedded' | 'postgres'; close: () => Promise<void> };

export type DatabaseOptions =
  /** A PostgreSQL server: the production path. */
  | { url: string }
  /** Embedded PGlite on a data folder, or in memory when `dataDir` is undefined. */
  | { dataDir: string | undefined };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and applies the committed migrations, so a fresh data folder is ready to use. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = 'url' in options ? undefined : await startEmbeddedDatabase(options.dataDir);
  const pool = new pg.Pool({
    connectionString: embedded?.connectionString ?? ('url' in options ? options.url : ''),
    // PGlite has one connection: requests queue in the pool and wait their turn instead of failing.
    max: embedded ? 1 : 10,
    idleTimeoutMillis: embedded ? 0 : 10_000,
  });
  // A dropped idle connection must not crash the server; the pool reconnects on the next query.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    kind: embedded ? 'embedded' : 'postgres',
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
