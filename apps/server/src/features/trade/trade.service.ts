import {
  fail,
  invoiceTotals,
  lineTotal,
  mergeLines,
  money,
  ok,
  parseMoney,
  type Result,
  type SessionUser,
  type StockShortage,
  type TradeHeaderInput,
  type TradeLineInput,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type DocumentKind, items, subAccounts, tradeDocument, tradeLine } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import { fromMilli, toMilli } from './quantity.ts';
import { formatReference, kinds } from './trade.kinds.ts';
import { postDocument, unpostDocument } from './trade.posting.ts';
import { availableStock, findDocument, listLines, lockDocument, nextSequence, storeOf } from './trade.queries.ts';

export type SavedDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>> & {
  items: Awaited<ReturnType<typeof listLines>>;
};
/** A save's answer; a sale refused for want of stock also lists the short items (the screen shows them). */
export type SaveResult<T = SavedDocument> = Result<T> & { shortages?: StockShortage[] };

const MONEY_ZERO = money(0n);
const nowTime = () => new Date().toTimeString().slice(0, 8);

/**
 * The store's items of these ids, locked in id order until the transaction ends: two sales of the same items wait
 * for each other instead of both passing the stock check.
 */
export const lockItems = (tx: Tx, storeId: number, ids: number[]) =>
  tx
    .select({
      id: items.id,
      item_name: items.item_name,
      pay_price: items.pay_price,
      perch_price: items.perch_price,
      tax: items.tax,
    })
    .from(items)
    .where(and(eq(items.store_id, storeId), inArray(items.id, ids)))
    .orderBy(items.id)
    .for('update');

