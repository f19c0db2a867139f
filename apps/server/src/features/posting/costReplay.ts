/**
 * Replays a store's year through the posting rules, in order: its opening quantities first, then its final sales
 * and purchases by date, time and id. Everything they posted is taken back, and each is posted again by its rule
 * from the stock at cost the earlier ones left, bulk-written by the one writer. This is how the data saved before
 * perpetual inventory is valued at cost (migration 0010 marks the store years, `replayPendingCosts` runs at start-up
 * after the migrations), and how the large-store generator posts the documents it inserted: never a second copy of
 * the rules in SQL.
 */
import { kindOf, money, toMoneyString } from '@mizan/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { costReplayPending, firstq, itemCost, tradeDocument, tradeLine } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { type CostedPosting, postingOf, postOpeningQuantityRule, type TradePostingInput } from './posting.rules.ts';
import { costBookOf, type PostingSource, postAll, postingAccounts, unpost } from './posting.ts';

/**
 * The trade kinds that posted before perpetual inventory (the others change nothing until converted). Returns came
 * with it (migration 0011, after the replay's 0010), so a year to replay holds none; a year that does is refused
 * rather than replayed without them (their cost depends on their sale's, which the replay would change).
 */
const POSTING_KINDS = ['pay', 'perch'] as const;
const RETURN_KINDS = ['sales_returns', 'purchase_returns'] as const;
/** How many documents are written per statement batch. */
const CHUNK = 1000;

/**
 * Replays one store's year (see above) inside the caller's transaction. Every item of the store is locked first, in
 * id order, as every stock operation takes them. Answers how many documents and opening quantities were posted.
 */
export async function replayStoreYear(tx: DbOrTx, storeId: number, yearId: number): Promise<number> {
  const [returns] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tradeDocument)
    .where(
      and(
        eq(tradeDocument.store_id, storeId),
        eq(tradeDocument.yearId, yearId),
        inArray(tradeDocument.kind, [...RETURN_KINDS]),
      ),
    );
  if ((returns?.n ?? 0) > 0) throw new Error(`store ${storeId} year ${yearId} holds returns: it cannot be replayed`);
  const storeItems = await tx.execute<{ id: number }>(
    sql`select id from items where store_id = ${storeId} order by id for update`,
  );
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
      pay_method: tradeDocument.pay_method,
      pay_date: tradeDocument.pay_date,
      awaiting_lines: tradeDocument.awaiting_lines,
    })
    .from(tradeDocument)
    .where(
      and(
        eq(tradeDocument.store_id, storeId),
        eq(tradeDocument.yearId, yearId),
        inArray(tradeDocument.kind, [...POSTING_KINDS]),
      ),
    )
    .orderBy(tradeDocument.pay_date, tradeDocument.pay_time, tradeDocument.pay_id);
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
  for (const line of lines) linesOf.set(line.pay_id, [...(linesOf.get(line.pay_id) ?? []), line]);

  // Take back what they posted, then start from the stock at cost of whatever else moved the year (nothing else
  // posts yet): `item_cost` is the sum of the movements, so it is recomputed from them.
  await unpost(
    tx,
    'firstq',
    openings.map((row) => row.id),
  );
  for (const kind of POSTING_KINDS)
    await unpost(
      tx,
      kind,
      docs.filter((doc) => doc.kind === kind).map((doc) => doc.pay_id),
    );
  await tx.delete(itemCost).where(and(eq(itemCost.store_id, storeId), eq(itemCost.yearId, yearId)));
  await tx.execute(sql`
    insert into item_cost (store_id, item_id, "yearId", quantity, value)
    select store_id, item_id, "yearId", sum(quantity), sum(value) from stock_movement
    where store_id = ${storeId} and "yearId" = ${yearId}
    group by store_id, item_id, "yearId"`);

  const accounts = await postingAccounts(tx, storeId);
  const costs = new Map(
    await costBookOf(
      tx,
      storeId,
      yearId,
      storeItems.rows.map((row) => row.id),
    ),
  );
  const [yearRow] = await tx
    .execute<{ start: string }>(sql`select "yearStart"::text as start from year where id = ${yearId}`)
    .then((result) => result.rows);
  const postings: { source: PostingSource; posting: CostedPosting }[] = [];
  const lineCosts: { id: number; cost: string }[] = [];
  const keep = (posting: CostedPosting) => {
    for (const [itemId, state] of posting.costsAfter) costs.set(itemId, state);
    return posting;
  };
  for (const row of openings)
    postings.push({
      source: {
        store_id: storeId,
        yearId,
        source_kind: 'firstq',
        source_id: row.id,
        date: yearRow?.start,
        reference: null,
      },
      posting: keep(postOpeningQuantityRule(row, accounts, costs)),
    });
  for (const doc of docs) {
    // A legacy header awaiting its lines posts nothing until they arrive.
    if (doc.awaiting_lines) continue;
    const docLines = linesOf.get(doc.pay_id) ?? [];
    const input: TradePostingInput = { ...doc, lines: docLines };
    const posting = keep(postingOf(input, accounts, costs));
    postings.push({
      source: {
        store_id: storeId,
        yearId,
        source_kind: doc.kind,
        source_id: doc.pay_id,
        date: doc.pay_date,
        reference: doc.pay_ref,
      },
      posting,
    });
    // Each line moved stock once, in order: a sale line keeps what its goods cost, a purchase line its value.
    for (const [index, line] of docLines.entries()) {
      const moved = posting.stockMovements[index];
      if (moved)
        lineCosts.push({
          id: line.id,
          cost: kindOf(doc.kind).stockSign < 0 ? toMoneyString(money(-moved.value)) : line.tot,
        });
    }
  }
  for (let start = 0; start < postings.length; start += CHUNK) await postAll(tx, postings.slice(start, start + CHUNK));
  for (let start = 0; start < lineCosts.length; start += CHUNK * 10) {
    const chunk = lineCosts.slice(start, start + CHUNK * 10);
    await tx.execute(sql`
      update trade_line l set cost = u.cost
      from unnest(${arrayOf(chunk.map((c) => c.id))}::int[], ${arrayOf(chunk.map((c) => c.cost))}::numeric[])
        as u(id, cost)
      where l.id = u.id`);
  }
  return postings.length;
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
