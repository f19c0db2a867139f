/**
 * Two catalogue items that are the same goods become one (docs/catalogue.md): `item_id`'s catalogue item is merged
 * into `into_item_id`'s, in every store. In a store holding both, every document line, movement, opening quantity,
 * count line and transfer line of the merged row moves to the kept row with its kept sums, and the kept row's chain
 * is valued again from the merged row's first movement (one moving average of all of it, in date order; what
 * follows from it, a transfer's receipts included, follows). A store holding only the merged row keeps it, as a row
 * of the kept item with its definition. The administrator of every store does it: it rewrites every store's history.
 */
import { fail, ok, type Result, type SessionUser } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { clockTime, revalue } from '../posting/costing.ts';
import { noKeptSums, writeKeptSums } from '../posting/posting.ts';
import { lockStockItems } from '../stock/stockCheck.ts';
import { followTransfers } from '../transfers/transferCosts.ts';
import { isAdminOfEveryStore } from '../users/userReach.ts';

type Pair = { store_id: number; kept: number | null; merged: number };

export function mergeItems(
  db: Db,
  user: SessionUser,
  body: { item_id: number; into_item_id: number },
): Promise<Result<{ id: number }>> {
  return inTransaction(db, async (tx): Promise<Result<{ id: number }>> => {
    if (!(await isAdminOfEveryStore(tx, user))) return fail('ALL_STORES_ADMIN_ONLY');
    const { rows: ends } = await tx.execute<{ id: number; catalogue_id: number; item_name: string }>(sql`
      select id, catalogue_id, item_name from items
      where store_id = ${user.store_id} and id in (${body.item_id}, ${body.into_item_id})`);
    const merged = ends.find((row) => row.id === body.item_id);
    const kept = ends.find((row) => row.id === body.into_item_id);
    if (!merged || !kept) return fail('NOT_FOUND');
    if (merged.catalogue_id === kept.catalogue_id) return fail('VALIDATION_FAILED', { into_item_id: 'ITEM_REPEATED' });
    // Each store's row of the merged item with the kept item's row there, if it has one.
    const { rows: pairs } = await tx.execute<Pair>(sql`
      select m.store_id, k.id as kept, m.id as merged
      from items m left join items k on k.catalogue_id = ${kept.catalogue_id} and k.store_id = m.store_id
      where m.catalogue_id = ${merged.catalogue_id} order by m.store_id`);
    // Two opening quantities of one year cannot be one (each is its own stated cost): one of them is taken back first.
    const { rows: twoOpenings } = await tx.execute(sql`
      select 1 from firstq a join firstq b on b.store_id = a.store_id and b.fq_year = a.fq_year
      join unnest(${`{${pairs.map((p) => p.merged).join(',')}}`}::int[], ${`{${pairs.map((p) => p.kept ?? 0).join(',')}}`}::int[])
        as p(merged, kept) on a.item_id = p.merged and b.item_id = p.kept
      limit 1`);
    if (twoOpenings.length) return fail('VALIDATION_FAILED', { item_id: 'MERGE_TWO_OPENINGS' });
    const sums = noKeptSums();
    const changed: { source_kind: string; source_id: number }[] = [];
    for (const pair of pairs) {
      if (pair.kept === null) {
        // Only the merged item here: its row becomes the kept item's, with the kept item's definition.
        await tx.execute(sql`
          update items r set catalogue_id = k.catalogue_id, item_name = k.item_name, item_desc = k.item_desc,
            "aliasEn" = k."aliasEn", brand = k.brand, model = k.model, item_unit = k.item_unit, tax = k.tax,
            "imageUrl" = k."imageUrl", category_id = catalogue_category(r.store_id, k.category_id)
          from items k where r.id = ${pair.merged} and k.id = ${kept.id}`);
        continue;
      }
      await mergeRow(tx, pair as Pair & { kept: number }, sums, changed);
    }
    const transfers = changed.filter((s) => s.source_kind === 'transfer').map((s) => s.source_id);
    if (transfers.length) await followTransfers(tx, transfers, sums);
    await writeKeptSums(tx, sums);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'merge items',
      logToken: { id: merged.id, item_name: merged.item_name, into_id: kept.id, into_name: kept.item_name },
    });
    return ok({ id: kept.id });
  });
}

/** One store's merged row into its kept row: references, kept sums, then the kept chain valued again. */
async function mergeRow(
  tx: Tx,
  pair: { store_id: number; kept: number; merged: number },
  sums: ReturnType<typeof noKeptSums>,
  changed: { source_kind: string; source_id: number }[],
) {
  const { store_id: storeId, kept, merged } = pair;
  await lockStockItems(tx, storeId, [kept, merged]);
  const { rows: first } = await tx.execute<{ move_date: string; move_time: string }>(sql`
    select move_date::text, move_time::text from stock_movement where item_id = ${merged}
    order by move_date, move_time limit 1`);
  for (const statement of [
    sql`update stock_movement set item_id = ${kept} where item_id = ${merged}`,
    sql`update trade_line set item_id = ${kept} where item_id = ${merged}`,
    sql`update stock_count_line set item_id = ${kept} where item_id = ${merged}`,
    sql`update firstq set item_id = ${kept} where item_id = ${merged}`,
    sql`update stock_transfer_line set from_item_id = ${kept} where from_item_id = ${merged}`,
    sql`update stock_transfer_line set to_item_id = ${kept} where to_item_id = ${merged}`,
    sql`update transfer_receipt_line set item_id = ${kept} where item_id = ${merged}`,
    // The kept sums move with the movements; the walk below values the one chain again.
    sql`insert into item_cost (store_id, item_id, "yearId", quantity, value)
      select store_id, ${kept}, "yearId", quantity, value from item_cost where item_id = ${merged}
      on conflict (store_id, item_id, "yearId") do update
        set quantity = item_cost.quantity + excluded.quantity, value = item_cost.value + excluded.value`,
    sql`update item_stock k set quantity = k.quantity + m.quantity, value = k.value + m.value
      from item_stock m where k.item_id = ${kept} and m.item_id = ${merged}`,
    sql`delete from items where id = ${merged}`,
  ])
    await tx.execute(statement);
  const start = first[0];
  if (!start) return;
  await revalue(tx, {
    storeId,
    itemIds: [kept],
    from: { date: start.move_date, time: clockTime(start.move_time) },
    touched: [],
    removed: [],
    checkStock: false,
    sums,
    changed,
  });
}
