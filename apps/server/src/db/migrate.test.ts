import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/testApp.ts';
import { applyMigrations, MigrationFailed } from './migrate.ts';

const committed = fileURLToPath(new URL('./migrations', import.meta.url));

/** The committed migrations and, after them, the ones given (tag and SQL), as a later release would bring them. */
function withLaterMigrations(later: { tag: string; sql: string }[]) {
  const folder = mkdtempSync(join(tmpdir(), 'mizan-migrations-'));
  mkdirSync(join(folder, 'meta'));
  for (const file of readdirSync(committed))
    if (file.endsWith('.sql')) copyFileSync(join(committed, file), join(folder, file));
  const journal = JSON.parse(readFileSync(join(committed, 'meta/_journal.json'), 'utf8'));
  const last = journal.entries.at(-1);
  later.forEach((migration, i) => {
    writeFileSync(join(folder, `${migration.tag}.sql`), migration.sql);
    journal.entries.push({ ...last, idx: last.idx + 1 + i, when: last.when + 1000 * (i + 1), tag: migration.tag });
  });
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

describe('migrations', () => {
  it('a failing migration names itself and leaves the database exactly as it was, the ones before it too', async () => {
    const database = await createTestDatabase({ migrated: true });
    const pool = new pg.Pool({ connectionString: database.url });
    try {
      const applied = async () =>
        (await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n;
      const before = await applied();
      const folder = withLaterMigrations([
        {
          tag: '9998_fine',
          sql: 'create table later_table (id int);\n--> statement-breakpoint\ninsert into later_table values (1);',
        },
        { tag: '9999_broken', sql: 'alter table no_such_table add column x int;' },
      ]);
      const failure = await applyMigrations(pool, folder).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationFailed);
      expect((failure as MigrationFailed).migration).toBe('9999_broken');
      expect((failure as MigrationFailed).message).toMatch(
        /9999_broken failed: relation "no_such_table" does not exist/,
      );
      expect(await applied()).toBe(before);
      const table = await pool.query("select to_regclass('later_table') as t");
      expect(table.rows[0]?.t).toBeNull();

      // Fixed in the next release: both apply, once.
      const fixed = withLaterMigrations([
        { tag: '9998_fine', sql: 'create table later_table (id int);' },
        { tag: '9999_broken', sql: 'alter table later_table add column x int;' },
      ]);
      expect(await applyMigrations(pool, fixed)).toEqual(['9998_fine', '9999_broken']);
      expect(await applyMigrations(pool, fixed)).toEqual([]);
      expect(await applied()).toBe((before ?? 0) + 2);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
