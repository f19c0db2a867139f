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
        // Migration 0038 posts the accounts' opening balances (undated before) as lines of their own, on the book's
        // first day: the documents' lines stay as they were, and the openings' are what the accounts held.
        const openings = await client.query<{ d: string; c: string }>(
          `SELECT sum(debit)::text AS d, sum(credit)::text AS c FROM ledger_line WHERE source_kind = 'sub_balance'
           HAVING count(*) > 0`,
        );
        const documentLines = await client.query<{
          store_id: number;
          yearId: number;
          account_id: number;
          debit: string;
          credit: string;
        }>(
          `SELECT store_id, "yearId", account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
           FROM ledger_line WHERE source_kind <> 'sub_balance' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        );
        const unposted = await client.query(
          `SELECT s.id FROM sub_accounts s WHERE s.sub_balance <> 0 AND s.role IS DISTINCT FROM 'opening_balance'
             AND NOT EXISTS (SELECT 1 FROM ledger_line l WHERE l.source_kind = 'sub_balance' AND l.source_id = s.id
               AND l.account_id = s.id AND l.debit - l.credit = CASE WHEN s.sub_type = 'debit' THEN s.sub_balance
                 ELSE -s.sub_balance END)`,
        );
        const after = await readBookFiguresAtOnce(client).finally(() => client.end());
        expect(after.documents).toEqual(before.documents);
        expect(documentLines.rows).toEqual(before.trialBalance);
        expect(unposted.rows).toEqual([]);
        // The demo's workshop brings 2,500.00: its line and the opening-balance account's.
        expect(openings.rows).toEqual([{ d: '2500.00', c: '2500.00' }]);
        expect(after.stock).toEqual(before.stock);
        expect(after.documents.length).toBeGreaterThan(5);
      } finally {
        await database.drop();
      }
    },
    180_000,
  );
});
