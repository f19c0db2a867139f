/**
 * The first start of this release on a data folder an earlier release made with PGlite (PostgreSQL in WebAssembly,
 * fsync off: docs/embedded-database.md) carries it over to the embedded PostgreSQL server, by itself:
 *
 * 1. the PGlite folder is copied to a scratch folder and the copy is opened (opening and migrating PGlite writes to its
 *    folder: the original is never written to) and brought to this release's migrations;
 * 2. a new cluster is made beside the data folder and migrated with the same migrations;
 * 3. every row of every table is copied in one transaction (COPY text out of PGlite, COPY in), with the triggers
 *    that keep sums and the foreign keys' checks off while it loads (the kept sums are rows like any other), and
 *    every sequence set where it was, so the next document number and every id continue;
 * 4. before the transaction commits, every table's rows are read back in key order and compared with what PGlite
 *    held (row count and md5 of the text): identical rows, so every figure (trial balance, stock at cost and at price,
 *    each record's sums, document counts) is identical;
 * 5. only then the PGlite folder is renamed aside (`<data>-pglite-<date>`, kept until the owner deletes it) and the
 *    new cluster takes the data folder's name.
 *
 * Any failure before step 5 removes the new cluster and the scratch copy and leaves the PGlite folder exactly as it
 * was; the server then says so on every screen (startupFailure.ts).
 */
