/**
 * Sales and purchase returns. A return is a trade document of its own kind (`sales_returns`, `purchase_returns`)
 * linked to its original invoice, so it is saved by the same `saveDocument` as every invoice: its reference comes
 * from its kind's counter, its stock check, posting (by its kind's rule), idempotency and activity log are the
 * invoices'. What is particular to a return is checked here first, under the original's lock: the original exists
 * in the store and year, and no line takes back more than is left of it or pays back more than it cost.
 */
import {
  type ExistingReturns,
  fail,
  type KindToken,
  kindOf,
  money,
  ok,
  parseMoney,
  type Result,
  type ReturnHeaderInput,
  type ReturnKindToken,
  type ReturnLineInput,
  type ReturnWithLines,
  type SessionUser,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { tradeDocument } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import { lockDocument } from '../trade/trade.queries.ts';
import { deleteDocument, saveDocument } from '../trade/trade.service.ts';
import {
  findOriginal,
  listReturnLines,
  listReturns,
  originalLines,
  type ReturnFilter,
  returnedLines,
  returnsOf,
} from './returns.queries.ts';
import { checkReturnLines, itemCharges, refundDiscount, returnableLines } from './returns.rules.ts';

/** The kind of invoice a return kind takes goods back from. */
const originalKindOf = (kind: ReturnKindToken) => kindOf(kind).returnOf as KindToken;

export type ReturnSave = {
  kind: ReturnKindToken;
  header: ReturnHeaderInput & { yearId: number };
  lines: ReturnLineInput[];
  /** The return being replaced (an edit), if any. */
  returnId?: number;
  idempotencyKey?: string | undefined;
};

/** One return with its lines, by id or reference, in the store (and year, when given). */
export async function readReturn(db: DbOrTx, filter: ReturnFilter): Promise<ReturnWithLines | undefined> {
  const [doc] = await listReturns(db, filter, 1);
  if (!doc) return undefined;
  return { ...doc, items: await listReturnLines(db, filter.kind, doc.return_id) };
}

/**
 * The original invoice and, per item, what it had, what returns took back (all but `exceptReturnId`) and what is
 * left. Undefined when the store has no such invoice in the year (a deleted one included).
 */
async function loadOriginal(
  tx: DbOrTx,
  storeId: number,
  kind: ReturnKindToken,
  yearId: number,
  payRef: string,
  exceptReturnId?: number,
) {
  const originalKind = originalKindOf(kind);
  const original = await findOriginal(tx, storeId, originalKind, yearId, payRef);
  if (!original) return undefined;
  const lines = await originalLines(tx, originalKind, original.pay_id);
  const returned = await returnedLines(tx, original.pay_id, exceptReturnId);
  return { original, lines, returned, returnable: returnableLines(original, lines, returned) };
}

/** `checkExistingReturns`: the original with, per item, the quantities already returned and still returnable. */
export async function existingReturns(
  db: DbOrTx,
  storeId: number,
  kind: ReturnKindToken,
  yearId: number,
  payRef: string,
): Promise<Result<ExistingReturns>> {
  const loaded = await loadOriginal(db, storeId, kind, yearId, payRef);
  if (!loaded) return fail('ORIGINAL_NOT_FOUND', { original_pay_ref: 'ORIGINAL_NOT_FOUND' });
  return ok({ data: loaded.returnable, original: loaded.original });
}

/**
 * The return an earlier save with this key made, if any: a retry is checked as if that return were not there yet,
 * so it arrives at the same lines and `saveDocument` answers the first return (or refuses other content).
 */
async function earlierReturnId(tx: DbOrTx, storeId: number, key: string | undefined) {
  if (!key) return undefined;
  const [row] = await tx
    .select({ pay_id: tradeDocument.pay_id })
    .from(tradeDocument)
    .where(and(eq(tradeDocument.store_id, storeId), eq(tradeDocument.idempotency_key, key)));
  return row?.pay_id;
}

/**
 * Saves a return (new, or replacing `returnId`) in one transaction: the original is locked first, so two returns of
 * one invoice (or a return and an edit of the invoice) wait for each other and never both take the last unit back.
 */
export function saveReturn(db: DbOrTx, user: SessionUser, input: ReturnSave): Promise<SaveResult<ReturnWithLines>> {
  const { kind, header } = input;
  const key = input.returnId === undefined ? (input.idempotencyKey ?? header.idempotency_key) : undefined;
  return inTransaction(db, async (tx: Tx): Promise<SaveResult<ReturnWithLines>> => {
    const originalKind = originalKindOf(kind);
    const found = await findOriginal(tx, user.store_id, originalKind, header.yearId, header.original_pay_ref);
    if (!found || !(await lockDocument(tx, user.store_id, originalKind, found.pay_id)))
      return fail('ORIGINAL_NOT_FOUND', { original_pay_ref: 'ORIGINAL_NOT_FOUND' });
    if (header.cust_id !== undefined && header.cust_id !== found.cust_id)
      return fail('VALIDATION_FAILED', { cust_id: 'NOT_THE_ORIGINAL_PARTY' });
    if (input.returnId !== undefined) {
      const [edited] = await tx
        .select({ original_pay_id: tradeDocument.original_pay_id })
        .from(tradeDocument)
        .where(
          and(
            eq(tradeDocument.pay_id, input.returnId),
            eq(tradeDocument.store_id, user.store_id),
            eq(tradeDocument.kind, kind),
          ),
        );
      if (!edited) return fail('NOT_FOUND');
      // A return stays a return of its own invoice.
      if (edited.original_pay_id !== found.pay_id)
        return fail('DOCUMENT_NOT_EDITABLE', { original_pay_ref: 'DOCUMENT_NOT_EDITABLE' });
    }

    const exceptReturnId = input.returnId ?? (await earlierReturnId(tx, user.store_id, key));
    const loaded = await loadOriginal(tx, user.store_id, kind, header.yearId, header.original_pay_ref, exceptReturnId);
    if (!loaded) return fail('ORIGINAL_NOT_FOUND', { original_pay_ref: 'ORIGINAL_NOT_FOUND' });
    const checked = checkReturnLines(loaded.returnable, input.lines);
    if (!checked.ok) return checked;
    // Never more back than the original charged for these units: the rounding above it comes off as a discount.
    const others = await returnsOf(tx, found.pay_id, exceptReturnId);
    const discount = refundDiscount({
      charges: itemCharges(loaded.original.discount, loaded.lines),
      returned: loaded.returned,
      refunded: money(others.reduce((total, row) => total + (parseMoney(row.refunded) ?? 0n), 0n)),
      lines: checked.value.lines,
      discount: parseMoney(header.discount) ?? money(0n),
    });

    // The price that is not the kind's own keeps the original line's (the cost of a sale, the price of a purchase).
    const otherPrice = new Map(loaded.lines.map((line) => [line.item_id, line]));
    const priceField = kindOf(kind).price;
    const saved = await saveDocument(tx, user, {
      kind,
      header: {
        cust_id: found.cust_id,
        pay_date: header.return_date,
        pay_time: header.return_time,
        discount: toMoneyString(discount),
        pay: header.pay,
        pay_method: header.return_method,
        payComment: header.returnComment,
        yearId: header.yearId,
        idempotency_key: key,
      },
      lines: checked.value.lines.map((line) => {
        const price = toMoneyString(line.price);
        const source = otherPrice.get(line.item_id);
        return priceField === 'pay_price'
          ? { item_id: line.item_id, quantity: line.quantity, pay_price: price, perch_price: source?.perch_price }
          : { item_id: line.item_id, quantity: line.quantity, perch_price: price, pay_price: source?.pay_price };
      }),
      payId: input.returnId,
      idempotencyKey: key,
      // A sales return's goods come back at the cost their sale took them out at, not at today's average.
      originalPayId: found.pay_id,
    });
    if (!saved.ok) return saved;
    const returnId = saved.value.pay_id;
    await tx
      .update(tradeDocument)
      .set({
        return_reason: header.return_reason ?? null,
        is_full_return: checked.value.takesAll,
      })
      .where(eq(tradeDocument.pay_id, returnId));
    // Each saved line (one per item) keeps the original's unit price, in one statement for all of them.
    const prices = checked.value.lines;
    await tx.execute(sql`
      update trade_line l set original_price = u.price
      from unnest(${arrayOf(prices.map((line) => line.item_id))}::int[],
                  ${arrayOf(prices.map((line) => line.original_price))}::numeric[]) as u(item_id, price)
      where l.pay_id = ${returnId} and l.item_id = u.item_id`);
    const doc = await readReturn(tx, { storeId: user.store_id, kind, returnId });
    return doc ? ok(doc) : fail('NOT_FOUND');
  });
}

/** Deletes a return: its stock and postings are taken back (a sales return's goods must still be in stock). */
export const deleteReturn = (db: DbOrTx, user: SessionUser, kind: ReturnKindToken, returnId: number) =>
  deleteDocument(db, user, kind, returnId).then((result) =>
    result.ok ? ok({ return_id: result.value.pay_id }) : result,
  );
