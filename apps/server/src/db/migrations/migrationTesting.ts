/** What the migration tests share: a database server to migrate, and the migrations up to a point. */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../../test/testApp.ts';
import { startEmbeddedDatabase } from '../embedded/startEmbedded.ts';

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
  if (!process.env.TEST_DATABASE_URL) {
    const embedded = await startEmbeddedDatabase(undefined);
    return { url: embedded.connectionString, stop: embedded.stop };
  }
  const created = await createPostgresDatabase();
  return { url: created.url, stop: created.drop };
}
