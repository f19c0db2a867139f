/**
 * The return family's save, in the pipeline's steps (features/book/savePipeline.ts). A return is a trade document
 * of its own kind (`sales_returns`, `purchase_returns`) linked to its original invoice, so it is written by the
 * trade module: its reference, stock check, posting (its kind's rule), idempotency and log are the invoices'. What
 * is particular to a return comes first: its original is loaded under the original's lock (two returns of one
 * invoice, or a return and an edit of it, wait for each other and never both take the last unit back), and its
 * lines are fitted to what is left of the original and to what the original charged for them.
 */
import {
  fail,
  type KindToken,
  kindOf,
  money,
  ok,
  parseMoney,
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
import { asStoredTime } from '../../lib/clock.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { refuse } from '../../lib/transaction.ts';
import type { DocumentModule } from '../book/savePipeline.ts';
import { findYear, isInsideYear } from '../organisation/currentYear.ts';
import { lockDocument } from '../trade/trade.queries.ts';
import type { SaveInput } from '../trade/trade.save.ts';
import { saveDocument } from '../trade/trade.service.ts';
import { findOriginal, originalLines, readReturn, returnedLines, returnsOf } from './returns.queries.ts';
import {
  checkReturnLines,
  itemCharges,
  itemVat,
  refundDiscount,
  returnableLines,
  returnVatSlices,
} from './returns.rules.ts';

export type ReturnSave = {
  kind: ReturnKindToken;
  header: ReturnHeaderInput & { yearId: number };
  lines: ReturnLineInput[];
  /** The return being replaced (an edit), if any. */
  returnId?: number;
  idempotencyKey?: string | undefined;
};

/** The kind of invoice a return kind takes goods back from. */
const originalKindOf = (kind: ReturnKindToken) => kindOf(kind).returnOf as KindToken;

/**
 * The original invoice and, per item, what it had, what returns took back (all but `exceptReturnId`) and what is
 * left. Undefined when the store has no such invoice in the year (a deleted one included).
 */
export async function loadOriginal(
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

/**
 * The return an earlier save with this key made, if any: a retry is checked as if that return were not there yet,
 * so it arrives at the same lines and the trade save answers the first return (or refuses other content).
 */
async function earlierReturnId(tx: DbOrTx, storeId: number, key: string | undefined) {
  if (!key) return undefined;
  const [row] = await tx
    .select({ pay_id: tradeDocument.pay_id })
    .from(tradeDocument)
    .where(and(eq(tradeDocument.store_id, storeId), eq(tradeDocument.idempotency_key, key)));
  return row?.pay_id;
}

/** The original under its lock, the return an edit replaces, and what the original's other returns took and refunded. */
async function load(tx: Tx, user: SessionUser, input: ReturnSave) {
  const { kind, header } = input;
  const key = input.returnId === undefined ? (input.idempotencyKey ?? header.idempotency_key) : undefined;
  const originalKind = originalKindOf(kind);
  const found = await findOriginal(tx, user.store_id, originalKind, header.yearId, header.original_pay_ref);
  if (!found || !(await lockDocument(tx, user.store_id, originalKind, found.pay_id)))
    return fail<never>('ORIGINAL_NOT_FOUND', { original_pay_ref: 'ORIGINAL_NOT_FOUND' });
  if (header.cust_id !== undefined && header.cust_id !== found.cust_id)
    return fail<never>('VALIDATION_FAILED', { cust_id: 'NOT_THE_ORIGINAL_PARTY' });
  // Its goods come back at what the original took out: on the book's dates it comes after the original (a date
  // outside the return's year is refused first, as any document's).
  const accountingYear = await findYear(tx, header.yearId);
  if (accountingYear && !isInsideYear(header.return_date, accountingYear))
    return fail<never>('DATE_OUTSIDE_YEAR', { pay_date: 'DATE_OUTSIDE_YEAR' });
  const sameDayEarlier =
    header.return_date === found.pay_date &&
    header.return_time !== undefined &&
    asStoredTime(header.return_time) < found.pay_time;
  if (header.return_date < found.pay_date || sameDayEarlier)
    return fail<never>('RETURN_BEFORE_ORIGINAL', { return_date: 'RETURN_BEFORE_ORIGINAL' });
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
    if (!edited) return fail<never>('NOT_FOUND');
    // A return stays a return of its own invoice.
    if (edited.original_pay_id !== found.pay_id)
      return fail<never>('DOCUMENT_NOT_EDITABLE', { original_pay_ref: 'DOCUMENT_NOT_EDITABLE' });
  }
  const exceptReturnId = input.returnId ?? (await earlierReturnId(tx, user.store_id, key));
  const loaded = await loadOriginal(tx, user.store_id, kind, header.yearId, header.original_pay_ref, exceptReturnId);
  if (!loaded) return fail<never>('ORIGINAL_NOT_FOUND', { original_pay_ref: 'ORIGINAL_NOT_FOUND' });
  const others = await returnsOf(tx, found.pay_id, exceptReturnId);
  return ok({ input, key, originalId: found.pay_id, partyId: found.cust_id, ...loaded, others });
}

type Loaded = Extract<Awaited<ReturnType<typeof load>>, { ok: true }>['value'];

/**
 * The return's lines against what is left of the original (`checkReturnLines`), its refund held to what the
 * original charged for these units (`refundDiscount`), and the trade document it is saved as: the original's party,
 * each line at the return's price, and the price that is not the kind's own kept from the original's line (the
 * cost of a sale, the price of a purchase).
 */
function check(loaded: Loaded) {
  const { input, key, originalId, partyId } = loaded;
  const { kind, header } = input;
  const checked = checkReturnLines(loaded.returnable, input.lines);
  if (!checked.ok) return checked;
  // Never more back than the original charged for these units: the rounding above it comes off as a discount.
  const charges = itemCharges(loaded.original.discount, loaded.lines);
  const refund = {
    charges,
    returned: loaded.returned,
    refunded: money(loaded.others.reduce((total, row) => total + (parseMoney(row.refunded) ?? 0n), 0n)),
    lines: checked.value.lines,
  };
  const asked = parseMoney(header.discount) ?? money(0n);
  const discount = refundDiscount({ ...refund, discount: asked });
  // And its VAT is its units' slice of what the original charged: in parts, the last takes what is left.
  const returnVat = returnVatSlices({
    charges,
    vat: itemVat(loaded.lines),
    returned: loaded.returned,
    lines: checked.value.lines,
    extraDiscount: asked > refundDiscount({ ...refund, discount: money(0n) }),
  });
  const otherPrice = new Map(loaded.lines.map((line) => [line.item_id, line]));
  const priceField = kindOf(kind).price;
  const document: SaveInput = {
    kind,
    header: {
      cust_id: partyId,
      pay_date: header.return_date,
      pay_time: header.return_time,
      discount: toMoneyString(discount),
      pay: header.pay,
      pay_method: header.return_method,
      payComment: header.returnComment,
      yearId: header.yearId,
      idempotency_key: key,
      till: header.till,
      shift_id: header.shift_id,
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
    originalPayId: originalId,
    returnVat,
  };
  return ok({ kind, header, document, lines: checked.value.lines, takesAll: checked.value.takesAll });
}

type Checked = Extract<ReturnType<typeof check>, { ok: true }>['value'];

/**
 * Saves the return as a trade document (the trade module, nested: its items' locks, its rules, its posting and its
 * log), then what only a return has: its reason, whether it takes everything back, and each line's original price.
 */
async function write(tx: Tx, user: SessionUser, checked: Checked) {
  const saved = await saveDocument(tx, user, checked.document);
  // A refusal of the trade save (stock, totals, a closed year) is the return's, with what it carries.
  if (!saved.ok) refuse(saved);
  const returnId = saved.value.pay_id;
  await tx
    .update(tradeDocument)
    .set({ return_reason: checked.header.return_reason ?? null, is_full_return: checked.takesAll })
    .where(eq(tradeDocument.pay_id, returnId));
  // Each saved line (one per item) keeps the original's unit price, in one statement for all of them.
  const prices = checked.lines;
  await tx.execute(sql`
    update trade_line l set original_price = u.price
    from unnest(${arrayOf(prices.map((line) => line.item_id))}::int[],
                ${arrayOf(prices.map((line) => line.original_price))}::numeric[]) as u(item_id, price)
    where l.pay_id = ${returnId} and l.item_id = u.item_id`);
  return {
    // Posted and logged by the trade save.
    postings: [],
    answer: async (reader: DbOrTx) => {
      const doc = await readReturn(reader, { storeId: user.store_id, kind: checked.kind, returnId });
      return doc ? ok(doc) : fail<ReturnWithLines>('NOT_FOUND');
    },
  };
}

export const returnSave: DocumentModule<ReturnSave, Loaded, Checked, ReturnWithLines> = { load, check, write };
