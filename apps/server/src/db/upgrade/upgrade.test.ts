/**
 * Upgrades lose nothing: the books of earlier releases (each a backup file made by that release, in fixtures/) are
 * restored as they were, opened by this release (its migrations and start-up steps), and must keep every figure an
 * accountant reads: documents per store and kind, every account's debit and credit per store and year, the stock
 * and its value at cost and at price. On the run's server (embedded, or PostgreSQL 15 in CI). The folder a release
 * before the embedded PostgreSQL left (PGlite) is carry-over's: db/carryOver/carryOverPglite.test.ts.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readBookFiguresAtOnce } from '../../features/backup/bookFigures.ts';
import { restoreBackup } from '../../features/backup/restore.ts';
import { readScriptHeader } from '../../features/backup/scriptLoader.ts';
import { openBook } from '../../features/book/openBook.ts';
import { createPostgresDatabase } from '../../test/testApp.ts';

const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));
const files = readdirSync(fixtures).filter((name) => name.endsWith('.backup'));

describe('the books of an earlier release', () => {
  it('are fixtures here', () => expect(files.length).toBeGreaterThan(0));

  it.each(files)(
    '%s opens in this release with every figure it had',
    async (name) => {
      const file = join(fixtures, name);
      const before = (await readScriptHeader(file)).figures;
      const database = await createPostgresDatabase();
      try {
        await restoreBackup(file, database.url);
        const opened = await openBook({ url: database.url });
        await opened.close();
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const after = await readBookFiguresAtOnce(client).finally(() => client.end());
        expect(after.documents).toEqual(before.documents);
        expect(after.trialBalance).toEqual(before.trialBalance);
        expect(after.stock).toEqual(before.stock);
        expect(after.documents.length).toBeGreaterThan(5);
      } finally {
        await database.drop();
      }
    },
    180_000,
  );
});
