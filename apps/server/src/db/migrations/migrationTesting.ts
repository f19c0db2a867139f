/** What the migration tests share: a database server to migrate, the migrations up to a point, and a run across them. */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPostgresDatabase } from '../../test/testApp.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const journal = JSON.parse(readFileSync(join(here, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

/** A migrations folder holding the migrations up to `lastIdx`, as a database saved at that point had applied. */
export function migrationsUpTo(lastIdx: number) {
  const folder = mkdtempSync(join(tmpdir(), 'mizan-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  for (const entry of entries) copyFileSync(join(here, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

export async function openServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const created = await createPostgresDatabase();
  return { url: created.url, stop: created.drop };
}

/**
 * A migration tried on a database saved before it: a fresh server migrated up to `from`, `seed` writes what such a
 * database held, then the migrations up to `to` run and `check` reads what they made of it.
 */
export async function acrossMigrations(
  from: number,
  to: number,
  seed: (pool: pg.Pool) => Promise<unknown>,
  check: (pool: pg.Pool) => Promise<void>,
) {
  const server = await openServer();
  const pool = new pg.Pool({ connectionString: server.url, max: 1 });
  const before = migrationsUpTo(from);
  const after = migrationsUpTo(to);
  try {
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder: before });
    await seed(pool);
    await migrate(db, { migrationsFolder: after });
    await check(pool);
  } finally {
    await pool.end();
    await server.stop();
    for (const folder of [before, after]) rmSync(folder, { recursive: true, force: true });
  }
}
