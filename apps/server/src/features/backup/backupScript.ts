/**
 * The backup script: one plain SQL file that `psql -v ON_ERROR_STOP=1` loads into an empty PostgreSQL 15 or later, and
 * that `restoreBackup` reads the same way. Written from one `REPEATABLE READ` snapshot, streamed table by table, so a
 * store of millions of ledger lines is never held in memory and the shop keeps selling meanwhile. docs/backups.md.
 *
 *   -- header lines (format, created at, server version, the figures of the snapshot)
 *   SET ...; BEGIN;
 *   -- mizan:schema   drizzle's table, then the applied migrations' SQL
 *   -- mizan:data     foreign keys dropped and user triggers disabled, TRUNCATE, COPY blocks, setval, both back on
 *   -- mizan:end
 *   COMMIT;
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { readAppliedMigrations } from './appliedMigrations.ts';
import { type BookFigures, readBookFigures } from './bookFigures.ts';
import { appSchemas, quoteIdent, readTables } from './catalog.ts';

export const scriptFormat = 'mizan-backup 1';
export const scriptMarkers = { schema: '-- mizan:schema', data: '-- mizan:data', end: '-- mizan:end' } as const;
/** A COPY block's first line, as the script writes it. */
export const copyLine = /^COPY .+ FROM stdin;$/;

export type ScriptHeader = { format: string; createdAt: string; serverVersion: string; figures: BookFigures };

/**
 * Writes the database's script to `out` (which the caller ends). The figures in its header are read in the same
 * snapshot as its rows, so a restore compares with what the database held at that instant.
 */
export async function writeBackupScript(connectionString: string, out: Writable, createdAt: Date) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // Taken by the first statement: everything read below, figures and rows, is of this one snapshot.
    const figures = await readBookFigures(client);
    const migrations = await readAppliedMigrations(client);
    const tables = await readTables(client);
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    const header: ScriptHeader = {
      format: scriptFormat,
      createdAt: createdAt.toISOString(),
      serverVersion: rows[0]?.server_version ?? 'unknown',
      figures,
    };

    await write(out, headerLines(header));
    await write(out, `${scriptMarkers.schema}\n${drizzleTable}\n`);
    for (const migration of migrations) await write(out, `\n-- migration ${migration.tag}\n${migration.sql}\n`);

    await write(
      out,
      `\n${scriptMarkers.data}\n${beforeRows}TRUNCATE TABLE ${tables.map((t) => t.sqlName).join(', ')};\n`,
    );
    for (const table of tables) {
      const columns = table.columns.join(', ');
      await write(out, `COPY ${table.sqlName} (${columns}) FROM stdin;\n`);
      const rowsOut = client.query(copyTo(`COPY ${table.sqlName} (${columns}) TO STDOUT`));
      for await (const chunk of rowsOut as AsyncIterable<Buffer>) await write(out, chunk);
      await write(out, '\\.\n');
    }
    // In one block: psql prints nothing for it, as it would print every SELECT setval.
    await write(out, 'DO $$\nBEGIN\n');
    // The positions the header's figures hold: a restore compares them, and numbers taken since are of later rows.
    for (const { sequence, last_value, is_called } of figures.sequences) {
      const [schema = '', name = ''] = splitQualified(sequence);
      const sqlName = `${quoteIdent(schema)}.${quoteIdent(name)}`;
      await write(
        out,
        `  PERFORM pg_catalog.setval('${sqlName.replaceAll("'", "''")}', ${last_value}, ${is_called});\n`,
      );
    }
    await write(out, 'END\n$$;\n');
    await write(out, `${afterRows}${scriptMarkers.end}\nCOMMIT;\n`);
    await client.query('COMMIT');
    return figures;
  } finally {
    await client.end();
  }
}

function headerLines(header: ScriptHeader) {
  return [
    '-- Mizan (ميزان) backup: a plain SQL script. Load it into an empty database with',
    '--   psql -v ON_ERROR_STOP=1 -d <database> -f <this file>',
    `-- format: ${header.format}`,
    `-- created_at: ${header.createdAt}`,
    `-- server_version: ${header.serverVersion}`,
    `-- figures: ${JSON.stringify(header.figures)}`,
    '',
    // No setting of a version after 15; the time zone and date style make the COPY rows read as they were written.
    "SET client_encoding = 'UTF8';",
    'SET standard_conforming_strings = on;',
    'SET client_min_messages = warning;',
    "SET TimeZone = 'UTC';",
    "SET DateStyle = 'ISO, YMD';",
    "SET IntervalStyle = 'postgres';",
    'SET statement_timeout = 0;',
    'SET lock_timeout = 0;',
    'SET idle_in_transaction_session_timeout = 0;',
    'SET search_path = public;',
    // All or nothing: psql stops at the first error and a script cut short ends without its COMMIT.
    'BEGIN;',
    '',
  ].join('\n');
}

/** What drizzle's migrator creates before the first migration; its rows come with the data. */
const drizzleTable = [
  'CREATE SCHEMA IF NOT EXISTS "drizzle";',
  'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);',
].join('\n');

const schemaList = appSchemas.map((s) => `'${s}'`).join(', ');

/**
 * Loading the rows must not fire the triggers that keep sums (`document_day`, `item_stock`, the invoices' `allocated`):
 * the kept sums are rows of the backup themselves. Nor may the load depend on an order of tables or rows (an account
 * is under its parent, a return names its invoice). `session_replication_role = replica` would do both, but only for
 * a superuser; the owner of the tables (the role that just built them) may instead drop the foreign keys and disable
 * its triggers, and adding the keys back at the end checks every reference of the loaded rows.
 */
const beforeRows = `-- Any deferred trigger the migrations' own rows queued runs now, before the rows are loaded.
SET CONSTRAINTS ALL IMMEDIATE;
CREATE TEMP TABLE mizan_restore_foreign_keys ON COMMIT DROP AS
  SELECT c.conrelid::regclass::text AS table_name, c.conname::text AS name, pg_catalog.pg_get_constraintdef(c.oid) AS definition
  FROM pg_catalog.pg_constraint c JOIN pg_catalog.pg_namespace n ON n.oid = c.connamespace
  WHERE c.contype = 'f' AND n.nspname IN (${schemaList});
CREATE TEMP TABLE mizan_restore_triggers ON COMMIT DROP AS
  SELECT t.tgrelid::regclass::text AS table_name, t.tgname::text AS name, t.tgenabled::text AS enabled
  FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND n.nspname IN (${schemaList});
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM mizan_restore_foreign_keys LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.table_name, r.name);
  END LOOP;
  FOR r IN SELECT * FROM mizan_restore_triggers LOOP
    EXECUTE format('ALTER TABLE %s DISABLE TRIGGER %I', r.table_name, r.name);
  END LOOP;
END
$$;
`;

const afterRows = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM mizan_restore_foreign_keys LOOP
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.table_name, r.name, r.definition);
  END LOOP;
  FOR r IN SELECT * FROM mizan_restore_triggers LOOP
    EXECUTE format('ALTER TABLE %s %s TRIGGER %I', r.table_name,
      CASE r.enabled WHEN 'A' THEN 'ENABLE ALWAYS' WHEN 'R' THEN 'ENABLE REPLICA' ELSE 'ENABLE' END, r.name);
  END LOOP;
END
$$;
`;

function splitQualified(name: string) {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}

/** Writes with backpressure: a slow disk holds the COPY stream back instead of filling memory. */
async function write(out: Writable, data: string | Buffer) {
  if (!out.write(data)) await once(out, 'drain');
}
