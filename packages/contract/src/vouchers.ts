/**
 * Vouchers (docs/vouchers.md): receipt, payment and expense vouchers, journals of the journal family with a money
 * account, one other account, an amount, and for a customer or supplier the invoices it settles (allocations).
 */
import { z } from 'zod';
import { PositiveMoneyString } from './amounts.ts';
import { IsoDate } from './dates.ts';
import { PageQuery } from './envelope.ts';
import { Journal, JournalLine } from './journal.ts';
import { Id } from './scope.ts';
import { optionalText, Text } from './text.ts';
import { voucherKinds } from './vouchers.rules.ts';

export const VoucherKind = z.enum(voucherKinds);
export type VoucherKind = z.infer<typeof VoucherKind>;

export const AllocationInput = z.object({ pay_id: Id, amount: PositiveMoneyString });

export const VoucherInput = z.object({
  voucher_kind: VoucherKind,
  j_date: IsoDate,
  /** The cash box or bank (an account of class 4). */
  money_account_id: Id,
  /** The customer, supplier, expense or other account paid or paying. */
  account_id: Id,
  amount: PositiveMoneyString,
  /** What the user wrote (`البيان`). */
  j_details: optionalText(1000),
  /** The invoices it settles and how much of each; left out: none (or oldest first with `allocate_oldest`). */
  allocations: z.array(AllocationInput).max(500).default([]),
  /** The server allocates the amount over the account's open invoices, oldest first (`allocations` is then ignored). */
  allocate_oldest: z.boolean().optional(),
  yearId: Id.optional(),
  store_id: Id.optional(),
  idempotency_key: Text().trim().min(8).max(100).optional(),
});
export type VoucherInput = z.output<typeof VoucherInput>;
export const UpdateVoucherBody = VoucherInput.extend({ j_id: Id });
export type UpdateVoucherBody = z.output<typeof UpdateVoucherBody>;
export const VoucherIdBody = z.object({ j_id: Id });
export const VoucherIdQuery = z.object({ j_id: Id, store_id: Id.optional() });

export const VoucherAllocation = z.object({
  pay_id: z.number().int(),
  pay_ref: z.string(),
  pay_date: z.string(),
  amount: z.string(),
});
export type VoucherAllocation = z.infer<typeof VoucherAllocation>;

export const Voucher = Journal.extend({
  voucher_kind: VoucherKind,
  money_account_id: z.number().int(),
  money_account_name: z.string(),
  account_id: z.number().int(),
  account_name: z.string(),
  /** What its allocations settled in all. */
  allocated: z.string(),
});
export type Voucher = z.infer<typeof Voucher>;
export const VoucherWithDetails = Voucher.extend({
  items: z.array(JournalLine),
  allocations: z.array(VoucherAllocation),
});
export type VoucherWithDetails = z.infer<typeof VoucherWithDetails>;

/**
 * The voucher record: the latest (`recent`, no dates), one date (`from`), or a range (`from`, `to`), of the year,
 * paged, optionally of one kind or one account; with the count and the sum of the whole filter.
 */
export const VoucherListQuery = PageQuery.extend({
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  voucher_kind: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), VoucherKind.optional()),
  account_id: z.preprocess((v) => (v === '' ? undefined : v), Id.optional()),
});
export type VoucherListQuery = z.output<typeof VoucherListQuery>;
export const VoucherPage = z.object({
  data: z.array(Voucher),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  amount_total: z.string(),
});

/** An account's invoices still open to a voucher of a kind (oldest first); `j_id`: leave out that voucher's own. */
export const OpenInvoicesQuery = z.object({
  account_id: Id,
  voucher_kind: VoucherKind,
  j_id: z.preprocess((v) => (v === '' ? undefined : v), Id.optional()),
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
});
export const OpenInvoice = z.object({
  pay_id: z.number().int(),
  pay_ref: z.string(),
  pay_date: z.string(),
  nextPay: z.string().nullable(),
  yearId: z.number().int(),
  /** What it comes to: total less discount, with its VAT (`total_with_vat`, docs/vat.md). */
  net: z.string(),
  /** Its remainder when saved (that − paid on it). */
  changee: z.string(),
  /** What other vouchers settled of it. */
  settled: z.string(),
  remaining: z.string(),
});
export type OpenInvoice = z.infer<typeof OpenInvoice>;
