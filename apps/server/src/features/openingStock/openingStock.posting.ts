/**
 * Opening quantities set, replaced and removed in numbers (the sheet import, the clearing of a year, an item's
 * delete), each posting through `repost` as the one opening quantity saved by openingStock.save.ts does.
 */
import { bookKinds, fail, toMilli } from '@mizan/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstq, year } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { refuse } from '../../lib/transaction.ts';
import { openingPosting } from '../posting/posting.rules.ts';
import { postingAccounts } from '../posting/posting.ts';
import { type Reposting, repost } from '../posting/repost.ts';
import { lockStockItems, replacementChanges, type StockChange, stockRefusal } from '../stock/stockCheck.ts';

type OpeningRow = { id: number; item_id: number; quantity: string; perch_price: string };

/** The first day of a year: the date opening quantities post on (at 00:00, before anything else that day). */
export async function yearStart(tx: DbOrTx, yearId: number): Promise<string> {
  const [row] = await tx.select({ start: year.yearStart }).from(year).where(eq(year.id, yearId));
  if (!row) throw new Error(`year ${yearId} not found`);
  return row.start;
}

/**
 * Opening quantities belong to the store's first year (one book, docs/accounting-years.md): a later year opens with
 * what the year before left, and a difference found then is a stock count. So they are refused in a year when the
 * store has opening quantities in another year, or anything posted in an earlier year but the accounts' opening
 * balances (an account may be taken on, with what it brings, on any day): whether it has.
 */
export async function isAfterFirstYear(tx: DbOrTx, storeId: number, yearId: number, start: string) {
  const { rows } = await tx.execute<{ later: boolean }>(sql`
    select exists (
      select 1 from firstq f where f.store_id = ${storeId} and f.fq_year <> ${yearId} and f.quantity <> 0
    ) or exists (
      -- Anything else posted in an earlier year (the days' kept sums, by the year's index: the first row that is not
      -- an opening balance answers; an earlier year of openings alone has a row per account that has one).
      select 1 from account_day d
      where d.store_id = ${storeId} and d."yearId" in (select y.id from year y where y."yearStart" < ${start})
        and d.source_kind <> ${bookKinds.openingBalance.wire} and (d.debit_total <> 0 or d.credit_total <> 0)
    ) as later`);
  return rows[0]?.later === true;
}

/** The refusal of opening quantities outside the store's first year. */
export const notFirstYear = () => fail<never>('OPENINGS_IN_FIRST_YEAR', { fq_year: 'OPENINGS_IN_FIRST_YEAR' });

/** An opening quantity's postings are kept under its row (`firstq`), on its year's first day at 00:00. */
export const openingSource = (storeId: number, yearId: number, date: string, id: number) => ({
  store_id: storeId,
  yearId,
  source_kind: bookKinds.openingQuantity.wire,
  source_id: id,
  date,
  time: '00:00:00',
  reference: null,
});

/**
 * Posts opening quantities again (`rows`: what each now is; `removedIds`: ones deleted), through the one writer: each
 * one's quantity into stock on its year's first day at its stated cost, into inventory against the opening-balance
 * account; the items' later movements are valued again from that day. Refuses the enclosing use case (stock below
 * zero on some date, when the store forbids it). Their items must be locked (id order).
 */
async function repostOpenings(tx: DbOrTx, storeId: number, yearId: number, rows: OpeningRow[], removedIds: number[]) {
  if (rows.length === 0 && removedIds.length === 0) return;
  const accounts = await postingAccounts(tx, storeId);
  const date = await yearStart(tx, yearId);
  if (rows.some((row) => toMilli(row.quantity) !== 0n) && (await isAfterFirstYear(tx, storeId, yearId, date)))
    refuse(notFirstYear());
  const source = (id: number) => openingSource(storeId, yearId, date, id);
  const entries: Reposting[] = [
    ...rows.map((row) => ({ source: source(row.id), posting: openingPosting(row, accounts) })),
    ...removedIds.map((id) => ({ source: source(id), posting: undefined })),
  ];
  const short = await repost(tx, entries);
  if (short.length) refuse(stockRefusal(short));
}

export type OpeningOfItem = { item_id: number; quantity: string; pay_price: string; perch_price: string };

