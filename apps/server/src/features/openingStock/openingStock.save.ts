/**
 * The openings family's save of one opening quantity (an item's stock at the start of the store's first year, at
 * its stated cost), in the pipeline's steps (features/book/savePipeline.ts): load the item, the year and what the
 * item's opening is now, under the item's lock; check that replacing it takes no stock below zero and that the year
 * is the store's first; write the `firstq` row. It posts through `repost` on its year's first day at 00:00: its
 * quantity into stock and its value into inventory against the opening-balance account (`openingPosting`).
 *
 * The sheet import and the clearing of a year set many openings at once, in chunks (openingStock.posting.ts); an
 * account's opening balance posts on its own day (accounts/openingBalance.ts).
 */
import {
  fail,
  type OpeningQuantityBody,
  type OpeningQuantityRow,
  ok,
  type SessionUser,
  toMilli,
} from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { firstq, items } from '../../db/schema.ts';
import type { DocumentModule } from '../book/savePipeline.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import { openingPosting } from '../posting/posting.rules.ts';
import { postingAccounts } from '../posting/posting.ts';
import { findStockShortages, stockRefusal } from '../stock/stockCheck.ts';
import {
  isAfterFirstYear,
  notFirstYear,
  openingReplacementChanges,
  openingSource,
  yearStart,
} from './openingStock.posting.ts';
import { readOpening } from './openingStock.queries.ts';

async function load(tx: Tx, user: SessionUser, input: OpeningQuantityBody) {
  const [item] = await tx
    .select({ pay_price: items.pay_price, perch_price: items.perch_price })
    .from(items)
    .where(and(eq(items.id, input.item_id), eq(items.store_id, user.store_id)));
  if (!item) return fail<never>('NOT_FOUND', { item_id: 'NOT_FOUND' });
  const fq_year = await resolveYearId(tx, input.fq_year);
  if (fq_year === undefined) return fail<never>('YEAR_NOT_FOUND');
  // The item is locked before its opening is read: a change of it at the same time waits.
  const changes = await openingReplacementChanges(tx, user.store_id, fq_year, [input], 'these items');
  const date = await yearStart(tx, fq_year);
  return ok({
    opening: {
      item_id: input.item_id,
      store_id: user.store_id,
      fq_year,
      quantity: input.quantity,
      pay_price: input.pay_price ?? item.pay_price,
      perch_price: input.perch_price ?? item.perch_price,
    },
    date,
    shortages: await findStockShortages(tx, user.store_id, changes),
    afterFirstYear: toMilli(input.quantity) !== 0n && (await isAfterFirstYear(tx, user.store_id, fq_year, date)),
    accounts: await postingAccounts(tx, user.store_id),
  });
}

type Loaded = Extract<Awaited<ReturnType<typeof load>>, { ok: true }>['value'];

/** No stock below zero once it is replaced, only in the store's first year; what it posts. */
function check(loaded: Loaded) {
  if (loaded.shortages.length) return stockRefusal<never>(loaded.shortages);
  if (loaded.afterFirstYear) return notFirstYear();
  return ok({ ...loaded, posting: openingPosting(loaded.opening, loaded.accounts) });
}

type Checked = Extract<ReturnType<typeof check>, { ok: true }>['value'];

/** Sets (or replaces) the item's `firstq` row of the year; setting it again replaces what it posted. */
async function write(tx: Tx, user: SessionUser, { opening, date, posting, accounts }: Checked) {
  const [row] = await tx
    .insert(firstq)
    .values(opening)
    .onConflictDoUpdate({
      target: [firstq.item_id, firstq.store_id, firstq.fq_year],
      set: { quantity: opening.quantity, pay_price: opening.pay_price, perch_price: opening.perch_price },
    })
    .returning({ id: firstq.id });
  if (!row) throw new Error('opening quantity was not saved');
  return {
    postings: [{ source: openingSource(user.store_id, opening.fq_year, date, row.id), posting }],
    accounts,
    log: {
      yearId: opening.fq_year,
      typee: 'insert firstq' as const,
      logToken: { item_id: opening.item_id, quantity: opening.quantity },
    },
    answer: async (reader: DbOrTx) => {
      const saved = await readOpening(reader, row.id);
      return saved ? ok(saved) : fail<OpeningQuantityRow>('NOT_FOUND');
    },
  };
}

export const openingQuantitySave: DocumentModule<OpeningQuantityBody, Loaded, Checked, OpeningQuantityRow> = {
  load,
  check,
  write,
};
