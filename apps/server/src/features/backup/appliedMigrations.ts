/**
 * The schema a backup carries: the app's committed migration files that the database has applied, in the journal's
 * order. Replaying them builds exactly the schema the database was built with (its tables, indexes, triggers and
 * functions), on any PostgreSQL the app supports, with no catalog dump to translate between versions.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

export type AppliedMigration = { tag: string; sql: string };

type JournalEntry = { tag: string; when: number };

/**
 * The migrations recorded in `drizzle.__drizzle_migrations` (drizzle records each one's file hash and its journal
 * time, `created_at`), as their files' statements. Throws when the database records a migration this build does not
 * have, or a file differs from what was applied: its schema could not be rebuilt faithfully, and a backup that
 * restores another schema is worse than a loud error.
 */
export async function readAppliedMigrations(client: pg.ClientBase): Promise<AppliedMigration[]> {
  const recorded = await client
    .query<{ hash: string; created_at: string }>(
      'SELECT hash, created_at::text FROM "drizzle"."__drizzle_migrations" ORDER BY created_at',
    )
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') throw new Error('this database has no Mizan migrations: it is not a Mizan database');
      throw error;
    });
  const journal = JSON.parse(await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: JournalEntry[];
  };
  const byTime = new Map(journal.entries.map((entry) => [String(entry.when), entry]));
  const applied = new Map<string, string>();
  for (const row of recorded.rows) {
    const entry = byTime.get(row.created_at);
    if (!entry) {
      throw new Error(
        `the database has a migration of ${new Date(Number(row.created_at)).toISOString()} that this version of Mizan does not have (was it upgraded by a newer one?)`,
      );
    }
    const text = await readFile(`${migrationsFolder}/${entry.tag}.sql`, 'utf8');
    // A checkout with Windows line endings hashes differently from the file drizzle applied, with the same SQL.
    const hashes = [sha256(text), sha256(text.replaceAll('\r\n', '\n')), sha256(text.replaceAll(/\r?\n/g, '\r\n'))];
    if (!hashes.includes(row.hash)) {
      throw new Error(`migration ${entry.tag} differs from the one the database applied (hash ${row.hash})`);
    }
    applied.set(entry.tag, text);
  }
  return journal.entries.flatMap((entry) => {
    const text = applied.get(entry.tag);
    return text === undefined ? [] : [{ tag: entry.tag, sql: asScriptStatements(text) }];
  });
}

function sha256(text: string) {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A migration's statements for a script: drizzle runs each part between `--> statement-breakpoint` markers on its
 * own, so a part may end without a semicolon; in a script it would run into the next statement.
 */
function asScriptStatements(text: string) {
  return text
    .split('--> statement-breakpoint')
    .map((part) => {
      const code = part
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.trim().startsWith('--'))
        .join('\n')
        .trimEnd();
      return code === '' || code.endsWith(';') ? part.trimEnd() : `${part.trimEnd()}\n;`;
    })
    .join('\n');
}
