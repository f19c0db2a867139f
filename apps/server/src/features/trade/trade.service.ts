import {
  documentLogAction,
  fail,
  formatReference,
  invoiceTotals,
  type KindToken,
  kindOf,
  lineTotal,
  mergeLines,
  money,
  ok,
  parseMoney,
  partySides,
  type Result,
  type SessionUser,
  type StockShortage,
  type TradeHeaderInput,
  type TradeLineInput,
  toMilli,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { items, subAccounts, tradeDocument, tradeLine } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { requireOpenYears } from '../book/yearLock.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { findYear, isInsideYear, resolveYearId } from '../organisation/currentYear.ts';
import { postingOf } from '../posting/posting.rules.ts';
import { type PostingSource, postingAccounts } from '../posting/posting.ts';
import { movedItems, repost } from '../posting/repost.ts';
import { refuseDeleteWithReturns, refuseEditWithReturns } from '../returns/returns.guard.ts';
import { findStockShortages, lockStockItems, stockRefusal } from '../stock/stockCheck.ts';
import { contentHash, earlierSaveWithKey } from './trade.idempotency.ts';
import { findDocument, listLines, lockDocument, nextSequence, storeOf } from './trade.queries.ts';

export type SavedDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>> & {
  items: Awaited<ReturnType<typeof listLines>>;
};
/** A save's answer; a sale refused for want of stock also lists the short items (the screen shows them). */
export type SaveResult<T = SavedDocument> = Result<T> & { shortages?: StockShortage[] };

const MONEY_ZERO = money(0n);
const nowTime = () => new Date().toTimeString().slice(0, 8);
/**
 * A typed time of day as the database keeps it, `HH:mm:ss` (`09:00` → `09:00:00`): an edit that sends the time it
 * was shown without seconds keeps the document's place among the day's movements, and re-values nothing.
 */
export const asStoredTime = (time: string) => (time.length === 5 ? `${time}:00` : time);
/** The server's local day (as `nowTime` its local time), `YYYY-MM-DD`. */
const today = () => {
  const now = new Date();
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
};

/**
 * The store's items of these ids, with the prices a line takes by default. A save reads them after it has locked
 * them (`lockStockItems`, the one lock of a save's items, in `loadSave`).
 */
const readItems = (tx: Tx, storeId: number, ids: number[]) =>
  tx
    .select({
      id: items.id,
      item_name: items.item_name,
      pay_price: items.pay_price,
      perch_price: items.perch_price,
      tax: items.tax,
    })
    .from(items)
    .where(and(eq(items.store_id, storeId), inArray(items.id, ids)));

/** Lines priced from the input (or the item's own prices), merged by item and price, with their totals. */
async function priceLines(tx: Tx, storeId: number, kind: KindToken, input: TradeLineInput[]) {
  const ids = [...new Set(input.map((line) => line.item_id))];
  const found = await readItems(tx, storeId, ids);
  const byId = new Map(found.map((item) => [item.id, item]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined)
    return fail<never>('ITEM_NOT_FOUND', {
      [`items.${input.findIndex((l) => l.item_id === missing)}.item_id`]: 'ITEM_NOT_FOUND',
    });
  const priceField = kindOf(kind).price;
  const priced = input.map((line) => {
    const item = byId.get(line.item_id);
    if (!item) throw new Error('unreachable');
    const pay_price = line.pay_price ?? item.pay_price;
    const perch_price = line.perch_price ?? item.perch_price;
    const price = parseMoney(priceField === 'pay_price' ? pay_price : perch_price) ?? MONEY_ZERO;
    return {
      item_id: item.id,
      item_name: item.item_name,
      quantity: line.quantity,
      pay_price,
      perch_price,
      tax: item.tax,
      price,
    };
  });
  return ok(mergeLines(priced).map((line) => ({ ...line, tot: lineTotal(line) })));
}

/**
 * A line total or the document's total past the bound: the field to show is the line's quantity (the line found
 * by its item, since equal lines were merged), or the list of lines for the total.
 */
function amountTooLarge(input: TradeLineInput[] | undefined, priced: { item_id: number }[], line: number | undefined) {
  const itemId = line === undefined ? undefined : priced[line]?.item_id;
  const index = itemId === undefined || !input ? -1 : input.findIndex((l) => l.item_id === itemId);
  const field = index >= 0 ? `items.${index}.quantity` : input ? 'items' : 'tot_pr';
  return fail<never>('AMOUNT_TOO_LARGE', { [field]: 'AMOUNT_TOO_LARGE' });
}

export type SaveInput = {
  kind: KindToken;
  /** Its `yearId` is the year the route resolved for the request (see organisation/currentYear.ts). */
  header: TradeHeaderInput;
  /** undefined: a value-only invoice (the header's tot_pr is the total). */
  lines: TradeLineInput[] | undefined;
  /** The document being replaced (an edit), if any. */
  payId?: number;
  idempotencyKey?: string | undefined;
  /**
   * The legacy two-call edits turn a value-only header into a lined document (its lines arrive after it)
   * and back (its lines are deleted before new ones arrive). The screens never change a document's shape.
   */
  allowReshape?: boolean;
  /**
   * A header of the legacy two-call path that awaits its lines: saved, but posting nothing (no charge to the party)
   * until they arrive. Only with `lines` undefined.
   */
  awaitingLines?: boolean;
  /**
   * A return's original invoice: a sales return's goods come back at the cost their sale took them out at (for the
   * quantity returned), which follows the sale's if a back-dated change re-values it.
   */
  originalPayId?: number;
};

/**
 * Saves a document in one transaction, as load → rules → write: it loads what the save depends on (year, party,
 * items, the version it replaces) under their locks, checks stock and totals by the rules, then writes the header
 * and lines, replaces what the old version posted with what the kind's rule posts, and logs.
 * A document stays in the year it was saved in, and its date lies inside that year.
 */
export async function saveDocument(db: DbOrTx, user: SessionUser, input: SaveInput): Promise<SaveResult> {
  const key = input.payId === undefined ? (input.idempotencyKey ?? input.header.idempotency_key) : undefined;
  const hash = key ? contentHash(input.kind, input.header, input.lines) : undefined;
  if (key && hash) {
    const earlier = await answerEarlierSave(db, user.store_id, key, input.kind, hash);
    if (earlier) return earlier;
  }
  try {
    return await inTransaction(db, async (tx): Promise<SaveResult> => {
      const loaded = await loadSave(tx, user, input);
      if (!loaded.ok) return loaded;
      const { accountingYear, existing, lines } = loaded.value;
      if (!isInsideYear(input.header.pay_date, accountingYear))
        return fail('DATE_OUTSIDE_YEAR', { pay_date: 'DATE_OUTSIDE_YEAR' });
      // Also for the kinds that post nothing (preliminary invoices, orders); `repost` checks every posting.
      const open = await requireOpenYears(tx, user.store_id, [accountingYear.id]);
      if (!open.ok) return open;
      const totals = checkedTotals(input, lines);
      if (!totals.ok) return totals;
      // The stock check is the cost engine's, on every date from the earliest one the save changes: a refusal
      // rolls back everything written.
      const written = await writeDocument(tx, user, input, {
        existing,
        yearId: accountingYear.id,
        lines,
        totals: totals.value,
        idempotency: { key, hash },
      });
      if (!written.ok) return written;
      const saved = await readDocument(tx, user.store_id, input.kind, written.value);
      return saved ? ok(saved) : fail('NOT_FOUND');
    });
  } catch (error) {
    // Two saves with one key raced: the second hit the idempotency index; answer (or refuse) as if it came later.
    if (key && hash && violatedUniqueIndex(error) === 'trade_document_idem_uq') {
      const earlier = await answerEarlierSave(db, user.store_id, key, input.kind, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

type PricedLine = Extract<Awaited<ReturnType<typeof priceLines>>, { ok: true }>['value'][number];
type ExistingDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/**
 * What a save depends on, read under its locks and in one order for every save (the document it changes, then its
 * items; the reference counter and the balances come later, when written), so two saves never wait in a circle.
 * Refuses an unknown year, a party of the wrong side, a missing item, and an edit that would move the document to
 * another year or change its shape.
 */
async function loadSave(tx: Tx, user: SessionUser, input: SaveInput) {
  if (input.header.yearId === undefined) return fail<never>('YEAR_REQUIRED', { yearId: 'YEAR_REQUIRED' });
  const accountingYear = await findYear(tx, input.header.yearId);
  if (!accountingYear) return fail<never>('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
  const [party] = await tx
    .select({ id: subAccounts.id, ac_id: subAccounts.ac_id })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, input.header.cust_id), eq(subAccounts.store_id, user.store_id)));
  if (!party) return fail<never>('ACCOUNT_NOT_FOUND', { cust_id: 'ACCOUNT_NOT_FOUND' });
  // A sale to the sales account (or any non-customer) would net revenue away: the party must be on its side.
  const { accountClass, wrongParty } = partySides[kindOf(input.kind).party];
  if (party.ac_id !== accountClass) return fail<never>(wrongParty, { cust_id: wrongParty });

  if (input.payId !== undefined && !(await lockDocument(tx, user.store_id, input.kind, input.payId)))
    return fail<never>('NOT_FOUND');
  const before = input.payId !== undefined ? await movedItems(tx, input.kind, input.payId) : [];
  // Every item whose stock (and average cost) the save changes is locked, in id order, before any is read: the
  // items the old version moved as well as the new lines'.
  await lockStockItems(tx, user.store_id, [...before, ...(input.lines ?? []).map((line) => line.item_id)]);
  const priced = input.lines ? await priceLines(tx, user.store_id, input.kind, input.lines) : ok([]);
  if (!priced.ok) return priced;

  let existing: ExistingDocument | undefined;
  if (input.payId !== undefined) {
    existing = await findDocument(tx, { storeId: user.store_id, kind: input.kind, payId: input.payId });
    if (!existing) return fail<never>('NOT_FOUND');
    // An edit never moves a document to another year: its stock and postings belong to its own.
    if (existing.yearId !== accountingYear.id)
      return fail<never>('DOCUMENT_IN_OTHER_YEAR', { yearId: 'DOCUMENT_IN_OTHER_YEAR' });
    if (!input.allowReshape && existing.value_only !== (input.lines === undefined))
      return fail<never>('DOCUMENT_NOT_EDITABLE');
  }
  if (existing) {
    // An invoice with returns keeps its party, what they took back and what they refunded (the refusal names them).
    const kept = await refuseEditWithReturns(tx, input.kind, existing, {
      cust_id: input.header.cust_id,
      discount: input.header.discount,
      pay_date: input.header.pay_date,
      lines: priced.value,
    });
    if (!kept.ok) return kept;
  }
  return ok({ accountingYear, existing, lines: priced.value });
}

/** The document's totals from its lines (or, value-only, its typed total), with the refusals of invoice arithmetic. */
function checkedTotals(input: SaveInput, lines: PricedLine[]) {
  const gross = input.lines ? lines : (parseMoney(input.header.tot_pr ?? '') ?? MONEY_ZERO);
  const totals = invoiceTotals(
    gross,
    parseMoney(input.header.discount) ?? MONEY_ZERO,
    parseMoney(input.header.pay) ?? MONEY_ZERO,
  );
  if (totals.ok) return ok(totals.totals);
  if (totals.problem === 'AMOUNT_TOO_LARGE') return amountTooLarge(input.lines, lines, totals.line);
  if (totals.problem === 'DISCOUNT_EXCEEDS_TOTAL')
    return fail<never>('DISCOUNT_EXCEEDS_TOTAL', { discount: 'DISCOUNT_EXCEEDS_TOTAL' });
  return fail<never>('NEGATIVE_REMAINDER', { pay: 'NEGATIVE_REMAINDER' });
}

type CheckedSave = {
  existing: ExistingDocument | undefined;
  yearId: number;
  lines: PricedLine[];
  totals: Extract<ReturnType<typeof checkedTotals>, { ok: true }>['value'];
  idempotency: { key: string | undefined; hash: string | undefined };
};

/** Whether a saved document's lines are the lines a save brings (same items, quantities, prices, in order). */
function sameLines(
  saved: { item_id: number; quantity: string; pay_price: string; perch_price: string; tot: string }[],
  lines: PricedLine[],
) {
  const same = (a: string, b: string) => (parseMoney(a) ?? 0n) === (parseMoney(b) ?? 0n);
  return (
    saved.length === lines.length &&
    saved.every((row, index) => {
      const line = lines[index];
      return (
        line !== undefined &&
        row.item_id === line.item_id &&
        toMilli(row.quantity) === toMilli(line.quantity) &&
        same(row.pay_price, line.pay_price) &&
        same(row.perch_price, line.perch_price) &&
        same(row.tot, toMoneyString(line.tot))
      );
    })
  );
}

/**
 * Writes a checked save: the header (a new one gets its reference here, from the kind's counter), its lines, what
 * its rule posts in place of what the old version posted, and the activity log. Only what changed is posted again:
 * an edit that keeps the lines, the date and the time (a payment, a note, a due date) replaces the money lines and
 * touches no stock and no cost. Answers the document's id, or the items it would take below zero on some date.
 */
async function writeDocument(
  tx: Tx,
  user: SessionUser,
  input: SaveInput,
  save: CheckedSave,
): Promise<SaveResult<number>> {
  const { existing, yearId, lines, totals } = save;
  const values = {
    kind: input.kind,
    value_only: input.lines === undefined,
    awaiting_lines: input.lines === undefined && input.awaitingLines === true,
    store_id: user.store_id,
    yearId,
    user_id: user.id,
    cust_id: input.header.cust_id,
    tot_pr: toMoneyString(totals.tot_pr),
    discount: toMoneyString(totals.discount),
    pay: toMoneyString(totals.pay),
    changee: toMoneyString(totals.changee),
    pay_date: input.header.pay_date,
    pay_time:
      input.header.pay_time === undefined ? (existing?.pay_time ?? nowTime()) : asStoredTime(input.header.pay_time),
    pay_method: input.header.pay_method,
    payComment: input.header.payComment,
    nextPay: input.header.nextPay ?? null,
  };
  let payId: number;
  let payRef: string;
  let lineIds: number[] = [];
  let linesChanged = true;
  if (existing) {
    payId = existing.pay_id;
    payRef = existing.pay_ref;
    const saved = await tx
      .select({
        id: tradeLine.id,
        item_id: tradeLine.item_id,
        quantity: tradeLine.quantity,
        pay_price: tradeLine.pay_price,
        perch_price: tradeLine.perch_price,
        tot: tradeLine.tot,
      })
      .from(tradeLine)
      .where(eq(tradeLine.pay_id, payId))
      .orderBy(tradeLine.id);
    linesChanged = !sameLines(saved, lines);
    if (linesChanged) await tx.delete(tradeLine).where(eq(tradeLine.pay_id, payId));
    else lineIds = saved.map((row) => row.id);
    await tx.update(tradeDocument).set(values).where(eq(tradeDocument.pay_id, payId));
  } else {
    const storeRow = await storeOf(tx, user.store_id);
    const sequence = await nextSequence(tx, user.store_id, kindOf(input.kind).sequence);
    payRef = formatReference(storeRow.store_ref, input.kind, sequence);
    const [inserted] = await tx
      .insert(tradeDocument)
      .values({
        ...values,
        pay_ref: payRef,
        idempotency_key: save.idempotency.key ?? null,
        idempotency_hash: save.idempotency.hash ?? null,
        original_pay_id: input.originalPayId ?? null,
      })
      .returning({ pay_id: tradeDocument.pay_id });
    if (!inserted) throw new Error('document insert returned nothing');
    payId = inserted.pay_id;
  }
  const posts = !values.awaiting_lines && kindOf(input.kind).posting !== 'nothing';
  if (linesChanged && lines.length) {
    const inserted = await tx
      .insert(tradeLine)
      .values(
        lines.map((line) => ({
          pay_id: payId,
          store_id: user.store_id,
          item_id: line.item_id,
          item_name: line.item_name,
          quantity: line.quantity,
          pay_price: line.pay_price,
          perch_price: line.perch_price,
          tot: toMoneyString(line.tot),
          tax: line.tax,
          // The line's value at cost (what a purchase line brought in, what a sale's goods cost on its date) is
          // written by the cost engine with its movement's value; it stays null on lines that move no stock.
          cost: null,
        })),
      )
      .returning({ id: tradeLine.id });
    lineIds = inserted.map((row) => row.id);
  }
  const stockUnchanged =
    existing !== undefined &&
    !linesChanged &&
    existing.pay_date === values.pay_date &&
    existing.pay_time === values.pay_time &&
    existing.awaiting_lines === values.awaiting_lines;
  const source: PostingSource = {
    store_id: user.store_id,
    yearId,
    source_kind: input.kind,
    source_id: payId,
    date: values.pay_date,
    time: values.pay_time,
    reference: payRef,
  };
  const accounts = posts ? await postingAccounts(tx, user.store_id) : undefined;
  const posting = accounts
    ? postingOf({ ...values, lines: lines.map((line) => ({ ...line, tot: toMoneyString(line.tot) })) }, accounts)
    : undefined;
  const shortages = await repost(
    tx,
    [
      {
        source,
        posting,
        stockUnchanged,
        fresh: existing === undefined,
        lineIds,
        ...(input.originalPayId === undefined ? {} : { returnsOf: input.originalPayId }),
      },
    ],
    accounts ? { accounts } : {},
  );
  if (shortages.length) return stockRefusal(shortages);
  await writeLog(tx, {
    store_id: user.store_id,
    user_id: user.id,
    yearId,
    typee: documentLogAction(existing ? 'update' : 'insert', kindOf(input.kind).name),
    // A snapshot of what was saved: who sold what to whom, at which prices, paid and owed.
    logToken: {
      pay_id: payId,
      pay_ref: payRef,
      cust_id: values.cust_id,
      pay_date: values.pay_date,
      tot_pr: values.tot_pr,
      discount: values.discount,
      pay: values.pay,
      changee: values.changee,
      lines: lines.map((line) => ({
        item_id: line.item_id,
        item_name: line.item_name,
        quantity: line.quantity,
        price: toMoneyString(line.price),
        tot: toMoneyString(line.tot),
      })),
    },
  });
  return ok(payId);
}

async function answerEarlierSave(
  db: DbOrTx,
  storeId: number,
  key: string,
  kind: KindToken,
  hash: string,
): Promise<SaveResult | undefined> {
  const earlier = await earlierSaveWithKey(db, storeId, key, kind, hash);
  if (!earlier?.ok) return earlier;
  const doc = await readDocument(db, storeId, kind, earlier.value);
  return doc ? ok(doc) : fail('NOT_FOUND');
}

export async function readDocument(
  db: DbOrTx,
  storeId: number,
  kind: KindToken,
  payId: number,
): Promise<SavedDocument | undefined> {
  const doc = await findDocument(db, { storeId, kind, payId });
  if (!doc) return undefined;
  return { ...doc, items: await listLines(db, { storeId, kind, payId }) };
}

/** A saved document's header as a save takes it: to save it again under another kind or with other lines. */
export const headerOf = (doc: SavedDocument): TradeHeaderInput => ({
  cust_id: doc.cust_id,
  pay_date: doc.pay_date,
  pay_time: doc.pay_time,
  tot_pr: doc.tot_pr,
  discount: doc.discount,
  pay: doc.pay,
  pay_method: doc.pay_method,
  payComment: doc.payComment,
  nextPay: doc.nextPay,
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
): Promise<SaveResult> {
  return inTransaction(db, async (tx): Promise<SaveResult> => {
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
): Promise<SaveResult> {
  const { header, lines } = changed;
  // One transaction for both: the saved document and the removal of its source, read under its lock (a second
  // conversion of the same document waits, then finds it gone).
  return inTransaction(db, async (tx): Promise<SaveResult> => {
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
