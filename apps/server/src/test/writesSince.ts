/**
 * What was written to the test's database between two moments, to prove that a refused request wrote nothing (issue
 * 35, finding 10). A row inserted or updated by a committed transaction carries that transaction's id (`xmin`), at or
 * above the next id the moment before; a deleted row is gone from its table's count. Both read this database only, so
 * other test files on the same server (whose transactions take ids too) do not count.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type WriteMark = { xid: bigint; counts: Map<string, number> };

async function tables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
    where schemaname = 'public' order by 1`);
  return rows.map((row) => row.name);
}

async function counts(db: Db, names: string[], above?: bigint) {
  const selects = names.map(
    (name) =>
      `select '${name.replaceAll("'", "''")}' as name, count(*)::int as n${
        above === undefined ? '' : `, count(*) filter (where xmin::text::bigint >= ${above})::int as fresh`
      } from ${name}`,
  );
  const { rows } = await db.execute<{ name: string; n: number; fresh?: number }>(sql.raw(selects.join(' union all ')));
  return rows;
}

/** The moment before a request: the next transaction id, and every table's row count. */
export async function markWrites(db: Db): Promise<WriteMark> {
  const names = await tables(db);
  const { rows } = await db.execute<{ xid: string }>(
    sql`select (pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296)::text as xid`,
  );
  const found = await counts(db, names);
  return { xid: BigInt(rows[0]?.xid ?? '0'), counts: new Map(found.map((row) => [row.name, Number(row.n)])) };
}

/** The tables written since the mark: rows inserted or updated (committed), or fewer rows (deleted). */
export async function writesSince(db: Db, mark: WriteMark): Promise<string[]> {
  const names = [...mark.counts.keys()];
  const found = await counts(db, names, mark.xid);
  return found
    .filter((row) => Number(row.fresh) > 0 || Number(row.n) !== mark.counts.get(row.name))
    .map((row) => `${row.name}: ${Number(row.fresh)} written, ${mark.counts.get(row.name)} → ${Number(row.n)} rows`);
}
