/**
 * The trade family's save (invoices, orders, and the returns, which are trade documents of their own kinds), in the
 * pipeline's steps (features/book/savePipeline.ts): load the year, the party, the document it replaces and its
 * items under their locks; check the invoice arithmetic and what the kind's rule posts; write the header (a new one
 * gets its reference from its kind's counter) and its lines. Only what changed is posted again: an edit that keeps
 * the lines, the date and the time (a payment, a note, a due date) replaces the money lines and no stock or cost.
 */
import { randomUUID } from 'node:crypto';
import {
  documentLogAction,
  documentVatTerms,
  fail,
  isWalkInCustomer,
  type KindToken,
  keptDiscountPercent,
  kindOf,
  lineTotal,
  mergeLines,
  money,
  ok,
  parseMoney,
  partySides,
  type Result,
  referencePrefix,
  type SaleDevice,
  type SessionUser,
  subjectOfKind,
  type TradeHeaderInput,
  type TradeLineInput,
  toMoneyString,
  type VatTerms,
  vatTermsOf,
} from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { paymentAllocation, tradeDocument, tradeLine } from '../../db/schema.ts';
import { asStoredTime, nowTime, today } from '../../lib/clock.ts';
import { belowCostRefusal, discountRefusal, documentRefusal, valueOnlyRefusal } from '../book/documentPermissions.ts';
import type { DocumentModule, Written } from '../book/savePipeline.ts';
import { yearOpenUnless } from '../book/yearLock.ts';
import { isInsideYear } from '../organisation/currentYear.ts';
import { type Posting, postingOf } from '../posting/posting.rules.ts';
import { type PostingSource, postingAccountsOf } from '../posting/posting.ts';
import { movedItems } from '../posting/repost.ts';
import { pricesForList } from '../priceLists/priceLists.queries.ts';
import { refuseEditWithReturns } from '../returns/returns.guard.ts';
import { type ReturnVat, returnLineVat } from '../returns/returns.rules.ts';
import { shiftOfSale } from '../shifts/shiftOfSale.ts';
import { lateSaleOfClosedShift } from '../shifts/shifts.service.ts';
import { type LockedItem, lockStockItems } from '../stock/stockCheck.ts';
import { isDeviceCounterHeld } from './deviceCounters.queries.ts';
import { sameSave } from './trade.idempotency.ts';
import {
  findDocument,
  insertHeaderWithLines,
  insertLines,
  lockDocument,
  moneyAccountOf,
  nextReferenceSql,
  readDocument,
  type SavedDocument,
} from './trade.queries.ts';
import { checkedTotals, sameLines } from './trade.rules.ts';
import { lockStoreOfSave, readYearAndParty } from './trade.saveReads.ts';

export type SaveInput = {
  kind: KindToken;
  /** Its `yearId` is the year the route resolved for the request (see organisation/currentYear.ts). */
  header: TradeHeaderInput;
  /** undefined: a value-only invoice (the header's tot_pr is the total). */
  lines: TradeLineInput[] | undefined;
  /** The document being replaced (an edit), if any. */
  payId?: number;
  idempotencyKey?: string | undefined;
  /** The device a new sale was made on and its number there (docs/offline.md). */
  device?: SaleDevice | undefined;
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
  /**
   * A return's VAT per item: its slice of what its original charged (returns.rules.ts `returnVatSlices`), so a line
   * returned in parts gives back exactly its VAT.
   */
  returnVat?: ReturnVat | undefined;
};

/** A save as the pipeline takes it: with the idempotency key a new document keeps, and the hash of its content. */
type TradeSave = SaveInput & {
  idempotency: {
    key: string | undefined;
    hash: string | undefined;
    /**
     * Set by the load when an earlier save used the key: what the save answers instead (that document, or the
     * key's reuse refused). The load then stops the save, and nothing is written.
     */
    earlier?: Result<Booked>;
  };
};

const MONEY_ZERO = money(0n);

/**
 * Lines priced from the input (or, for a selling price not sent, the customer's list price `listed`, then the item's
 * own prices: its card, read with its lock), merged by item and price.
 */
