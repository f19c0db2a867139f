import { z } from 'zod';
import { NonNegativeMoneyString, Percent, PositiveMoneyString, QuantityString } from './amounts.ts';
import { ClockTime, IsoDate, OptionalDate } from './dates.ts';
import { ErrorBody, PAGE_SIZE, pageOf, QueryFlag, sortFields } from './envelope.ts';
import { Id, PageNumber } from './scope.ts';
import { TillName } from './shifts.ts';
import { jsonArrayOf, optionalText, Text } from './text.ts';

/** The client's key for one save (a retry with the same key answers the first document). */
const IdempotencyKey = Text().trim().min(8).max(100);

const PositiveQuantity = QuantityString.refine((value) => !value.startsWith('-') && /[1-9]/.test(value), {
  message: 'QUANTITY_NOT_POSITIVE',
});

/**
 * A document line. The price that counts is the document's: `pay_price` on sales, `perch_price` on purchases
 * and orders; the other one is kept as a snapshot (it defaults to the item's own price).
 */
export const TradeLineInput = z.object({
  item_id: Id,
  quantity: PositiveQuantity,
  pay_price: PositiveMoneyString.optional(),
  perch_price: PositiveMoneyString.optional(),
});
export type TradeLineInput = z.output<typeof TradeLineInput>;

/**
 * A document header as the screens (and legacy clients) send it. Totals are computed by the server from the
 * lines: `tot_pr` is read only for a value-only invoice, and `changee` is never read.
 */
export const TradeHeaderInput = z.object({
  cust_id: Id,
  pay_date: IsoDate,
  pay_time: ClockTime.optional(),
  discount: NonNegativeMoneyString.default('0'),
  /**
   * The discount as the user typed it in percent (12.5 of 10.01 is 1.25, which reads back as 12.49 %): kept on the
   * document only when it gives `discount` of the total exactly. null: typed as an amount; left out (legacy
   * clients): an edit keeps the document's while it still gives the discount.
   */
  discount_percent: Percent.nullish(),
  pay: NonNegativeMoneyString.default('0'),
  tot_pr: NonNegativeMoneyString.optional(),
  /**
   * A value-only invoice's VAT rate (percent, 0 allowed; docs/vat.md): left out, a new one takes the company's
   * standard rate (`company.vat_rate`) and an edit keeps its own. Not read on a document with lines (each line
   * takes its item's rate).
   */
  vat_rate: Percent.optional(),
  pay_method: optionalText(50),
  payComment: optionalText(1000),
  nextPay: OptionalDate.optional(),
  /**
   * The cash box or bank (an account of class 4) the money paid goes to or comes from. null: the cash box, or the
   * bank when `pay_method` names one; left out (legacy clients): an edit keeps the document's.
   */
  money_account_id: Id.nullish(),
  yearId: Id.optional(),
  store_id: Id.optional(),
  /** A key the client makes for one save; sending the same save again (a retry) returns the first document. */
  idempotency_key: IdempotencyKey.optional(),
  /**
   * The till a sale is made at (the web app sends its device's): it belongs to the till's open shift, refused when
   * the store requires shifts and none is open (docs/shifts.md). Left out (a legacy client): no shift, as before.
   */
  till: TillName.optional(),
  /** The shift an offline sale was made in: it stays that shift's, whenever it reaches the server. */
  shift_id: Id.optional(),
});
export type TradeHeaderInput = z.output<typeof TradeHeaderInput>;

/**
 * The device a sale was made on and its number there (issue 21, selling offline: docs/offline.md): each device
 * numbers its sales 1, 2, 3, ... as they are made, so the server can show that none was lost or booked twice.
 */
export const SaleDevice = z.object({
  id: Text().trim().min(8).max(100),
  counter: z.number().int().min(1).max(2_000_000_000),
});
export type SaleDevice = z.output<typeof SaleDevice>;

export const CreateWithItemsBody = z.object({
  invoice: TradeHeaderInput,
  items: z.array(TradeLineInput).min(1, 'NO_LINES').max(500),
  idempotency_key: IdempotencyKey.optional(),
  device: SaleDevice.optional(),
});
export type CreateWithItemsBody = z.output<typeof CreateWithItemsBody>;

export const UpdateWithItemsBody = z.object({
  invoice: TradeHeaderInput.extend({ pay_id: Id }),
  items: z.array(TradeLineInput).min(1, 'NO_LINES').max(500),
});
export type UpdateWithItemsBody = z.output<typeof UpdateWithItemsBody>;

const LegacyReference = Text().trim().min(1).max(100);