import { createHash } from 'node:crypto';
import { cp, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { quoteIdent, readSequences, readTables, type TableInfo } from '../../features/backup/catalog.ts';
import { startEmbeddedPostgres } from '../embedded/embeddedPostgres.ts';
import { applyMigrations } from '../migrate.ts';

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
/** The file the embedded PostgreSQL engine writes into every cluster it makes (embeddedPostgres.ts). */
const ENGINE_MARK = 'mizan-password';

/** The same text out of both databases: times in UTC, dates in ISO order. */
const STABLE_OUTPUT = ["SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, YMD'", "SET extra_float_digits = '1'"];

export type CarryOverReport = { tables: number; rows: number; keptAside: string; ms: number };

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * A data folder made by PGlite (an earlier release), not by this engine: a PostgreSQL data folder (PG_VERSION; PGlite
 * 0.5 writes 18, as this engine does) without the engine's mark. Its files are PostgreSQL compiled to WebAssembly
 * (32-bit), which the native server cannot open: its rows are carried over instead.
 */
export async function isPgliteFolder(dir: string): Promise<boolean> {
  if (await exists(join(dir, ENGINE_MARK))) return false;
  return exists(join(dir, 'PG_VERSION'));
}

/** The query side of `pg`'s client that the catalog reads need, answered by PGlite. */
const asClient = (db: PGlite) =>
  ({ query: (text: string, params?: unknown[]) => db.query(text, params) }) as unknown as pg.ClientBase;

const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/** What PGlite holds of a table as COPY text, ordered by its key. */
async function pgliteRows(db: PGlite, table: TableInfo): Promise<string> {
  const result = await db.query(
    `COPY (SELECT ${table.columns.join(', ')} FROM ${table.sqlName} ORDER BY ${table.orderBy.join(', ')}) TO '/dev/blob'`,
  );
  return result.blob ? await result.blob.text() : '';
}

/** The same read on the new server, inside the loading transaction. */
async function serverRows(client: pg.PoolClient, table: TableInfo): Promise<string> {
  const chunks: Buffer[] = [];
  const stream = client.query(
    copyTo(
      `COPY (SELECT ${table.columns.join(', ')} FROM ${table.sqlName} ORDER BY ${table.orderBy.join(', ')}) TO STDOUT`,
    ),
  );
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const digest = (text: string) => createHash('md5').update(text).digest('hex');
const rowCount = (text: string) => (text === '' ? 0 : text.split('\n').length - 1);

/** Copies every row of the PGlite database into the new server's database, checked row for row before it commits. */
async function copyRows(source: PGlite, targetUrl: string, log: (line: string) => void) {
  const pool = new pg.Pool({ connectionString: targetUrl, max: 1 });
  const client = await pool.connect();
  try {
    for (const statement of STABLE_OUTPUT) await source.exec(statement);
    const tables = await readTables(asClient(source));
    const targetTables = new Set((await readTables(client)).map((t) => t.name));
    const missing = tables.filter((t) => !targetTables.has(t.name)).map((t) => t.name);
    if (missing.length > 0) throw new Error(`the new database lacks tables the old one has: ${missing.join(', ')}`);
    await client.query('BEGIN');
    for (const statement of STABLE_OUTPUT) await client.query(statement);
    // The kept sums are copied as rows: the triggers that keep them, and the foreign keys' checks, are off while
    // the rows load (the server's own superuser); every reference is compared below with the source's rows.
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query(`TRUNCATE ${tables.map((t) => t.sqlName).join(', ')}`);
    let rows = 0;
    for (const table of tables) {
      const text = await pgliteRows(source, table);
      if (text !== '') {
        const load = client.query(copyFrom(`COPY ${table.sqlName} (${table.columns.join(', ')}) FROM STDIN`));
        await pipeline(async function* () {
          yield Buffer.from(text, 'utf8');
        }, load);
      }
      const loaded = await serverRows(client, table);
      if (digest(loaded) !== digest(text)) {
        throw new Error(
          `table ${table.name}: ${rowCount(text)} rows in the old database, ${rowCount(loaded)} loaded, and they differ`,
        );
      }
      rows += rowCount(text);
    }
    for (const sequence of await readSequences(asClient(source))) {
      const [schema = '', name = ''] = sequence.sequence.split('.');
      await client.query('SELECT setval($1, $2, $3)', [
        `${quoteIdent(schema)}.${quoteIdent(name)}`,
        sequence.last_value,
        sequence.is_called,
      ]);
    }
    await client.query('COMMIT');
    log(`Carried over ${tables.length} tables, ${rows} rows, every one identical to the old database's`);
    return { tables: tables.length, rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
    await pool.end();
  }
}

/** The old folder aside, the new one in its place; if the second step fails, the old one goes back. */
async function swapFolders(dataDir: string, fresh: string, keptAside: string) {
  await rename(dataDir, keptAside);
  try {
    await rename(fresh, dataDir);
  } catch (error) {
    await rename(keptAside, dataDir);
    throw error;
  }
}

/**
 * Carries the PGlite folder `dataDir` over to a new embedded PostgreSQL cluster in its place (see the top of this
 * file). Throws, with the PGlite folder untouched, when it cannot.
 */
export async function carryOverPglite(
  dataDir: string,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  now = new Date(),
): Promise<CarryOverReport> {
  const startedAt = Date.now();
  const scratch = join(dirname(dataDir), `.${basename(dataDir)}-pglite-copy-${stamp(now)}`);
  const fresh = join(dirname(dataDir), `.${basename(dataDir)}-new-${stamp(now)}`);
  const keptAside = join(dirname(dataDir), `${basename(dataDir)}-pglite-${stamp(now)}`);
  log(`${dataDir} was made by an earlier release (PGlite): carrying it over to the embedded PostgreSQL server`);
  let source: PGlite | undefined;
  try {
    await rm(scratch, { recursive: true, force: true });
    await rm(fresh, { recursive: true, force: true });
    await cp(dataDir, scratch, { recursive: true });
    source = await PGlite.create(scratch, { extensions: { pg_trgm } });
    await migrate(drizzle(source), { migrationsFolder });
    const server = await startEmbeddedPostgres({ dataDir: fresh, log });
    try {
      const pool = new pg.Pool({ connectionString: server.connectionString, max: 1 });
      try {
        await applyMigrations(pool, migrationsFolder);
      } finally {
        await pool.end();
      }
      const copied = await copyRows(source, server.connectionString, log);
      await source.close();
      source = undefined;
      await server.stop();
      await swapFolders(dataDir, fresh, keptAside);
      await rm(scratch, { recursive: true, force: true });
      log(`The old folder is kept as ${keptAside}; delete it once you are satisfied`);
      return { ...copied, keptAside, ms: Date.now() - startedAt };
    } finally {
      await server.stop();
    }
  } catch (error) {
    await source?.close().catch(() => {});
    await rm(fresh, { recursive: true, force: true }).catch(() => {});
    await rm(scratch, { recursive: true, force: true }).catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The database of an earlier release in ${dataDir} could not be carried over (${reason}); it was left untouched`,
    );
  }
}