/**
 * Removes opening quantities (their `firstq` rows) and what they posted: a store's, narrowed to a year and to some
 * items when given. Answers how many were removed.
 */
export async function removeOpeningQuantities(
  tx: DbOrTx,
  where: { storeId: number; yearId?: number; itemIds?: number[] },
): Promise<number> {
  const removed = await tx
    .delete(firstq)
    .where(
      and(
        eq(firstq.store_id, where.storeId),
        where.yearId === undefined ? undefined : eq(firstq.fq_year, where.yearId),
        where.itemIds ? sql`${firstq.item_id} = any(${arrayOf(where.itemIds)}::int[])` : undefined,
      ),
    )
    .returning({ id: firstq.id, yearId: firstq.fq_year });
  for (const yearId of new Set(removed.map((row) => row.yearId)))
    await repostOpenings(
      tx,
      where.storeId,
      yearId,
      [],
      removed.filter((row) => row.yearId === yearId).map((row) => row.id),
    );
  return removed.length;
}

/**
 * The opening quantities of many items of one store and year, set at once: what the one opening's save posts for
 * each (its `firstq` row, its stock movement replaced), in a few statements whatever the number of items, and
 * `clearItems`' opening quantities of the year removed with their movements. For the Excel import, after the stock
 * check of `openingReplacementChanges` in the same transaction.
 */
export async function replaceOpeningQuantities(
  tx: DbOrTx,
  storeId: number,
  yearId: number,
  openings: OpeningOfItem[],
  clearItems: number[] = [],
): Promise<void> {
  if (clearItems.length > 0) await removeOpeningQuantities(tx, { storeId, yearId, itemIds: clearItems });
  if (openings.length === 0) return;
  const saved = await tx.execute<OpeningRow>(sql`
    with input as (
      select * from unnest(
        ${arrayOf(openings.map((o) => o.item_id))}::int[],
        ${arrayOf(openings.map((o) => o.quantity))}::numeric[],
        ${arrayOf(openings.map((o) => o.pay_price))}::numeric[],
        ${arrayOf(openings.map((o) => o.perch_price))}::numeric[]
      ) as u(item_id, quantity, pay_price, perch_price))
    insert into firstq (item_id, store_id, fq_year, quantity, pay_price, perch_price)
    select item_id, ${storeId}, ${yearId}, quantity, pay_price, perch_price from input
    on conflict (item_id, store_id, fq_year) do update
      set quantity = excluded.quantity, pay_price = excluded.pay_price, perch_price = excluded.perch_price
    returning id, item_id, quantity::text, perch_price::text`);
  await repostOpenings(tx, storeId, yearId, saved.rows, []);
}

/**
 * The stock changes of replacing opening quantities of a store and year with `rows`: of the items in `rows` only
 * (setting one item's quantity), or of the whole year (an imported sheet, or clearing with no rows). For the stock
 * check, before anything is written.
 */
export async function openingReplacementChanges(
  tx: DbOrTx,
  storeId: number,
  yearId: number,
  rows: { item_id: number; quantity: string }[],
  scope: 'these items' | 'whole year',
): Promise<StockChange[]> {
  const itemIds = rows.map((row) => row.item_id);
  if (scope === 'these items' && itemIds.length === 0) return [];
  // The items are locked before their current openings are read: a concurrent change of one waits, and what is
  // replaced is what is really there.
  const yearItems =
    scope === 'whole year'
      ? await tx
          .select({ item_id: firstq.item_id })
          .from(firstq)
          .where(and(eq(firstq.store_id, storeId), eq(firstq.fq_year, yearId)))
      : [];
  await lockStockItems(tx, storeId, [...itemIds, ...yearItems.map((row) => row.item_id)]);
  const before = await tx
    .select({ item_id: firstq.item_id, quantity: firstq.quantity })
    .from(firstq)
    .where(
      and(
        eq(firstq.store_id, storeId),
        eq(firstq.fq_year, yearId),
        scope === 'these items' ? inArray(firstq.item_id, itemIds) : undefined,
      ),
    );
  return replacementChanges(
    before,
    rows.map((row) => ({ item_id: row.item_id, quantity: row.quantity })),
  );
}
