/**
 * Posts a store's year again by the rules of today, in date order: its opening quantities (on the year's first day)
 * and its final documents (sales, purchases and their returns) write their money lines and their movements again in
 * place of what they posted, and the cost engine values every movement of the year from its first day on, as a save
 * of each would have. This is how data saved before a change of the rules is posted by them (the migrations mark the
 * store years, `replayPendingCosts` runs at start-up after them), and how the large-store generator posts the
 * documents it inserted: never a second copy of the rules in SQL. Nothing is refused: it rebuilds what was saved.
 */
import { kindOf, kindTokens } from '@mizan/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { costReplayPending, firstq, tradeDocument, tradeLine, year } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { openingPosting, postingOf } from './posting.rules.ts';
import { postingAccounts } from './posting.ts';
import { type Reposting, repost } from './repost.ts';

/** The kinds that post (the others change nothing until converted). */
const POSTING_KINDS = kindTokens.filter((kind) => kindOf(kind).posting !== 'nothing');

/** Replays one store's year (see above) inside the caller's transaction. Answers how many sources were posted. */
export async function replayStoreYear(tx: DbOrTx, storeId: number, yearId: number): Promise<number> {
  await tx.execute(sql`select id from items where store_id = ${storeId} order by id for update`);
  const [yearRow] = await tx.select({ start: year.yearStart }).from(year).where(eq(year.id, yearId));
  if (!yearRow) throw new Error(`year ${yearId} not found`);
  const openings = await tx
    .select({ id: firstq.id, item_id: firstq.item_id, quantity: firstq.quantity, perch_price: firstq.perch_price })
    .from(firstq)
    .where(and(eq(firstq.store_id, storeId), eq(firstq.fq_year, yearId)))
    .orderBy(firstq.id);
  const docs = await tx
    .select({
      pay_id: tradeDocument.pay_id,
      kind: tradeDocument.kind,
      pay_ref: tradeDocument.pay_ref,
      cust_id: tradeDocument.cust_id,
      tot_pr: tradeDocument.tot_pr,
      discount: tradeDocument.discount,
      pay: tradeDocument.pay,
      taxTot: tradeDocument.taxTot,
      total_with_vat: tradeDocument.total_with_vat,
      pay_method: tradeDocument.pay_method,
      pay_date: tradeDocument.pay_date,
      pay_time: tradeDocument.pay_time,
      awaiting_lines: tradeDocument.awaiting_lines,
      original_pay_id: tradeDocument.original_pay_id,
    })
    .from(tradeDocument)
    .where(
      and(
        eq(tradeDocument.store_id, storeId),
        eq(tradeDocument.yearId, yearId),
        inArray(tradeDocument.kind, POSTING_KINDS),
      ),
    )
    .orderBy(tradeDocument.pay_id);
  const docIds = docs.map((doc) => doc.pay_id);
  const lines = docIds.length
    ? await tx
        .select({
          id: tradeLine.id,
          pay_id: tradeLine.pay_id,
          item_id: tradeLine.item_id,
          quantity: tradeLine.quantity,
          tot: tradeLine.tot,
        })
        .from(tradeLine)
        .where(sql`${tradeLine.pay_id} = any(${arrayOf(docIds)}::int[])`)
        .orderBy(tradeLine.id)
    : [];
  const linesOf = new Map<number, typeof lines>();
  for (const line of lines) {
    const list = linesOf.get(line.pay_id);
    if (list) list.push(line);
    else linesOf.set(line.pay_id, [line]);
  }
  const accounts = await postingAccounts(tx, storeId);
  const entries: Reposting[] = [
    ...openings.map((row) => ({
      source: {
        store_id: storeId,
        yearId,
        source_kind: 'firstq' as const,
        source_id: row.id,
        date: yearRow.start,
        time: '00:00:00',
        reference: null,
      },
      posting: openingPosting(row, accounts),
    })),
    ...docs.map((doc) => {
      const docLines = linesOf.get(doc.pay_id) ?? [];
      return {
        source: {
          store_id: storeId,
          yearId,
          source_kind: doc.kind,
          source_id: doc.pay_id,
          date: doc.pay_date,
          time: doc.pay_time,
          reference: doc.pay_ref,
        },
        // A legacy header awaiting its lines posts nothing until they arrive.
        posting: doc.awaiting_lines ? undefined : postingOf({ ...doc, lines: docLines }, accounts),
        lineIds: docLines.map((line) => line.id),
        ...(doc.original_pay_id === null ? {} : { returnsOf: doc.original_pay_id }),
      };
    }),
  ];
  await repost(tx, entries, { checkStock: false, replay: true });
  // Data saved before the kept sums existed may not have them: they are the movements' sums, so they are rebuilt.
  await tx.execute(sql`delete from item_cost where store_id = ${storeId} and "yearId" = ${yearId}`);
  await tx.execute(sql`
    insert into item_cost (store_id, item_id, "yearId", quantity, value)
    select store_id, item_id, "yearId", sum(quantity), sum(value) from stock_movement
    where store_id = ${storeId} and "yearId" = ${yearId} group by store_id, item_id, "yearId"`);
  // And so is each item's current quantity and value, from them (the store's items are locked above).
  await tx.execute(sql`
    update item_stock k set quantity = t.quantity, value = t.value
    from (
      select s.item_id, coalesce(sum(c.quantity), 0) as quantity, coalesce(sum(c.value), 0) as value
      from item_stock s left join item_cost c on c.store_id = s.store_id and c.item_id = s.item_id
      where s.store_id = ${storeId} group by s.item_id
    ) t
    where k.item_id = t.item_id and (k.quantity <> t.quantity or k.value <> t.value)`);
  return entries.length;
}

/**
 * The start-up step after the migrations: replays every store year that migration 0010 marked, one transaction
 * each, and unmarks it in the same transaction. Two servers starting at once do each store year once (the second
 * waits on the first's row lock, then finds it gone).
 */
export async function replayPendingCosts(db: Db): Promise<number> {
  const pending = await db
    .select({ store_id: costReplayPending.store_id, yearId: costReplayPending.yearId })
    .from(costReplayPending)
    .orderBy(costReplayPending.store_id, costReplayPending.yearId);
  let replayed = 0;
  for (const { store_id, yearId } of pending) {
    await db.transaction(async (tx) => {
      const taken = await tx
        .delete(costReplayPending)
        .where(and(eq(costReplayPending.store_id, store_id), eq(costReplayPending.yearId, yearId)))
        .returning({ store_id: costReplayPending.store_id });
      if (taken.length === 0) return;
      await replayStoreYear(tx, store_id, yearId);
      replayed += 1;
    });
  }
  return replayed;
}
