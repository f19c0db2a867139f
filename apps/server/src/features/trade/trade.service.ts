import {
  documentLogAction,
  fail,
  type KindToken,
  kindOf,
  ok,
  type Result,
  type SessionUser,
  type StockShortage,
  subjectOfKind,
  type TradeHeaderInput,
  type TradeLineInput,
} from '@mizan/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { items, tradeDocument } from '../../db/schema.ts';
import { nowTime, today } from '../../lib/clock.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { documentRefusal } from '../book/documentPermissions.ts';
import { type SaveResult, saveThrough } from '../book/savePipeline.ts';
import { requireOpenYears } from '../book/yearLock.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import type { PostingSource } from '../posting/posting.ts';
import { movedItems, repost } from '../posting/repost.ts';
import { refuseDeleteWithReturns } from '../returns/returns.guard.ts';
import { findStockShortages, lockStockItems, stockRefusal } from '../stock/stockCheck.ts';
import { contentHash, earlierSaveWithKey } from './trade.idempotency.ts';
import { findDocument, lockDocument, readDocument, type SavedDocument } from './trade.queries.ts';
import {
  type AnswerOf,
  type Booked,
  bookedOnly,
  type SaveInput,
  tradeSaveAnswering,
  wholeDocument,
} from './trade.save.ts';

/**
 * Saves a document (new, or replacing `payId`) through the pipeline, in one transaction (features/book/
 * savePipeline.ts and trade.save.ts): load under locks → the rules → write, post and log. A retry with the
 * idempotency key of an earlier save answers that document (or is refused when its content differs).
 */
export function saveDocument(db: DbOrTx, user: SessionUser, input: SaveInput): Promise<SaveResult<SavedDocument>> {
  return saveAnswering(db, user, input, wholeDocument);
}

/**
 * As `saveDocument`, answered by the document's id and reference only, so nothing is read back after the commit:
 * for a device's queued sales, which it takes off its queue by their id (docs/offline.md).
 */
export function bookDocument(db: DbOrTx, user: SessionUser, input: SaveInput): Promise<SaveResult<Booked>> {
  return saveAnswering(db, user, input, bookedOnly);
}

async function saveAnswering<Saved>(
  db: DbOrTx,
  user: SessionUser,
  input: SaveInput,
  answerOf: AnswerOf<Saved>,
): Promise<SaveResult<Saved>> {
  const key = input.payId === undefined ? (input.idempotencyKey ?? input.header.idempotency_key) : undefined;
  const device = input.payId === undefined ? input.device : undefined;
  const hash = key ? contentHash(input.kind, input.header, input.lines, device) : undefined;
  // The load looks for an earlier save with the key in its first statement, and leaves what it found here.
  const idempotency: { key: string | undefined; hash: string | undefined; earlier?: Result<Booked> } = { key, hash };
  try {
    const saved = await saveThrough(db, user, tradeSaveAnswering(answerOf), { ...input, device, idempotency });
    const { earlier } = idempotency;
    if (earlier) return earlier.ok ? answerOf(db, user.store_id, input.kind, earlier.value) : earlier;
    return saved;
  } catch (error) {
    const index = violatedUniqueIndex(error);
    // Two saves with one key raced: the second hit the idempotency index; answer (or refuse) as if it came later.
    if (key && hash && index === 'trade_document_idem_uq') {
      const earlier = await answerEarlierSave(db, user.store_id, key, input.kind, hash, answerOf);
      if (earlier) return earlier;
    }
    // A device's number names one sale: another sale with it (another key) is refused, never booked beside it.
    if (index === 'trade_document_device_uq')
      return fail<Saved>('DEVICE_COUNTER_REUSED', { 'device.counter': 'DEVICE_COUNTER_REUSED' });
    throw error;
  }
}

async function answerEarlierSave<Saved>(
  db: DbOrTx,
  storeId: number,
  key: string,
  kind: KindToken,
  hash: string,
  answerOf: AnswerOf<Saved>,
): Promise<SaveResult<Saved> | undefined> {
  const earlier = await earlierSaveWithKey(db, storeId, key, kind, hash);
  if (!earlier?.ok) return earlier;
  return answerOf(db, storeId, kind, earlier.value);
}