/**
 * A header by itself (`pay/create`, `payinit/create`, ... and their `update`): a value-only invoice (a typed total and
 * no lines), or the first of the legacy two-call save whose lines follow (`pay_details/createMulti`). `pay_ref` is
 * the reference a legacy client knows the document by: the one the server answered, or one an offline client made
 * up (the server keeps it, so the lines still find their header).
 */
export const HeaderOnlyBody = TradeHeaderInput.extend({
  tot_pr: PositiveMoneyString,
  pay_ref: LegacyReference.optional(),
  /**
   * A value-only invoice (the total is typed, no lines will follow): it posts at once. Without it, the header is the
   * first of the two legacy calls and posts nothing until its lines are saved (true, 1, '1' or 'true').
   */
  value_only: z.preprocess((value) => value === 1 || value === '1' || value === 'true' || value === true, z.boolean()),
});
export type HeaderOnlyBody = z.output<typeof HeaderOnlyBody>;
export const HeaderOnlyBatchBody = jsonArrayOf(HeaderOnlyBody);
export const LegacyLine = TradeLineInput.extend({ pay_ref: LegacyReference, yearId: Id.optional() });
export type LegacyLine = z.output<typeof LegacyLine>;
export const LegacyLinesBody = jsonArrayOf(LegacyLine);
export const LegacyReferenceQuery = z.object({
  pay_ref: LegacyReference,
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
});

export const DeleteDocumentBody = z.object({ pay_id: Id, pay_ref: Text().max(100).optional() });

export const TradeDocument = z.object({
  pay_id: z.number().int(),
  kind: z.string(),
  value_only: z.boolean(),
  pay_ref: z.string(),
  store_id: z.number().int(),
  yearId: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  cust_id: z.number().int(),
  sub_name: z.string(),
  tot_pr: z.string(),
  discount: z.string(),
  /** The discount as typed in percent ("12.50"), while it gives `discount` exactly; null when typed as an amount. */
  discount_percent: z.string().nullable(),
  pay: z.string(),
  changee: z.string(),
  /** Its VAT (Σ its lines' `vat`), computed by the server (docs/vat.md); "0.00" when it charges none. */
  taxTot: z.string(),
  /** What the party owes in all: tot_pr − discount, plus taxTot when prices exclude VAT (= pay + changee). */
  total_with_vat: z.string(),
  /**
   * Its own VAT terms, kept from when it was issued (`documentVatTerms`): whether it charges VAT and whether its
   * prices include it. Its edits, payments and returns use these, not the company's settings of the day.
   */
  vat_charged: z.boolean(),
  vat_included: z.boolean(),
  /** A value-only invoice's VAT rate (percent); null on a document with lines (its lines carry theirs). */
  vat_rate: z.string().nullable(),
  pay_date: z.string(),
  pay_time: z.string(),
  pay_method: z.string().nullable(),
  payComment: z.string().nullable(),
  nextPay: z.string().nullable(),
  /** The money account its payment went to (null: the cash box, or the bank by its method). */
  money_account_id: z.number().int().nullable(),
  /** What vouchers settled of its remainder (`changee`): its remainder now is `changee` − `settled`. */
  settled: z.string(),
});
export type TradeDocument = z.infer<typeof TradeDocument>;

export const TradeLine = z.object({
  id: z.number().int(),
  pay_id: z.number().int(),
  pay_ref: z.string(),
  item_id: z.number().int(),
  item_name: z.string(),
  quantity: z.string(),
  pay_price: z.string(),
  perch_price: z.string(),
  tot: z.string(),
  /** The item's VAT rate (percent) when the document was saved. */
  tax: z.string(),
  /** The line's VAT, to the cent (docs/vat.md). */
  vat: z.string(),
  pay_date: z.string(),
  sub_name: z.string(),
  /** What the line's goods cost on its date (a purchase line: what it brought in); null when it moves no stock. */
  cost: z.string().nullable(),
  /** A sale line's net (its total less its share of the discount) less its cost; null on other lines. */
  gross_profit: z.string().nullable(),
});
export type TradeLine = z.infer<typeof TradeLine>;

export const TradeDocumentWithLines = TradeDocument.extend({ items: z.array(TradeLine) });
export type TradeDocumentWithLines = z.infer<typeof TradeDocumentWithLines>;

/** One item short of stock for a final sale: what was asked, what there is, and the gap. */
export const StockShortage = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  requested_quantity: z.string(),
  available_quantity: z.string(),
  shortage: z.string(),
  perch_price: z.string(),
  pay_price: z.string(),
  /** The first date on which the stock would go below zero (stock is checked on every date, not only today). */
  date: z.string().optional(),
});
export type StockShortage = z.infer<typeof StockShortage>;