/** Lines priced from the input (or the item's own prices), merged by item and price, with their totals. */
async function priceLines(tx: Tx, storeId: number, kind: DocumentKind, input: TradeLineInput[]) {
  const ids = [...new Set(input.map((line) => line.item_id))];
  const found = await lockItems(tx, storeId, ids);
  const byId = new Map(found.map((item) => [item.id, item]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined)
    return fail<never>('ITEM_NOT_FOUND', {
      [`items.${input.findIndex((l) => l.item_id === missing)}.item_id`]: 'ITEM_NOT_FOUND',
    });
  const priceField = kinds[kind].price;
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

async function findShortages(
  tx: Tx,
  storeId: number,
  yearId: number,
  lines: { item_id: number; item_name: string; quantity: string; pay_price: string; perch_price: string }[],
  exceptPayId?: number,
) {
  const requested = new Map<number, bigint>();
  for (const line of lines) requested.set(line.item_id, (requested.get(line.item_id) ?? 0n) + toMilli(line.quantity));
  const available = await availableStock(tx, storeId, yearId, [...requested.keys()], exceptPayId);
  const shortages: StockShortage[] = [];
  for (const [itemId, wanted] of requested) {
    const have = toMilli(available.get(itemId) ?? '0');
    if (wanted <= have) continue;
    const line = lines.find((l) => l.item_id === itemId);
    shortages.push({
      item_id: itemId,
      item_name: line?.item_name ?? '',
      requested_quantity: fromMilli(wanted),
      available_quantity: fromMilli(have),
      shortage: fromMilli(wanted - have),
      perch_price: line?.perch_price ?? '0',
      pay_price: line?.pay_price ?? '0',
    });
  }
  return shortages;
}

export type SaveInput = {
  kind: DocumentKind;
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
};

/**
 * Saves a document in one transaction: checks the party and the items, computes the totals from the lines,
 * refuses a negative remainder, checks stock for a final sale, allocates the reference, writes header and lines,
 * posts stock and ledger, and logs. An edit first removes what the old version posted and replaces its lines.
 */
export async function saveDocument(db: DbOrTx, user: SessionUser, input: SaveInput): Promise<SaveResult> {
  const key = input.idempotencyKey ?? input.header.idempotency_key;
  if (key && input.payId === undefined) {
    const earlier = await readByKey(db, user.store_id, key, input.kind);
    if (earlier) return ok(earlier);
  }
  try {
    return await inTransaction(db, async (tx): Promise<SaveResult> => {
      const yearId = await resolveYearId(tx, input.header.yearId);
      if (yearId === undefined) return fail('YEAR_NOT_FOUND');
      const [party] = await tx
        .select({ id: subAccounts.id })
        .from(subAccounts)
        .where(and(eq(subAccounts.id, input.header.cust_id), eq(subAccounts.store_id, user.store_id)));
      if (!party) return fail('ACCOUNT_NOT_FOUND', { cust_id: 'ACCOUNT_NOT_FOUND' });

      // Every save locks in one order: the document it changes, its items, the reference counter, then balances,
      // so two saves never wait for each other in a circle.
      if (input.payId !== undefined && !(await lockDocument(tx, user.store_id, input.kind, input.payId)))
        return fail('NOT_FOUND');
      const priced = input.lines ? await priceLines(tx, user.store_id, input.kind, input.lines) : ok([]);
      if (!priced.ok) return priced;

      let existing: Awaited<ReturnType<typeof findDocument>>;
      if (input.payId !== undefined) {
        existing = await findDocument(tx, { storeId: user.store_id, kind: input.kind, payId: input.payId });
        if (!existing) return fail('NOT_FOUND');
        if (!input.allowReshape && existing.value_only !== (input.lines === undefined))
          return fail('DOCUMENT_NOT_EDITABLE');
        await unpostDocument(tx, input.kind, existing.pay_id);
        await tx.delete(tradeLine).where(eq(tradeLine.pay_id, existing.pay_id));
      }

      const gross = input.lines ? priced.value : (parseMoney(input.header.tot_pr ?? '') ?? MONEY_ZERO);
      const totals = invoiceTotals(
        gross,
        parseMoney(input.header.discount) ?? MONEY_ZERO,
        parseMoney(input.header.pay) ?? MONEY_ZERO,
      );
      if (!totals.ok) {
        if (totals.problem === 'DISCOUNT_EXCEEDS_TOTAL')
          return fail('DISCOUNT_EXCEEDS_TOTAL', { discount: 'DISCOUNT_EXCEEDS_TOTAL' });
        return fail('NEGATIVE_REMAINDER', { pay: 'NEGATIVE_REMAINDER' });
      }

      const storeRow = await storeOf(tx, user.store_id);
      if (input.kind === 'pay' && input.lines && !storeRow.allow_negative_stock) {
        const short = await findShortages(tx, user.store_id, yearId, priced.value, existing?.pay_id);
        if (short.length) {
          const fields = Object.fromEntries(short.map((s) => [`item.${s.item_id}`, 'STOCK_INSUFFICIENT']));
          return { ...fail('STOCK_INSUFFICIENT', fields), shortages: short };
        }
      }

      const values = {
        kind: input.kind,
        value_only: input.lines === undefined,
        store_id: user.store_id,
        yearId,
        user_id: user.id,
        cust_id: input.header.cust_id,
        tot_pr: toMoneyString(totals.totals.tot_pr),
        discount: toMoneyString(totals.totals.discount),
        pay: toMoneyString(totals.totals.pay),
        changee: toMoneyString(totals.totals.changee),
        pay_date: input.header.pay_date,
        pay_time: input.header.pay_time ?? existing?.pay_time ?? nowTime(),
        pay_method: input.header.pay_method,
        payComment: input.header.payComment,
        nextPay: input.header.nextPay ?? null,
      };
      let payId: number;
      let payRef: string;
      if (existing) {
        await tx.update(tradeDocument).set(values).where(eq(tradeDocument.pay_id, existing.pay_id));
        payId = existing.pay_id;
        payRef = existing.pay_ref;
      } else {
        payRef = formatReference(
          storeRow.store_ref,
          input.kind,
          await nextSequence(tx, user.store_id, yearId, input.kind),
        );
        const [inserted] = await tx
          .insert(tradeDocument)
          .values({ ...values, pay_ref: payRef, idempotency_key: key ?? null })
          .returning({ pay_id: tradeDocument.pay_id });
        if (!inserted) throw new Error('document insert returned nothing');
        payId = inserted.pay_id;
      }
      if (priced.value.length) {
        await tx.insert(tradeLine).values(
          priced.value.map((line) => ({
            pay_id: payId,
            store_id: user.store_id,
            item_id: line.item_id,
            item_name: line.item_name,
            quantity: line.quantity,
            pay_price: line.pay_price,
            perch_price: line.perch_price,
            tot: toMoneyString(line.tot),
            tax: line.tax,
          })),
        );
      }
      await postDocument(tx, { ...values, pay_id: payId }, priced.value);
      await writeLog(tx, {
        store_id: user.store_id,
        user_id: user.id,
        yearId,
        typee: `${existing ? 'update' : 'insert'} ${kinds[input.kind].label}`,
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
          lines: priced.value.map((line) => ({
            item_id: line.item_id,
            item_name: line.item_name,
            quantity: line.quantity,
            price: toMoneyString(line.price),
            tot: toMoneyString(line.tot),
          })),
        },
      });
      const saved = await readDocument(tx, user.store_id, input.kind, payId);
      return saved ? ok(saved) : fail('NOT_FOUND');
    });
  } catch (error) {
    // Two retries of one save raced: the second hit the idempotency index; answer the first document.
    if (key && violatedUniqueIndex(error) === 'trade_document_idem_uq') {
      const earlier = await readByKey(db, user.store_id, key, input.kind);
      if (earlier) return ok(earlier);
    }
    throw error;
  }
}

export async function readDocument(
  db: DbOrTx,
  storeId: number,
  kind: DocumentKind,
  payId: number,
): Promise<SavedDocument | undefined> {
  const doc = await findDocument(db, { storeId, kind, payId });
  if (!doc) return undefined;
  return { ...doc, items: await listLines(db, { storeId, kind, payId }) };
}

async function readByKey(db: DbOrTx, storeId: number, key: string, kind: DocumentKind) {
  const [row] = await db
    .select({ pay_id: tradeDocument.pay_id })
    .from(tradeDocument)
    .where(
      and(eq(tradeDocument.store_id, storeId), eq(tradeDocument.idempotency_key, key), eq(tradeDocument.kind, kind)),
    );
  return row ? readDocument(db, storeId, kind, row.pay_id) : undefined;
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

/** Deletes a document with its lines and everything it posted. */
export function deleteDocument(
  db: DbOrTx,
  user: SessionUser,
  kind: DocumentKind,
  payId: number,
): Promise<Result<{ pay_id: number }>> {
  return inTransaction(db, (tx) => removeDocument(tx, user, kind, payId));
}

async function removeDocument(
  tx: Tx,
  user: SessionUser,
  kind: DocumentKind,
  payId: number,
): Promise<Result<{ pay_id: number }>> {
  if (!(await lockDocument(tx, user.store_id, kind, payId))) return fail('NOT_FOUND');
  const doc = await findDocument(tx, { storeId: user.store_id, kind, payId });
  if (!doc) return fail('NOT_FOUND');
  await unpostDocument(tx, kind, payId);
  await tx.delete(tradeDocument).where(eq(tradeDocument.pay_id, payId));
  await writeLog(tx, {
    store_id: user.store_id,
    user_id: user.id,
    yearId: doc.yearId,
    typee: `delete ${kinds[kind].label}`,
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
 * check), or a final one is demoted to preliminary. The new document gets its own reference.
 */
export async function convertDocument(
  db: DbOrTx,
  user: SessionUser,
  from: DocumentKind,
  to: DocumentKind,
  payId: number,
  header?: TradeHeaderInput,
  lines?: TradeLineInput[],
): Promise<SaveResult> {
  // One transaction for both: the saved document and the removal of its source, read under its lock (a second
  // conversion of the same document waits, then finds it gone).
  return inTransaction(db, async (tx): Promise<SaveResult> => {
    if (!(await lockDocument(tx, user.store_id, from, payId))) return fail('NOT_FOUND');
    const source = await readDocument(tx, user.store_id, from, payId);
    if (!source) return fail('NOT_FOUND');
    const newHeader = header ?? headerOf(source);
    const newLines = lines ?? (source.value_only ? undefined : linesOf(source));
    if (newLines) await lockItems(tx, user.store_id, [...new Set(newLines.map((line) => line.item_id))]);
    const removed = await removeDocument(tx, user, from, payId);
    if (!removed.ok) return fail(removed.code, removed.fields);
    return saveDocument(tx, user, { kind: to, header: newHeader, lines: newLines });
  });
}

/** The final-sale stock rule for a list of items (`items/validateStockQuantity`), without saving anything. */
export async function checkStock(
  db: DbOrTx,
  storeId: number,
  requestedYear: number | undefined,
  list: { item_id: number; quantity: string }[],
) {
  return db.transaction(async (tx) => {
    const yearId = await resolveYearId(tx, requestedYear);
    if (yearId === undefined) return [];
    const ids = [...new Set(list.map((line) => line.item_id))];
    const found = await tx
      .select({ id: items.id, item_name: items.item_name, pay_price: items.pay_price, perch_price: items.perch_price })
      .from(items)
      .where(and(eq(items.store_id, storeId), inArray(items.id, ids)));
    const byId = new Map(found.map((item) => [item.id, item]));
    const lines = list.flatMap((line) => {
      const item = byId.get(line.item_id);
      return item ? [{ ...item, item_id: item.id, quantity: line.quantity }] : [];
    });
    return findShortages(tx, storeId, yearId, lines);
  });
}
