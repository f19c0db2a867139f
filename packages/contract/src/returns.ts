/**
 * Sales returns (`sales_returns/...`) and purchase returns (`purchase_returns/...`), with the legacy app's field
 * names (api.md). A return names its original invoice by reference; the server prices and checks every line against
 * that invoice and computes the totals, so `tot_pr`, `changee`, `original_price` and line `tot` are read only for
 * compatibility and never trusted.
 */
import { z } from 'zod';
import { NonNegativeMoneyString, PositiveMoneyString, QuantityString } from './amounts.ts';
import { ClockTime, IsoDate } from './dates.ts';
import { Id } from './scope.ts';
import { TillName } from './shifts.ts';
import { optionalText, Text } from './text.ts';

const Reference = Text().trim().min(1).max(100);
const IdempotencyKey = Text().trim().min(8).max(100);
const PositiveQuantity = QuantityString.refine((value) => !value.startsWith('-') && /[1-9]/.test(value), {
  message: 'الكمية يجب أن تكون أكبر من صفر',
});
/** The legacy flag as it arrives: 1, '1', 'true' or true. */
const LegacyFlag = z.preprocess(
  (value) => value === 1 || value === '1' || value === 'true' || value === true,
  z.boolean(),
);

/** One returned line: an item of the original invoice, how many come back, and at what unit price. */
export const ReturnLineInput = z.object({
  item_id: Id,
  quantity: PositiveQuantity,
  /** Defaults to the original line's price net of the invoice's discount share, and may not exceed it. */
  return_price: PositiveMoneyString.optional(),
});
export type ReturnLineInput = z.output<typeof ReturnLineInput>;

export const ReturnHeaderInput = z.object({
  original_pay_ref: Reference,
  return_date: IsoDate,
  return_time: ClockTime.optional(),
  /** The original's party; when sent it must be the original's. */
  cust_id: Id.optional(),
  discount: NonNegativeMoneyString.default('0'),
  /** The money refunded now (to the customer, or by the supplier); the rest lowers the party's balance. */
  pay: NonNegativeMoneyString.default('0'),
  /** Cash box (default) or bank, in the words of an invoice's `pay_method`. */
  return_method: optionalText(50),
  returnComment: optionalText(1000),
  return_reason: optionalText(500),
  /** Sent by the legacy client; the server decides it (true when nothing is left to return after this one). */
  is_full_return: LegacyFlag.optional(),
  yearId: Id.optional(),
  store_id: Id.optional(),
  idempotency_key: IdempotencyKey.optional(),
  /** The till the refund is paid at, and the shift an offline return was made in (as a sale's: docs/shifts.md). */
  till: TillName.optional(),
  shift_id: Id.optional(),
});
export type ReturnHeaderInput = z.output<typeof ReturnHeaderInput>;

const Lines = z.array(ReturnLineInput).min(1, 'أضف صنفا واحدا على الأقل').max(500);

export const CreateReturnBody = z.object({
  invoice: ReturnHeaderInput,
  items: Lines,
  idempotency_key: IdempotencyKey.optional(),
});
export type CreateReturnBody = z.output<typeof CreateReturnBody>;

export const UpdateReturnBody = z.object({ invoice: ReturnHeaderInput.extend({ return_id: Id }), items: Lines });
export type UpdateReturnBody = z.output<typeof UpdateReturnBody>;

/** The return to delete, by its id (the legacy client also sends its reference). */
export const DeleteReturnBody = z.object({ return_id: Id, return_ref: Reference.optional() });

export const ReturnQuery = z.object({
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  from: IsoDate.optional(),
  return_ref: Reference.optional(),
  original_pay_ref: Reference.optional(),
  cust_id: Id.optional(),
});
export type ReturnQuery = z.output<typeof ReturnQuery>;

export const ReturnDocument = z.object({
  return_id: z.number().int(),
  return_ref: z.string(),
  original_pay_id: z.number().int(),
  original_pay_ref: z.string(),
  store_id: z.number().int(),
  yearId: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  cust_id: z.number().int(),
  sub_name: z.string(),
  tot_pr: z.string(),
  discount: z.string(),
  pay: z.string(),
  changee: z.string(),
  /** Its VAT and what it comes to with it (docs/vat.md), computed by the server as on invoices. */
  taxTot: z.string(),
  total_with_vat: z.string(),
  /** Its VAT terms: its original invoice's, copied (`documentVatTerms`). */
  vat_charged: z.boolean(),
  vat_included: z.boolean(),
  return_date: z.string(),
  return_time: z.string(),
  return_method: z.string().nullable(),
  returnComment: z.string().nullable(),
  return_reason: z.string().nullable(),
  is_full_return: z.boolean(),
});
export type ReturnDocument = z.infer<typeof ReturnDocument>;

export const ReturnLine = z.object({
  id: z.number().int(),
  return_ref: z.string(),
  item_id: z.number().int(),
  item_name: z.string(),
  quantity: z.string(),
  return_price: z.string(),
  original_price: z.string(),
  tot: z.string(),
});
export type ReturnLine = z.infer<typeof ReturnLine>;

export const ReturnWithLines = ReturnDocument.extend({ items: z.array(ReturnLine) });
export type ReturnWithLines = z.infer<typeof ReturnWithLines>;

/** An item of the original invoice: what it had, what returns took back already, and what can still come back. */
export const ReturnableLine = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  quantity: z.string(),
  returned_quantity: z.string(),
  remaining_quantity: z.string(),
  /** The unit price on the original line. */
  original_price: z.string(),
  /** That price less the line's share of the invoice discount: the default and the most a return may pay back. */
  net_price: z.string(),
  /**
   * What the item charged on the original, net of its discount share: what all its units together pay back, handed
   * out over them by `chargedForUnits` (the last units returned take the rounding).
   */
  net_total: z.string(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;

/** The original invoice a return is made against, as the return screens show it. */
export const ReturnOriginal = z.object({
  pay_id: z.number().int(),
  pay_ref: z.string(),
  pay_date: z.string(),
  cust_id: z.number().int(),
  sub_name: z.string(),
  tot_pr: z.string(),
  discount: z.string(),
  pay_method: z.string().nullable(),
});
export type ReturnOriginal = z.infer<typeof ReturnOriginal>;

/** `checkExistingReturns`: per item of the original, the quantities already returned (and the original itself). */
export const ExistingReturns = z.object({ data: z.array(ReturnableLine), original: ReturnOriginal });
export type ExistingReturns = z.infer<typeof ExistingReturns>;

/** An invoice with returns: the quantity of its lines and what came back (the records show what is left). */
export const ReturnedByInvoice = z.object({
  pay_id: z.number().int(),
  quantity: z.string(),
  returned_quantity: z.string(),
});
export type ReturnedByInvoice = z.infer<typeof ReturnedByInvoice>;