export const ValidateStockBody = z.object({
  store_id: Id.optional(),
  yearId: Id.optional(),
  itemList: z
    .array(z.object({ item_id: Id, quantity: PositiveQuantity }))
    .min(1)
    .max(500),
});

export const documentSortKeys = [
  'pay_ref',
  'pay_date',
  'sub_name',
  'tot_pr',
  'discount',
  'net',
  'pay',
  'changee',
] as const;
export const DocumentListQuery = z.object({
  ...sortFields(documentSortKeys),
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  cust_id: Id.optional(),
  /** One invoice by its number as typed: the full reference or a short form ("12", "s-12"). */
  pay_ref: z.string().trim().max(40).optional(),
  /** Value-only invoices (true) or invoices with lines (false); absent lists both. */
  value_only: QueryFlag,
  /** Without `page` a read answers the legacy `{ data }` of at most `limit` documents. */
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** With `page` a read answers a `DocumentPage`: that page, the count and the column sums of the whole filter. */
  page: PageNumber.optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(PAGE_SIZE),
});
export type DocumentListQuery = z.output<typeof DocumentListQuery>;

/** Column sums of every document a list read matches, as decimal strings with 2 places; `net` is tot_pr − discount. */
export const DocumentSums = z.object({
  tot_pr: z.string(),
  discount: z.string(),
  net: z.string(),
  pay: z.string(),
  changee: z.string(),
});
export type DocumentSums = z.infer<typeof DocumentSums>;

/** A page of documents, newest first, with the count and the column sums of the whole filter (not just the page). */
export const DocumentPage = pageOf(TradeDocument).extend({ sums: DocumentSums });
export type DocumentPage = z.infer<typeof DocumentPage>;

export const DeviceCountersQuery = z.object({ device_id: Text().trim().min(1).max(100).optional() });
/**
 * A device's sales as the server holds them: how many, the highest counter, and the counters from 1 to it that are
 * missing or held more than once. Nothing lost and nothing twice: count = max, both lists empty (`complete`).
 */
export const DeviceCounters = z.object({
  device_id: z.string(),
  count: z.number().int(),
  max: z.number().int(),
  missing: z.array(z.number().int()),
  repeated: z.array(z.number().int()),
  complete: z.boolean(),
});
export type DeviceCounters = z.output<typeof DeviceCounters>;

/**
 * Sales a device kept while it could not reach the server (docs/offline.md), sent together oldest first: each with
 * its key and its device's number, so each is booked once however often it is sent.
 */
export const DeviceSale = CreateWithItemsBody.extend({ idempotency_key: IdempotencyKey, device: SaleDevice });
export type DeviceSale = z.output<typeof DeviceSale>;
/** At most this many sales a call: under load each takes up to 0.2 s, and the device waits 15 s for an answer. */
export const DEVICE_SALES_PER_CALL = 25;
export const DeviceSalesBody = z.object({
  sales: z.array(DeviceSale).min(1).max(DEVICE_SALES_PER_CALL),
  /**
   * The keys whose booked invoice the answer carries whole (`doc`): the cashier's own sale, whose receipt prints from
   * it. Given, every other booked sale is answered by its id and reference only, and the server does not read each
   * invoice back after its commit. Left out, every booked sale carries its invoice, as before (an app not yet
   * updated reads `doc`).
   */
  invoices_for: z.array(IdempotencyKey).max(DEVICE_SALES_PER_CALL).optional(),
});
export type DeviceSalesBody = z.output<typeof DeviceSalesBody>;

/**
 * What became of one sale of the call, in the order sent: booked (200, its invoice's id and reference, and the invoice
 * itself unless left out by `invoices_for`; a key sent before answers its first invoice),
 * or the status and error `pay/createWithItems` would have answered it. The server stops at a sale it could not try
 * (the database unavailable, a fault): the sales after it have no result and were not saved.
 */
export const DeviceSaleResult = z.union([
  z.object({
    idempotency_key: z.string(),
    status: z.literal(200),
    pay_id: z.number().int(),
    pay_ref: z.string(),
    /** The whole invoice: unless `invoices_for` was sent without this sale's key. */
    doc: TradeDocumentWithLines.optional(),
  }),
  ErrorBody.extend({
    idempotency_key: z.string(),
    status: z.number().int().min(400).max(599),
    insufficient_items: z.array(StockShortage).optional(),
  }),
]);
export type DeviceSaleResult = z.output<typeof DeviceSaleResult>;
