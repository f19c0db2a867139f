import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp } from '../test/testApp.ts';

/** The statements prepared on the connection that runs `work` (a transaction holds one connection). */
describe.each(databaseKinds)(
  'statements a transaction repeats are prepared once per PostgreSQL connection [%s]',
  (kind) => {
    it('names a write sent twice in a transaction, never a read outside one, and survives a failed statement', async () => {
      const started = await startTestApp(kind);
      const { db } = started.database;
      try {
        const marker = `prepared-${Date.now()}`;
        const inside = async () =>
          db.transaction(async (tx) => {
            await tx.execute(sql`select ${marker}::text as inside_marker, ${1}::int as n`);
            return (
              await tx.execute<{ statement: string }>(
                sql`select statement from pg_prepared_statements where statement like ${'%inside_marker%'}`,
              )
            ).rows;
          });
        expect(await inside()).toEqual([]); // seen once: not named yet
        let prepared = await inside();
        for (let i = 0; i < 20 && prepared.length === 0; i++) prepared = await inside();
        // Seen twice: named, and prepared on the connection that ran it (a pool may hand another one first).
        expect(prepared).toHaveLength(1);

        for (let i = 0; i < 3; i++) await db.execute(sql`select ${marker}::text as outside_marker`);
        const outside = await db.transaction(
          async (tx) =>
            (
              await tx.execute<{ statement: string }>(
                sql`select statement from pg_prepared_statements where statement like ${'%outside_marker%'}`,
              )
            ).rows,
        );
        expect(outside).toEqual([]);

        // A named statement refused (a division by zero) rolls back its transaction; the next ones still run.
        const divide = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], by: number) =>
          tx.execute<{ q: number }>(sql`select (10 / ${by}::int)::int as q`);
        for (let i = 0; i < 3; i++) {
          await expect(db.transaction((tx) => divide(tx, 0))).rejects.toThrow();
          expect((await db.transaction((tx) => divide(tx, 5))).rows[0]?.q).toBe(2);
        }
      } finally {
        await started.close();
      }
    }, 60_000);
  },
);
