/**
 * Stock counts (`tswia`, "تسوية جردية"): the shop counts some items on a date, and each line moves the stock by the
 * counted quantity less the system quantity of that date (docs/stock-counts.md). The system quantity (`availQty`) is
 * always the server's: a client may send it (the legacy line does), and it is never read.
 *
 * Wire names are the legacy client's (api.md, domain.md): header `pay_id`, `pay_ref`, `pay_date`, `pay_time`,
 * `payComment`, `tot_pr`; lines `availQty` (system), `qtyReal` (counted), `quantity` = availQty − qtyReal (positive:
 * a shortage), `tot` = quantity × `perch_price`.
 */
import { z } from 'zod';
import { MoneyString, QuantityString } from './amounts.ts';
import { ClockTime, IsoDate } from './dates.ts';
import { Id } from './scope.ts';
import { jsonArrayOf, optionalText, Text } from './text.ts';

const Reference = Text().trim().min(1).max(100);
const IdempotencyKey = Text().trim().min(8).max(100);
/** A counted quantity: zero (none found) or more. */
const CountedQuantity = QuantityString.refine((value) => !value.startsWith('-'), { message: 'QUANTITY_NEGATIVE' });

/** One counted item: what was found on the shelf. */
export const StockCountLineInput = z.object({ item_id: Id, qtyReal: CountedQuantity });
export type StockCountLineInput = z.output<typeof StockCountLineInput>;

export const StockCountHeaderInput = z.object({
  pay_date: IsoDate,
  /** The time of the count on its date (default: when it is saved; an edit keeps its time). */
  pay_time: ClockTime.optional(),
  payComment: optionalText(1000),
  yearId: Id.optional(),
  store_id: Id.optional(),
  idempotency_key: IdempotencyKey.optional(),
});
export type StockCountHeaderInput = z.output<typeof StockCountHeaderInput>;

/**
 * The most lines of one count: a whole store is counted in one (issue 19 saves 5,000 lines in seconds); a larger
 * store counts by category.
 */
export const MAX_COUNT_LINES = 10_000;
const CountLines = z.array(StockCountLineInput).min(1, 'NO_LINES').max(MAX_COUNT_LINES);

export const CreateStockCountBody = z.object({
  invoice: StockCountHeaderInput,
  items: CountLines,
  idempotency_key: IdempotencyKey.optional(),
});
export type CreateStockCountBody = z.output<typeof CreateStockCountBody>;

export const UpdateStockCountBody = z.object({
  invoice: StockCountHeaderInput.extend({ pay_id: Id }),
  items: CountLines,
});
export type UpdateStockCountBody = z.output<typeof UpdateStockCountBody>;

export const DeleteStockCountBody = z.object({ pay_id: Id, pay_ref: Reference.optional() });

/**
 * The legacy header (`tswia/create`, `tswia/update`): its lines follow by `tswia_details/createMulti`. `pay_ref` is
 * the reference the client knows it by (one it made up is kept, so its lines find it); `tot_pr` and `user_id` are
 * the server's and ignored.
 */
export const LegacyStockCountHeader = StockCountHeaderInput.extend({ pay_ref: Reference.optional() });
export type LegacyStockCountHeader = z.output<typeof LegacyStockCountHeader>;
export const LegacyStockCountUpdate = LegacyStockCountHeader.extend({ pay_id: Id });

/**
 * A legacy line (`tswia_details/createMulti`). It also carries `availQty`, `quantity` and `tot` as the client
 * computed them: the server computes them again from its own system quantity, so they are not read. The prices are
 * kept as the line's snapshot when sent (default: the item's).
 */
export const LegacyStockCountLine = StockCountLineInput.extend({
  pay_ref: Reference,
  yearId: Id.optional(),
  pay_price: MoneyString.optional(),
  perch_price: MoneyString.optional(),
});
export type LegacyStockCountLine = z.output<typeof LegacyStockCountLine>;
export const LegacyStockCountLinesBody = jsonArrayOf(LegacyStockCountLine);

export const StockCountQuery = z.object({
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  item_id: Id.optional(),
  pay_ref: Reference.optional(),
  pay_id: Id.optional(),
});
export type StockCountQuery = z.output<typeof StockCountQuery>;

export const StockCount = z.object({
  pay_id: z.number().int(),
  pay_ref: z.string(),
  store_id: z.number().int(),
  yearId: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  /** Σ lines' `tot`: the value of the differences at purchase price (positive: a shortage), as the legacy app. */
  tot_pr: z.string(),
  /** Σ lines' `cost`: the value at cost the count moved (positive: a shortage), what the ledger posted. */
  cost: z.string(),
  pay_date: z.string(),
  pay_time: z.string(),
  payComment: z.string().nullable(),
});
export type StockCount = z.infer<typeof StockCount>;

export const StockCountLine = z.object({
  id: z.number().int(),
  pay_id: z.number().int(),
  pay_ref: z.string(),
  store_id: z.number().int(),
  yearId: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
  /** The system quantity at the count's date and time (the sum of the item's movements up to then). */
  availQty: z.string(),
  /** The counted quantity. */
  qtyReal: z.string(),
  /** availQty − qtyReal: positive a shortage (stock goes down), negative a surplus. */
  quantity: z.string(),
  pay_price: z.string(),
  perch_price: z.string(),
  /** quantity × perch_price. */
  tot: z.string(),
  /** The difference valued at the moving-average cost on the count's date, signed like `quantity`. */
  cost: z.string().nullable(),
  pay_date: z.string(),
});
export type StockCountLine = z.infer<typeof StockCountLine>;

export const StockCountWithLines = StockCount.extend({ items: z.array(StockCountLine) });
export type StockCountWithLines = z.infer<typeof StockCountWithLines>;

/**
 * The count sheet (`tswia/sheet`): items with their system quantity at the count's date and time, for the screen to
 * fill in before the keeper types what was counted. By ids (picked, scanned, prefilled) or every item of a category.
 * `pay_id`: the count being edited, which stands at its own place (its own movements are not its system quantity).
 */
export const CountSheetBody = z
  .object({
    pay_date: IsoDate,
    pay_time: ClockTime.optional(),
    pay_id: Id.optional(),
    item_ids: z.array(Id).max(MAX_COUNT_LINES).optional(),
    category_id: Id.optional(),
    store_id: Id.optional(),
  })
  .refine((body) => body.item_ids !== undefined || body.category_id !== undefined, {
    message: 'REQUIRED',
    path: ['item_ids'],
  });
export type CountSheetBody = z.output<typeof CountSheetBody>;

export const CountSheetLine = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  part_no: z.string().nullable(),
  item_parcode: z.string().nullable(),
  item_unit: z.string().nullable(),
  perch_price: z.string(),
  /** The system quantity at the count's date and time (what `stockAt` reads, the save's own rule). */
  availQty: z.string(),
  /**
   * The moving average at that place (value / quantity of the movements up to it), or the purchase price when the
   * shelf is empty: what a difference is worth, shown before saving; the save values it with the cost engine.
   */
  avg_cost: z.string(),
});
export type CountSheetLine = z.infer<typeof CountSheetLine>;
