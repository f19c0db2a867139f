/**
 * Restoring a backup into a database, and verifying a backup by restoring it into a scratch database. Both check the
 * loaded figures against the header's before they commit (scriptLoader.ts). docs/backups.md.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BookFigures } from './bookFigures.ts';
import { quoteIdent } from './catalog.ts';
import { FiguresMismatchError, loadScript, readScriptHeader } from './scriptLoader.ts';

export type RestoredBackup = {
  /** The database that now holds the backup (the connection string's). */
  database: string;
  /** Where the database that was there before went (with `force` over a database holding tables). */
  keptAside?: string;
  figures: BookFigures;
  createdAt: string;
};

/**
 * Restores the backup into the connection string's database. An empty database is loaded in place. One that holds
 * tables is refused unless `force`: then the backup is loaded into a new database beside it, and only once it loaded
 * and its figures proved equal is the old one renamed `<name>_before_restore_<time>` and the new one given the name,
 * so a failed restore leaves the old database where and as it was. Renaming needs no one else connected to it: stop
 * the server first.
 */
export async function restoreBackup(
  file: string,
  connectionString: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoredBackup> {
  const header = await readScriptHeader(file);
  const name = databaseName(connectionString);
  const target = await withClient(connectionString, async (client) => ({
    hasTables: await hasTables(client),
    settings: await databaseSettings(client, name),
  }));
  if (!target.hasTables) {
    const figures = await loadScript(file, connectionString);
    return { database: name, figures, createdAt: header.createdAt };
  }
  if (!force) {
    throw new Error(
      `the database "${name}" already holds tables: restore refuses to overwrite it (--force restores beside it and keeps it as ${name}_before_restore_<time>)`,
    );
  }
  const stamp = timeStamp(new Date());
  const restoring = shortName(`${name}_restoring_${stamp}`);
  const keptAside = shortName(`${name}_before_restore_${stamp}`);
  const maintenance = withDatabase(connectionString, 'postgres');
  await withClient(maintenance, async (admin) => {
    await refuseIfInUse(admin, name);
    await admin.query(`CREATE DATABASE ${quoteIdent(restoring)} ${target.settings}`);
  });
  let figures: BookFigures;
  try {
    figures = await loadScript(file, withDatabase(connectionString, restoring));
  } catch (error) {
    await dropDatabase(maintenance, restoring);
    throw error;
  }
  await withClient(maintenance, async (admin) => {
    await refuseIfInUse(admin, name);
    await admin.query(`ALTER DATABASE ${quoteIdent(name)} RENAME TO ${quoteIdent(keptAside)}`);
    try {
      await admin.query(`ALTER DATABASE ${quoteIdent(restoring)} RENAME TO ${quoteIdent(name)}`);
    } catch (error) {
      await admin.query(`ALTER DATABASE ${quoteIdent(keptAside)} RENAME TO ${quoteIdent(name)}`);
      throw error;
    }
  });
  return { database: name, keptAside, figures, createdAt: header.createdAt };
}

export type BackupVerification = {
  ok: boolean;
  /** What the restored database held differently from the backup's header (empty when it loaded and matched). */
  differences: string[];
  /** The restored figures (when the backup loaded). */
  figures?: BookFigures;
  /** Why it is not ok: the file would not load, or verifying was not possible (the role may not create databases). */
  reason?: string;
};

/**
 * Proves a backup restores: loads it into a scratch database `mizan_verify_<random>` on the connection string's
 * server, compares the loaded figures with its header's, and drops the scratch database, whatever happened.
 */
export async function verifyBackup(file: string, connectionString: string): Promise<BackupVerification> {
  const scratch = `mizan_verify_${randomBytes(6).toString('hex')}`;
  const setup = await withClient(connectionString, async (client) => {
    const { rows } = await client.query<{ may: boolean; role: string }>(
      'SELECT rolcreatedb OR rolsuper AS may, rolname AS role FROM pg_roles WHERE rolname = current_user',
    );
    if (!rows[0]?.may) return { reason: `the role "${rows[0]?.role}" may not create databases (CREATEDB)` };
    await client.query(
      `CREATE DATABASE ${quoteIdent(scratch)} ${await databaseSettings(client, databaseName(connectionString))}`,
    );
    return {};
  });
  if (setup.reason) return { ok: false, differences: [], reason: `cannot verify here: ${setup.reason}` };
  try {
    const figures = await loadScript(file, withDatabase(connectionString, scratch));
    return { ok: true, differences: [], figures };
  } catch (error) {
    if (error instanceof FiguresMismatchError) {
      return { ok: false, differences: error.differences, figures: error.figures, reason: 'the figures differ' };
    }
    return { ok: false, differences: [], reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await dropDatabase(connectionString, scratch);
  }
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function hasTables(client: pg.ClientBase) {
  const { rows } = await client.query(
    `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%' LIMIT 1`,
  );
  return rows.length > 0;
}

/** A new database made like this one: empty (template0), with its encoding and locale. */
async function databaseSettings(client: pg.ClientBase, name: string) {
  const { rows } = await client.query<{ encoding: string; collate: string; ctype: string }>(
    `SELECT pg_encoding_to_char(encoding) AS encoding, datcollate AS collate, datctype AS ctype
     FROM pg_database WHERE datname = $1`,
    [name],
  );
  const settings = rows[0];
  if (!settings) return 'TEMPLATE template0';
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  return `TEMPLATE template0 ENCODING ${literal(settings.encoding)} LC_COLLATE ${literal(settings.collate)} LC_CTYPE ${literal(settings.ctype)}`;
}

async function refuseIfInUse(admin: pg.ClientBase, name: string) {
  const { rows } = await admin.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
  const sessions = rows[0]?.n ?? 0;
  if (sessions > 0) {
    throw new Error(`the database "${name}" has ${sessions} other connection(s): stop the server before restoring`);
  }
}

async function dropDatabase(connectionString: string, name: string) {
  await withClient(connectionString, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  ).catch(() => {});
}

/** The database the connection string names (without one, PostgreSQL takes the user's name). */
function databaseName(connectionString: string) {
  const url = new URL(connectionString);
  return decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username);
}

function withDatabase(connectionString: string, name: string) {
  const url = new URL(connectionString);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** `20261202T064800`: local time, sortable, a valid identifier part. */
function timeStamp(at: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}t${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
}

/** PostgreSQL cuts names at 63 bytes: shorten the original name, never the suffix that says what it is. */
function shortName(name: string) {
  const bytes = Buffer.from(name);
  if (bytes.length <= 63) return name;
  const suffix = name.slice(name.search(/_(restoring|before_restore)_/));
  return `${Buffer.from(name.slice(0, name.length - suffix.length))
    .subarray(0, 63 - Buffer.byteLength(suffix))
    .toString()}${suffix}`;
}
