/**
 * Stock transfers between the company's stores (التحويل المخزني, docs/transfers.md): goods leave the sending store at
 * its moving-average cost on the transfer's date and sit in transit; each receipt brings all or part of each line into
 * the receiving store at exactly the cost that left, dated the day received; what is never received can be sent back
 * into the sending store the same way. Item ids are the sending store's rows on the transfer and the receiving
 * store's on its receipt; a line names both (one catalogue item, docs/catalogue.md).
 */
import { z } from 'zod';
import { QuantityString } from './amounts.ts';
import { ClockTime, IsoDate } from './dates.ts';
import { PageQuery } from './envelope.ts';
import { Id } from './scope.ts';
import { optionalText } from './text.ts';

const PositiveQuantity = QuantityString.refine((value) => !value.startsWith('-') && /[1-9]/.test(value), {
  message: 'QUANTITY_NOT_POSITIVE',
});

/** The most lines of one transfer (a branch's whole restock). */
export const MAX_TRANSFER_LINES = 2_000;

export const TransferLineInput = z.object({ item_id: Id, quantity: PositiveQuantity });

export const CreateTransferBody = z.object({
  transfer: z.object({
    /** The sending store: the session's (sent or not, another is refused as every store-scoped call is). */
    from_store_id: Id.optional(),
    to_store_id: Id,
    transfer_date: IsoDate,
    /** Its time on its date (default: when it is saved; an edit keeps its time). */
    transfer_time: ClockTime.optional(),
    note: optionalText(1000),
  }),
  items: z.array(TransferLineInput).min(1, 'NO_LINES').max(MAX_TRANSFER_LINES),
});
export type CreateTransferBody = z.output<typeof CreateTransferBody>;

/** An edit: its lines replace the old (none below what was received), its date stays before its first receipt. */
export const UpdateTransferBody = CreateTransferBody.extend({
  transfer: CreateTransferBody.shape.transfer.extend({ pay_id: Id }),
});
export type UpdateTransferBody = z.output<typeof UpdateTransferBody>;

export const DeleteTransferBody = z.object({ pay_id: Id });

/**
 * A receipt of a transfer in the session's store (the receiving one), or, `send_back`, what is still in transit taken
 * back into the sending store. Lines name the session store's item rows; none: everything still in transit.
 */
export const ReceiveTransferBody = z.object({
  transfer_id: Id,
  receipt_date: IsoDate.optional(),
  receipt_time: ClockTime.optional(),
  note: optionalText(1000),
  send_back: z.boolean().optional(),
  lines: z.array(TransferLineInput).max(MAX_TRANSFER_LINES).optional(),
});
export type ReceiveTransferBody = z.output<typeof ReceiveTransferBody>;

export const DeleteReceiptBody = z.object({ receipt_id: Id });

export const TransferByIdQuery = z.object({ store_id: Id.optional(), pay_id: Id });

/** The record: the latest, a date or a range; sent or received by the session's store; still in transit or all. */
export const TransferListQuery = PageQuery.extend({
  store_id: Id.optional(),
  direction: z.enum(['all', 'sent', 'received']).default('all'),
  in_transit: z
    .preprocess((value) => value === 'true' || value === '1' || value === true, z.boolean())
    .optional()
    .default(false),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});
export type TransferListQuery = z.output<typeof TransferListQuery>;

export const TransferLine = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  catalogue_id: z.number().int(),
  from_item_id: z.number().int(),
  to_item_id: z.number().int(),
  item_name: z.string(),
  part_no: z.string().nullable(),
  item_parcode: z.string().nullable(),
  quantity: z.string(),
  received: z.string(),
  sent_back: z.string(),
  in_transit: z.string(),
  /** What the line's goods cost as they left (null for a role that reads no costs). */
  value: z.string().nullable(),
});

export const TransferReceipt = z.object({
  pay_id: z.number().int(),
  pay_ref: z.string(),
  store_id: z.number().int(),
  sent_back: z.boolean(),
  receipt_date: z.string(),
  receipt_time: z.string(),
  note: z.string().nullable(),
  user_name: z.string().nullable(),
  lines: z.array(z.object({ transfer_line_id: z.number().int(), item_id: z.number().int(), quantity: z.string() })),
});

export const Transfer = z.object({
  pay_id: z.number().int(),
  pay_ref: z.string(),
  from_store_id: z.number().int(),
  from_store_name: z.string(),
  to_store_id: z.number().int(),
  to_store_name: z.string(),
  transfer_date: z.string(),
  transfer_time: z.string(),
  note: z.string().nullable(),
  user_name: z.string().nullable(),
  /** `in_transit` (nothing or part received), `received` (all of it arrived or was sent back). */
  status: z.enum(['in_transit', 'received']),
  quantity: z.string(),
  received: z.string(),
  in_transit: z.string(),
  value: z.string().nullable(),
});
export type Transfer = z.infer<typeof Transfer>;

export const TransferWithLines = Transfer.extend({
  lines: z.array(TransferLine),
  receipts: z.array(TransferReceipt),
});
export type TransferWithLines = z.infer<typeof TransferWithLines>;
