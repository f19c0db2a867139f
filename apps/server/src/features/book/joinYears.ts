/**
 * The start-up step that joins the separate years saved before one book (migration 0016 marks the stores). Until
 * then each year was its own book, so a shop typed each new year's opening quantities again. In one book they would
 * count twice (what the year before left, plus what was typed), so for each year after the store's first, in order:
 * its typed openings are taken out of the book, and a stock count at the year's first moment (00:00:00) settles
 * each item from what the years before left (the system quantity) to what was typed (the counted quantity). Each
 * year then opens with exactly what was typed, as it did before; the difference is in the count, valued at the
 * moving average and posted against stock adjustment, where an accountant can read it. Items not typed in a later
 * year (or typed as 0) carry on with what the year before left. The store's first year is the year of its earliest
 * opening or earliest movement; its openings stay openings.
 */
import { toMilli } from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { oneBookPending } from '../../db/schema.ts';
import { loggableError } from '../../lib/logging.ts';
import { actingAdministrator } from '../../lib/permissions.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { repost } from '../posting/repost.ts';
import { stockAt } from '../stock/stockAt.ts';
import { writeCount } from '../stockCount/stockCount.service.ts';

type LaterOpening = { id: number; item_id: number; quantity: string; yearId: number; yearStart: string };

/** The store's openings typed in a year after its first, by year in date order. */
async function laterOpenings(tx: Tx, storeId: number): Promise<LaterOpening[]> {
  const { rows } = await tx.execute<LaterOpening>(sql`
    with first_fact as (
      select least(
        (select min(y."yearStart") from firstq f join year y on y.id = f.fq_year
          where f.store_id = ${storeId} and f.quantity <> 0),
        (select min(m.move_date) from stock_movement m where m.store_id = ${storeId} and m.source_kind <> 'firstq')
      ) as day
    ),
    first_year as (
      select y."yearStart" from year y, first_fact where first_fact.day between y."yearStart" and y."yearEnd"
      order by y."yearStart" limit 1
    )
    select f.id, f.item_id, f.quantity::text, f.fq_year as "yearId", y."yearStart"::text as "yearStart"
    from firstq f join year y on y.id = f.fq_year, first_year
    where f.store_id = ${storeId} and f.quantity <> 0 and y."yearStart" > first_year."yearStart"
    order by y."yearStart", f.item_id`);
  return rows;
}

/** Joins one store's years inside the caller's transaction; answers how many counts it made. */
export async function joinStoreYears(tx: Tx, storeId: number): Promise<number> {
  const openings = await laterOpenings(tx, storeId);
  if (openings.length === 0) return 0;
  const [admin] = (
    await tx.execute<{ id: number; user_name: string; full_name: string }>(sql`
      select u.id, u.user_name, u.full_name from users u join user_store s on s.user_id = u.id
      where s.store_id = ${storeId} and u.is_admin order by u.id limit 1`)
  ).rows;
  if (!admin) throw new Error(`store ${storeId} has no administrator to sign its year-start counts`);
  const user = actingAdministrator(admin, storeId);
  await tx.execute(sql`select id from items where store_id = ${storeId} order by id for update`);
  let counts = 0;
  for (const yearId of [...new Set(openings.map((row) => row.yearId))]) {
    const rows = openings.filter((row) => row.yearId === yearId);
    const yearStart = rows[0]?.yearStart ?? '';
    // Out of the book: their movements and ledger lines (and what the kept sums had of them), then the rows.
    await repost(
      tx,
      rows.map((row) => ({
        source: {
          store_id: storeId,
          yearId,
          source_kind: 'firstq' as const,
          source_id: row.id,
          date: yearStart,
          time: '00:00:00',
          reference: null,
        },
        posting: undefined,
      })),
      { checkStock: false, replay: true },
    );
    await tx.execute(sql`delete from firstq where id = any(${arrayOf(rows.map((row) => row.id))}::int[])`);
    const system = await stockAt(
      tx,
      storeId,
      rows.map((row) => row.item_id),
      yearStart,
      '00:00:00',
    );
    const lines = rows
      .filter((row) => toMilli(system.get(row.item_id) ?? '0') !== toMilli(row.quantity))
      .map((row) => ({ item_id: row.item_id, qtyReal: row.quantity }));
    if (lines.length === 0) continue;
    const saved = await writeCount(tx, user, {
      header: {
        pay_date: yearStart,
        pay_time: '00:00:00',
        payComment: 'جرد أول المدة: الكميات الافتتاحية المسجلة لهذه السنة قبل ربط السنوات في دفتر واحد',
        yearId,
      },
      lines,
    });
    if (!saved.ok)
      throw new Error(`store ${storeId}, year ${yearId}: the year-start count was refused (${saved.code})`);
    counts += 1;
  }
  return counts;
}

/**
 * Joins the years of every store migration 0016 marked, one transaction each, unmarking it in the same transaction.
 * A store whose join fails stays marked (and keeps its openings as they were): the error is logged, the server
 * starts, and the next start tries again.
 */
export async function joinSeparateYears(db: Db): Promise<number> {
  const pending = await db.select({ store_id: oneBookPending.store_id }).from(oneBookPending);
  let joined = 0;
  for (const { store_id } of pending) {
    let failed: unknown;
    try {
      await db.transaction(async (tx) => {
        const taken = await tx
          .delete(oneBookPending)
          .where(eq(oneBookPending.store_id, store_id))
          .returning({ store_id: oneBookPending.store_id });
        if (taken.length === 0) return;
        joined += await joinStoreYears(tx, store_id);
      });
    } catch (error) {
      failed = error;
    }
    if (failed !== undefined) {
      // Before the server's logger exists: one JSON line on stderr, the error without its message (it may hold values).
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'joining the separate years of a store failed; the next start tries again',
          store_id,
          err: loggableError(failed),
        }),
      );
    }
  }
  return joined;
}