function priceLines(
  kind: KindToken,
  input: TradeLineInput[],
  cards: Map<number, LockedItem>,
  listed: ReadonlyMap<number, string> = new Map(),
) {
  const missing = input.findIndex((line) => !cards.has(line.item_id));
  if (missing >= 0) return fail<never>('ITEM_NOT_FOUND', { [`items.${missing}.item_id`]: 'ITEM_NOT_FOUND' });
  const priceField = kindOf(kind).price;
  const priced = input.map((line) => {
    const item = cards.get(line.item_id);
    if (!item) throw new Error('unreachable');
    const pay_price = line.pay_price ?? listed.get(item.id) ?? item.pay_price;
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
 * A sale's lines sent without a price sell at the customer's list price (docs/price-lists.md): read only when one
 * is missing and the customer carries a list; the item's own price stays the fallback.
 */
async function listPricesOfLines(
  tx: Tx,
  storeId: number,
  input: TradeSave,
  party: { price_list_id: number | null },
): Promise<Map<number, string>> {
  const spec = kindOf(input.kind);
  const unpriced = (input.lines ?? []).filter((line) => line.pay_price === undefined).map((line) => line.item_id);
  const sells = spec.price === 'pay_price' && spec.party === 'customer' && spec.family === 'trade';
  if (!sells || party.price_list_id === null || unpriced.length === 0) return new Map();
  const prices = await pricesForList(tx, storeId, party.price_list_id, unpriced);
  return new Map(prices.filter((row) => row.listed).map((row) => [row.item_id, row.price]));
}

type ExistingDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/**
 * What the user's role permits of the document's content before anything else is read (documentPermissions.ts): a
 * new one's date, value only, the discount against the role's limit, a sale below its items' cost price.
 */
async function refuseByPermissions(
  tx: Tx,
  user: SessionUser,
  input: TradeSave,
  lines: { item_id: number; price: bigint; tot: bigint }[],
  cards: Map<number, LockedItem>,
): Promise<Extract<Result<never>, { ok: false }> | undefined> {
  const spec = kindOf(input.kind);
  const refusal =
    (input.payId === undefined
      ? documentRefusal(user, {
          subject: subjectOfKind[input.kind],
          posts: spec.posting !== 'nothing',
          today: today(),
          date: input.header.pay_date,
          // Asked only of a sale dated before today (the one case the midnight rule decides), not of every sale.
          madeOnDevice:
            input.device !== undefined &&
            subjectOfKind[input.kind] === 'sale' &&
            input.header.pay_date !== undefined &&
            input.header.pay_date < today() &&
            !(await isDeviceCounterHeld(tx, user.store_id, input.device)),
        })
      : undefined) ??
    valueOnlyRefusal(user, input.lines === undefined) ??
    (spec.payment && input.header.discount !== undefined
      ? discountRefusal(
          user,
          input.header.discount,
          lines.reduce((sum, line) => sum + line.tot, 0n),
        )
      : undefined);
  if (refusal) return refusal as Extract<Result<never>, { ok: false }>;
  const sells = spec.price === 'pay_price' && spec.party === 'customer' && spec.family === 'trade';
  if (!sells || lines.length === 0 || user.permissions.includes('priceBelowCost')) return undefined;
  return belowCostRefusal(
    user,
    lines.map((line) => ({ price: line.price, costPrice: cards.get(line.item_id)?.perch_price ?? '0' })),
  ) as Extract<Result<never>, { ok: false }> | undefined;
}

/** The lines a document has now, to tell an edit that keeps them (only money changes) from one that does not. */
const savedLines = (tx: Tx, payId: number) =>
  tx
    .select({
      id: tradeLine.id,
      item_id: tradeLine.item_id,
      quantity: tradeLine.quantity,
      pay_price: tradeLine.pay_price,
      perch_price: tradeLine.perch_price,
      tot: tradeLine.tot,
      tax: tradeLine.tax,
      vat: tradeLine.vat,
    })
    .from(tradeLine)
    .where(eq(tradeLine.pay_id, payId))
    .orderBy(tradeLine.id);

/**
 * What a save depends on, read under its locks and in one order for every save (the document it changes, then its
 * items; the reference counter and the balances come later, when written), so two saves never wait in a circle.
 * Refuses an unknown year, a party of the wrong side, a missing item, an edit that would move the document to
 * another year or change its shape, and an edit of an invoice that its returns hold still (the refusal names them).
 */
async function load(tx: Tx, user: SessionUser, input: TradeSave) {
  if (input.header.yearId === undefined) return fail<never>('YEAR_REQUIRED', { yearId: 'YEAR_REQUIRED' });
  const { accountingYear, party, earlier } = await readYearAndParty(
    tx,
    input.header.yearId,
    user.store_id,
    input.header.cust_id,
    input.payId === undefined ? input.idempotency.key : undefined,
  );
  // A retry of a save already made (its key is on a document): answered that document, before any other refusal.
  if (earlier && input.idempotency.hash !== undefined) {
    input.idempotency.earlier = sameSave(earlier, input.kind, input.idempotency.hash);
    return fail<never>('IDEMPOTENCY_KEY_REUSED', { idempotency_key: 'IDEMPOTENCY_KEY_REUSED' });
  }
  if (!accountingYear) return fail<never>('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
  if (!party) return fail<never>('ACCOUNT_NOT_FOUND', { cust_id: 'ACCOUNT_NOT_FOUND' });
  // A sale to the sales account (or any non-customer) would net revenue away: the party must be on its side.
  const { accountClass, wrongParty } = partySides[kindOf(input.kind).party];
  if (party.ac_id !== accountClass) return fail<never>(wrongParty, { cust_id: wrongParty });

  if (input.payId !== undefined && !(await lockDocument(tx, user.store_id, input.kind, input.payId)))
    return fail<never>('NOT_FOUND');
  const before = input.payId !== undefined ? await movedItems(tx, input.kind, input.payId) : [];
  // Every item whose stock (and average cost) the save changes is locked, in id order, before any is read: the
  // items the old version moved as well as the new lines'. Their cards come with the lock.
  const locked = await lockStockItems(tx, user.store_id, [
    ...before,
    ...(input.lines ?? []).map((line) => line.item_id),
  ]);
  const cards = new Map(locked.map((item) => [item.id, item]));
  const priced = input.lines
    ? priceLines(input.kind, input.lines, cards, await listPricesOfLines(tx, user.store_id, input, party))
    : ok([]);
  if (!priced.ok) return priced;
  // A return takes back the VAT its invoice charged: under the invoice's terms and at the original line's rate,
  // whatever the company's settings and the item's rate are now.
  let originalTerms: VatTerms | undefined;
  if (input.originalPayId !== undefined) {
    const original = await tx
      .select({
        item_id: tradeLine.item_id,
        tax: tradeLine.tax,
        vat_charged: tradeDocument.vat_charged,
        vat_included: tradeDocument.vat_included,
      })
      .from(tradeDocument)
      .leftJoin(tradeLine, eq(tradeLine.pay_id, tradeDocument.pay_id))
      .where(eq(tradeDocument.pay_id, input.originalPayId));
    if (original[0]) originalTerms = documentVatTerms(original[0]);
    const rateOf = new Map(original.map((line) => [line.item_id, line.tax]));
    for (const line of priced.value) line.tax = rateOf.get(line.item_id) ?? line.tax;
  }
  const refused = await refuseByPermissions(tx, user, input, priced.value, cards);
  if (refused) return refused;

  let existing: ExistingDocument | undefined;
  if (input.payId !== undefined) {
    existing = await findDocument(tx, { storeId: user.store_id, kind: input.kind, payId: input.payId });
    if (!existing) return fail<never>('NOT_FOUND');
    // An edit never moves a document to another year: its stock and postings belong to its own.
    if (existing.yearId !== accountingYear.id)
      return fail<never>('DOCUMENT_IN_OTHER_YEAR', { yearId: 'DOCUMENT_IN_OTHER_YEAR' });
    // Whose document it is and which day it is of, as the user's role permits (a cashier's stays on today's own).
    const byRole = documentRefusal(user, {
      subject: subjectOfKind[input.kind],
      posts: kindOf(input.kind).posting !== 'nothing',
      today: today(),
      before: { user_id: existing.user_id, date: existing.pay_date },
      date: input.header.pay_date,
    });
    if (byRole) return byRole;
    if (!input.allowReshape && existing.value_only !== (input.lines === undefined))
      return fail<never>('DOCUMENT_NOT_EDITABLE');
    // An invoice with returns keeps its party, what they took back and what they refunded (the refusal names them).
    const kept = await refuseEditWithReturns(tx, input.kind, existing, {
      cust_id: input.header.cust_id,
      discount: input.header.discount,
      pay_date: input.header.pay_date,
      lines: priced.value,
    });
    if (!kept.ok) return kept;
  }
  // The money account its payment goes to: the one sent, else (an edit of a legacy client) the one it had.
  const moneyAccountId =
    input.header.money_account_id === undefined ? (existing?.money_account_id ?? null) : input.header.money_account_id;
  if (moneyAccountId !== null && !(await moneyAccountOf(tx, user.store_id, moneyAccountId)))
    return fail<never>('NOT_A_MONEY_ACCOUNT', { money_account_id: 'NOT_A_MONEY_ACCOUNT' });
  // What vouchers settled of it (read under its lock: a voucher locks the invoice before it allocates).
  const [settled] = existing
    ? await tx
        .select({ amount: sql<string>`coalesce(sum(${paymentAllocation.amount}), 0)::text` })
        .from(paymentAllocation)
        .where(eq(paymentAllocation.pay_id, existing.pay_id))
    : [];
  const awaitingLines = input.lines === undefined && input.awaitingLines === true;
  const posts = !awaitingLines && kindOf(input.kind).posting !== 'nothing';
  // The store's year lock (also for the kinds that post nothing, preliminary invoices and orders; `repost` checks
  // every posting), read in one statement with the company's VAT settings as they are now (what a new document
  // charges, docs/vat.md), the store's posting accounts and its prefix.
  const storeOfSave = await lockStoreOfSave(tx, user.store_id, accountingYear.id);
  // A new sale at a till joins its shift (an edit keeps the document's): after the store's lock, as every save.
  const saleShift = existing
    ? ok(undefined)
    : await shiftOfSale(
        tx,
        user.store_id,
        {
          kind: input.kind,
          till: input.header.till,
          shift_id: input.header.shift_id,
          fromDevice: input.device !== undefined,
          madeAt: new Date(`${input.header.pay_date}T${input.header.pay_time ?? nowTime()}`),
        },
        storeOfSave.shiftsRequired,
      );
  if (!saleShift.ok) return saleShift;
  const saved = existing ? await savedLines(tx, existing.pay_id) : [];
  // An issued document keeps the VAT terms it was issued under and the rate each of its items was charged at (an
  // item the edit adds takes its own); a return its original's. Only a new document, and a preliminary invoice or
  // an order (never issued), take the settings of the day.
  const keepsTerms = existing !== undefined && kindOf(input.kind).posting !== 'nothing';
  if (keepsTerms && originalTerms === undefined) {
    const rateOf = new Map(saved.map((line) => [line.item_id, line.tax]));
    for (const line of priced.value) line.tax = rateOf.get(line.item_id) ?? line.tax;
  }
  const vat =
    originalTerms ??
    (keepsTerms && existing
      ? documentVatTerms(existing)
      : vatTermsOf(
          kindOf(input.kind).party === 'customer' ? 'sale' : 'purchase',
          storeOfSave.companyVat ?? { vat_registered: false, prices_include_vat: false },
        ));
  // A value-only invoice's rate (docs/vat.md): the one typed, else an issued one keeps its own (one saved before rates
  // were kept charged none), else the company's standard rate (a new one, or a preliminary invoice never issued). A
  // document with lines, a header awaiting them, or one that charges no VAT has none.
  const valueRate =
    input.lines !== undefined || awaitingLines || !vat.charged
      ? null
      : (input.header.vat_rate ??
        (keepsTerms ? (existing?.vat_rate ?? '0') : (existing?.vat_rate ?? storeOfSave.companyVat?.vat_rate ?? '0')));
  return ok({
    input,
    vat,
    valueRate,
    // A sale to the walk-in customer is a cash sale: its remainder must be nothing (checked with the totals).
    cashOnly: kindOf(input.kind).walkInCustomer === true && isWalkInCustomer(party),
    accountingYear,
    existing,
    lines: priced.value,
    awaitingLines,
    yearOpen: yearOpenUnless(storeOfSave.yearClosed),
    saved,
    moneyAccountId,
    settled: parseMoney(settled?.amount ?? '0') ?? MONEY_ZERO,
    accounts: posts ? postingAccountsOf(user.store_id, storeOfSave.roleAccounts) : undefined,
    storeRef: storeOfSave.storeRef,
    saleShift: saleShift.value,
    time: input.header.pay_time === undefined ? (existing?.pay_time ?? nowTime()) : asStoredTime(input.header.pay_time),
  });
}

type Loaded = Extract<Awaited<ReturnType<typeof load>>, { ok: true }>['value'];

/**
 * The rules of a trade save: its date lies inside its year and the year is open; the totals of invoice arithmetic;
 * the header as saved; whether its goods changed (lines, date, time); what the kind's rule posts.
 */
function check(loaded: Loaded) {
  const { input, accountingYear, existing, lines, awaitingLines, accounts, time } = loaded;
  if (!isInsideYear(input.header.pay_date, accountingYear))
    return fail<never>('DATE_OUTSIDE_YEAR', { pay_date: 'DATE_OUTSIDE_YEAR' });
  if (input.header.nextPay && input.header.nextPay < input.header.pay_date)
    return fail<never>('VALIDATION_FAILED', { nextPay: 'DUE_BEFORE_DATE' });
  if (!loaded.yearOpen.ok) return loaded.yearOpen;
  const { returnVat } = input;
  const totals = checkedTotals(
    input,
    lines,
    loaded.vat,
    returnVat && ((computed) => returnLineVat(lines, computed, returnVat)),
    loaded.valueRate ?? undefined,
  );
  if (!totals.ok) return totals;
  if (loaded.cashOnly && totals.value.changee !== 0n && !awaitingLines)
    return fail<never>('WALK_IN_UNPAID', { pay: 'WALK_IN_UNPAID' });
  // Vouchers settled part of it: its remainder stays at least that, and it stays the same party's.
  if (loaded.settled > 0n && existing && existing.cust_id !== input.header.cust_id)
    return fail<never>('INVOICE_BELOW_SETTLED', { cust_id: 'INVOICE_BELOW_SETTLED' });
  if (totals.value.changee < loaded.settled)
    return fail<never>('INVOICE_BELOW_SETTLED', { pay: 'INVOICE_BELOW_SETTLED' });
  const values = {
    kind: input.kind,
    value_only: input.lines === undefined,
    awaiting_lines: awaitingLines,
    yearId: accountingYear.id,
    cust_id: input.header.cust_id,
    tot_pr: toMoneyString(totals.value.tot_pr),
    discount: toMoneyString(totals.value.discount),
    // The percent as typed, while it gives the discount (an edit that does not say keeps the document's).
    discount_percent: keptDiscountPercent(
      totals.value.tot_pr,
      totals.value.discount,
      input.header.discount_percent === undefined ? existing?.discount_percent : input.header.discount_percent,
    ),
    pay: toMoneyString(totals.value.pay),
    changee: toMoneyString(totals.value.changee),
    taxTot: toMoneyString(totals.value.taxTot),
    vat_charged: loaded.vat.charged,
    vat_included: loaded.vat.charged && loaded.vat.pricesIncludeVat,
    vat_rate: loaded.valueRate,
    pay_date: input.header.pay_date,
    pay_time: time,
    pay_method: input.header.pay_method,
    payComment: input.header.payComment,
    nextPay: input.header.nextPay ?? null,
    money_account_id: loaded.moneyAccountId,
  };
  const vatLines = lines.map((line, i) => ({ ...line, vat: totals.value.lineVat[i] ?? MONEY_ZERO }));
  const linesChanged = existing === undefined || !sameLines(loaded.saved, vatLines);
  const stockUnchanged =
    existing !== undefined &&
    !linesChanged &&
    existing.pay_date === values.pay_date &&
    existing.pay_time === values.pay_time &&
    existing.awaiting_lines === values.awaiting_lines;
  const posting = accounts
    ? postingOf(
        {
          ...values,
          total_with_vat: toMoneyString(totals.value.totalWithVat),
          lines: lines.map((line) => ({ ...line, tot: toMoneyString(line.tot) })),
        },
        accounts,
      )
    : undefined;
  return ok({ ...loaded, lines: vatLines, values, linesChanged, stockUnchanged, posting });
}

type Checked = Extract<ReturnType<typeof check>, { ok: true }>['value'];

/** A saved document's id and reference: all a save answers when its caller needs no more. */
export type Booked = { pay_id: number; pay_ref: string };

/** What a trade save answers, read once it is committed: the document whole, or less. */
export type AnswerOf<Saved> = (
  reader: DbOrTx,
  storeId: number,
  kind: KindToken,
  booked: Booked,
) => Promise<Result<Saved>>;

/** The saved document with its lines, read back (two statements). */
export const wholeDocument: AnswerOf<SavedDocument> = async (reader, storeId, kind, booked) => {
  const saved = await readDocument(reader, storeId, kind, booked.pay_id);
  return saved ? ok(saved) : fail<SavedDocument>('NOT_FOUND');
};

/** Only its id and reference, which the save already knows: nothing is read back. */
export const bookedOnly: AnswerOf<Booked> = async (_reader, _storeId, _kind, booked) => ok(booked);

/** What a posting puts into (or takes out of) one money account: its debits less its credits there. */
const cashOn = (posting: Posting | undefined, accountId: number) =>
  money(
    (posting?.moneyLines ?? [])
      .filter((line) => line.account_id === accountId)
      .reduce((sum, line) => sum + line.debit - line.credit, 0n),
  );

/** Writes the header (a new one gets its reference here, from the kind's counter) and its lines if they changed. */
async function write<Saved>(
  tx: Tx,
  user: SessionUser,
  checked: Checked,
  answerOf: AnswerOf<Saved>,
): Promise<Written<Saved>> {
  const { input, existing, lines, values, linesChanged } = checked;
  // An edit keeps its author: who edited it is in the activity log (a cashier's edit took the author's place).
  const row = { ...values, store_id: user.store_id, user_id: existing ? existing.user_id : user.id };
  let payId: number;
  let payRef: string;
  let lineIds: number[] = [];
  let storeRef: string | undefined;
  // The line's value at cost (what a purchase line brought in, what a sale's goods cost on its date) is written by
  // the cost engine with its movement's value; it stays null on lines that move no stock.
  const newLines =
    linesChanged && lines.length
      ? lines.map((line) => ({
          store_id: user.store_id,
          item_id: line.item_id,
          item_name: line.item_name,
          quantity: line.quantity,
          pay_price: line.pay_price,
          perch_price: line.perch_price,
          tot: toMoneyString(line.tot),
          tax: line.tax,
          vat: toMoneyString(line.vat),
        }))
      : [];
  if (existing) {
    payId = existing.pay_id;
    payRef = existing.pay_ref;
    if (linesChanged) await tx.delete(tradeLine).where(eq(tradeLine.pay_id, payId));
    else lineIds = checked.saved.map((line) => line.id);
    await tx.update(tradeDocument).set(row).where(eq(tradeDocument.pay_id, payId));
    if (newLines.length)
      lineIds = await insertLines(
        tx,
        newLines.map((line) => ({ ...line, pay_id: payId })),
      );
  } else {
    if (checked.storeRef === undefined) throw new Error(`store ${user.store_id} not found`);
    // Numbered late (`numbering` below): unique until then, and never seen outside this transaction.
    payRef = `~${randomUUID()}`;
    storeRef = checked.storeRef;
    const header = tx
      .insert(tradeDocument)
      .values({
        ...row,
        pay_ref: payRef,
        idempotency_key: input.idempotency.key ?? null,
        idempotency_hash: input.idempotency.hash ?? null,
        device_id: input.device?.id ?? null,
        device_counter: input.device?.counter ?? null,
        shift_id: checked.saleShift?.shift.id ?? null,
        original_pay_id: input.originalPayId ?? null,
      })
      .returning({ pay_id: tradeDocument.pay_id });
    if (newLines.length) {
      // The header and its lines in one statement.
      ({ payId, lineIds } = await insertHeaderWithLines(tx, header.getSQL(), newLines));
    } else {
      const [inserted] = await header;
      if (!inserted) throw new Error('document insert returned nothing');
      payId = inserted.pay_id;
    }
  }
  const source: PostingSource = {
    store_id: user.store_id,
    yearId: values.yearId,
    source_kind: input.kind,
    source_id: payId,
    date: values.pay_date,
    time: values.pay_time,
    reference: payRef,
  };
  // An offline sale of a shift closed before it arrived: the close's count is posted again with its cash in.
  const { saleShift } = checked;
  const lateClose =
    saleShift?.closed === true
      ? await lateSaleOfClosedShift(tx, saleShift.shift, cashOn(checked.posting, saleShift.shift.money_account_id))
      : undefined;
  return {
    postings: [
      {
        source,
        posting: checked.posting,
        stockUnchanged: checked.stockUnchanged,
        fresh: existing === undefined,
        lineIds,
        ...(input.originalPayId === undefined ? {} : { returnsOf: input.originalPayId }),
      },
      ...(lateClose ? [lateClose] : []),
    ],
    accounts: checked.accounts,
    // The load refused a closed year (`requireOpenYears`, the document's one year) under the store's lock; a late
    // close's year (another, maybe) is asked by `repost`.
    yearsChecked: lateClose === undefined,
    numbering:
      storeRef === undefined
        ? undefined
        : {
            provisional: payRef,
            counter: nextReferenceSql(
              user.store_id,
              kindOf(input.kind).sequence,
              referencePrefix(storeRef, input.kind),
            ),
            rename: sql`update trade_document set pay_ref = numbered.reference from numbered
              where trade_document.pay_id = ${payId}`,
          },
    log: {
      yearId: values.yearId,
      typee: documentLogAction(existing ? 'update' : 'insert', kindOf(input.kind).name),
      // A snapshot of what was saved: who sold what to whom, at which prices, paid and owed.
      logToken: {
        pay_id: payId,
        // A new document's provisional reference: its log line's insert puts the number in its place.
        pay_ref: payRef,
        cust_id: values.cust_id,
        pay_date: values.pay_date,
        tot_pr: values.tot_pr,
        discount: values.discount,
        pay: values.pay,
        changee: values.changee,
        taxTot: values.taxTot,
        lines: lines.map((line) => ({
          item_id: line.item_id,
          item_name: line.item_name,
          quantity: line.quantity,
          price: toMoneyString(line.price),
          tot: toMoneyString(line.tot),
        })),
      },
    },
    answer: (reader: DbOrTx, numbered?: string) =>
      answerOf(reader, user.store_id, input.kind, { pay_id: payId, pay_ref: numbered ?? payRef }),
  };
}

/** The trade family's module, its save answered by `answerOf` (the document whole, or its id and reference). */
export const tradeSaveAnswering = <Saved>(
  answerOf: AnswerOf<Saved>,
): DocumentModule<TradeSave, Loaded, Checked, Saved> => ({
  load,
  check,
  write: (tx, user, checked) => write(tx, user, checked, answerOf),
});