/** A saved document's header as a save takes it: to save it again under another kind or with other lines. */
export const headerOf = (doc: SavedDocument): TradeHeaderInput => ({
  cust_id: doc.cust_id,
  pay_date: doc.pay_date,
  pay_time: doc.pay_time,
  tot_pr: doc.tot_pr,
  // A value-only invoice's VAT rate (a conversion keeps it; read only while it has no lines).
  ...(doc.vat_rate !== null && { vat_rate: doc.vat_rate }),
  discount: doc.discount,
  // Kept by the save only while it still gives the discount of the lines saved with it.
  discount_percent: doc.discount_percent,
  pay: doc.pay,
  pay_method: doc.pay_method,
  payComment: doc.payComment,
  nextPay: doc.nextPay,
  money_account_id: doc.money_account_id,
  yearId: doc.yearId,
});

/** A saved document's lines as a save takes them. */
export const linesOf = (doc: SavedDocument): TradeLineInput[] =>
  doc.items.map((line) => ({
    item_id: line.item_id,
    quantity: line.quantity,
    pay_price: line.pay_price,
    perch_price: line.perch_price,
  }));

/**
 * Replaces a document (`updateWithItems`): a line sent without a price keeps the price that item has on the
 * document, not the item card's price of today (a card repriced since would reprice an old invoice); an item new to
 * the document takes its card's, as on a new one. The document is read under its lock, in the save's transaction.
 */
export function updateDocument(
  db: DbOrTx,
  user: SessionUser,
  kind: KindToken,
  payId: number,
  header: TradeHeaderInput,
  lines: TradeLineInput[],
): Promise<SaveResult<SavedDocument>> {
  return inTransaction(db, async (tx): Promise<SaveResult<SavedDocument>> => {
    if (!(await lockDocument(tx, user.store_id, kind, payId))) return fail('NOT_FOUND');
    const existing = await readDocument(tx, user.store_id, kind, payId);
    const kept = new Map<number, TradeLineInput>();
    for (const line of existing ? linesOf(existing) : []) if (!kept.has(line.item_id)) kept.set(line.item_id, line);
    const priced = lines.map((line) => {
      const before = kept.get(line.item_id);
      if (!before) return line;
      return {
        ...line,
        pay_price: line.pay_price ?? before.pay_price,
        perch_price: line.perch_price ?? before.perch_price,
      };
    });
    return saveDocument(tx, user, { kind, header, lines: priced, payId });
  });
}

/** Deletes a document with its lines and everything it posted. */
export function deleteDocument(
  db: DbOrTx,
  user: SessionUser,
  kind: KindToken,
  payId: number,
): Promise<Result<{ pay_id: number }>> {
  return inTransaction(db, (tx) => removeDocument(tx, user, kind, payId));
}

async function removeDocument(
  tx: Tx,
  user: SessionUser,
  kind: KindToken,
  payId: number,
): Promise<Result<{ pay_id: number }>> {
  if (!(await lockDocument(tx, user.store_id, kind, payId))) return fail('NOT_FOUND');
  const doc = await findDocument(tx, { storeId: user.store_id, kind, payId });
  if (!doc) return fail('NOT_FOUND');
  // Whose document it is and which day it is of, as the user's role permits.
  const byRole = documentRefusal(user, {
    subject: subjectOfKind[kind],
    posts: kindOf(kind).posting !== 'nothing',
    today: today(),
    before: { user_id: doc.user_id, date: doc.pay_date },
  });
  if (byRole) return byRole;
  const open = await requireOpenYears(tx, user.store_id, [doc.yearId]);
  if (!open.ok) return open;
  const withoutReturns = await refuseDeleteWithReturns(tx, payId);
  if (!withoutReturns.ok) return withoutReturns;
  // Its items are locked (id order) before their stock at cost changes, the ones it brings back too.
  await lockStockItems(tx, user.store_id, await movedItems(tx, kind, payId));
  const source: PostingSource = {
    store_id: user.store_id,
    yearId: doc.yearId,
    source_kind: kind,
    source_id: payId,
    date: doc.pay_date,
    time: doc.pay_time,
    reference: doc.pay_ref,
  };
  // Taken back on its date: the stock is checked on every date after it, and what came after is valued again.
  const short = await repost(tx, [{ source, posting: undefined }]);
  if (short.length) return stockRefusal(short);
  await tx.delete(tradeDocument).where(eq(tradeDocument.pay_id, payId));
  await writeLog(tx, {
    store_id: user.store_id,
    user_id: user.id,
    yearId: doc.yearId,
    typee: documentLogAction('delete', kindOf(kind).name),
    logToken: {
      pay_id: payId,
      pay_ref: doc.pay_ref,
      cust_id: doc.cust_id,
      pay_date: doc.pay_date,
      tot_pr: doc.tot_pr,
      pay: doc.pay,
      changee: doc.changee,
    },
  });
  return ok({ pay_id: payId });
}

