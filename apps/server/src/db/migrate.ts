/**
 * Applies the committed migrations (drizzle-kit's folder and drizzle's own bookkeeping table, so databases migrated
 * before keep working), all pending ones in ONE transaction: a migration that fails leaves the database exactly as it
 * was, and the error names the migration and why (`MigrationFailed`), which the server shows on its screen in Arabic
 * and writes to its log in English.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/** Any number, the same for every Mizan server: two servers starting on one database migrate one after the other. */
const MIGRATION_LOCK = 7_311_032;

export class MigrationFailed extends Error {
  constructor(
    /** The migration's file name without `.sql`, e.g. `0037_item_units`. */
    readonly migration: string,
    /** PostgreSQL's (or the file system's) own words. */
    readonly reason: string,
  ) {
    super(`Migration ${migration} failed: ${reason}. Nothing of it was applied; the database is as it was before.`);
    this.name = 'MigrationFailed';
  }
}

export async function applyMigrations(pool: pg.Pool, migrationsFolder: string): Promise<string[]> {
  const tags = (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries.map((entry) => entry.tag);
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  const applied: string[] = [];
  let current = '(before the first migration)';
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    const last = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const lastMillis = Number(last.rows[0]?.created_at ?? -1);
    for (const [index, migration] of migrations.entries()) {
      if (migration.folderMillis <= lastMillis) continue;
      current = tags[index] ?? `#${index}`;
      for (const statement of migration.sql) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
      applied.push(current);
    }
    await client.query('commit');
    return applied;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw new MigrationFailed(current, error instanceof Error ? error.message : String(error));
  } finally {
    client.release();
  }
}