/**
 * Moves a document to another kind in one transaction: a preliminary invoice becomes final (with the stock
 * check), or a final one is demoted to preliminary. The new document gets its own reference. Converted as it is
 * (no `header`), it is dated the day it is made (`payDate` when the user picked one): an order bought or a quote
 * sold months later is not booked on the day it was written.
 */
export async function convertDocument(
  db: DbOrTx,
  user: SessionUser,
  from: KindToken,
  to: KindToken,
  payId: number,
  changed: { header?: TradeHeaderInput; lines?: TradeLineInput[]; payDate?: string | undefined } = {},
): Promise<SaveResult<SavedDocument>> {
  const { header, lines } = changed;
  // One transaction for both: the saved document and the removal of its source, read under its lock (a second
  // conversion of the same document waits, then finds it gone).
  return inTransaction(db, async (tx): Promise<SaveResult<SavedDocument>> => {
    if (!(await lockDocument(tx, user.store_id, from, payId))) return fail('NOT_FOUND');
    const source = await readDocument(tx, user.store_id, from, payId);
    if (!source) return fail('NOT_FOUND');
    // A conversion keeps the source's year (as an edit does); its date must lie inside it.
    const made = { pay_date: changed.payDate ?? today(), pay_time: nowTime() };
    const newHeader = { ...(header ?? { ...headerOf(source), ...made }), yearId: source.yearId };
    const newLines = lines ?? (source.value_only ? undefined : linesOf(source));
    if (newLines)
      await lockStockItems(
        tx,
        user.store_id,
        newLines.map((line) => line.item_id),
      );
    const removed = await removeDocument(tx, user, from, payId);
    // A refusal comes back whole (a removal refused for want of stock carries its short items).
    if (!removed.ok) return removed;
    return saveDocument(tx, user, { kind: to, header: newHeader, lines: newLines });
  });
}

/**
 * The stock rule of a save for a list of items (`items/validateStockQuantity`), without saving anything: the same
 * check as a sale, so it agrees with the save whether or not the store allows negative stock. An item the store
 * does not have is never "valid" (the save refuses it too).
 */
export async function checkStock(
  db: DbOrTx,
  storeId: number,
  requestedYear: number | undefined,
  list: { item_id: number; quantity: string }[],
): Promise<{ shortages: StockShortage[]; unknownItems: number[] }> {
  return db.transaction(async (tx) => {
    const yearId = await resolveYearId(tx, requestedYear);
    const ids = [...new Set(list.map((line) => line.item_id))];
    const found = await tx
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.store_id, storeId), inArray(items.id, ids)));
    const known = new Set(found.map((item) => item.id));
    const unknownItems = ids.filter((id) => !known.has(id));
    if (yearId === undefined) return { shortages: [], unknownItems };
    const shortages = await findStockShortages(
      tx,
      storeId,
      list
        .filter((line) => known.has(line.item_id))
        .map((line) => ({ item_id: line.item_id, quantity: `-${line.quantity}` })),
    );
    return { shortages, unknownItems };
  });
}
