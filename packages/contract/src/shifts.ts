/**
 * Till shifts (issue 34, docs/shifts.md): a shift opens on a till (a device or a named register of the store) with
 * a counted float, takes the till's sales, its paid in and paid out, and closes with the cash counted against what
 * the books expect: float + cash sales − cash refunds + paid in − paid out. Amounts are strings with 2 decimals.
 */
import { z } from 'zod';
import { NonNegativeMoneyString, PositiveMoneyString } from './amounts.ts';
import { PageQuery } from './envelope.ts';
import { Id } from './scope.ts';
import { Text } from './text.ts';

/** A till's name: the device's own (the web app names each device) or a register's ("الكاشير 1"). */
export const TillName = Text().trim().min(1).max(60);

/** A count of the cash by denomination, as the cashier typed it: 3 notes of 50.00, 12 coins of 0.50. */
export const Denomination = z.object({
  value: PositiveMoneyString,
  count: z.coerce.number().int().min(0).max(1_000_000),
});
export type Denomination = z.output<typeof Denomination>;
const Denominations = z.array(Denomination).max(40);

export const ShiftOpenBody = z.object({
  till: TillName,
  /** The float counted into the drawer; when denominations are sent it must be their sum. */
  opening_float: NonNegativeMoneyString,
  denominations: Denominations.optional(),
});
export type ShiftOpenBody = z.output<typeof ShiftOpenBody>;

/**
 * Which shift a call is about: the one named (a manager's call on another's shift), else the open shift of the
 * till named, else the user's own open shift in the store.
 */
const ShiftChoice = z.object({ shift_id: Id.optional(), till: TillName.optional() });

export const ShiftCurrentQuery = z.object({ till: TillName.optional(), store_id: Id.optional() });

export const shiftMoveKinds = ['in', 'out'] as const;
export const ShiftCashMoveBody = ShiftChoice.extend({
  kind: z.enum(shiftMoveKinds),
  amount: PositiveMoneyString,
  reason: Text().trim().min(1).max(200),
  /** The account the money comes from (in) or goes to (out); the store's paid-in or paid-out account by default. */
  account_id: Id.optional(),
});
export type ShiftCashMoveBody = z.output<typeof ShiftCashMoveBody>;

export const ShiftCloseBody = ShiftChoice.extend({
  /** The cash counted in the drawer at the close; when denominations are sent it must be their sum. */
  counted: NonNegativeMoneyString,
  denominations: Denominations.optional(),
});
export type ShiftCloseBody = z.output<typeof ShiftCloseBody>;

export const ShiftReopenBody = z.object({ shift_id: Id });
export const ShiftByIdQuery = z.object({ shift_id: Id, store_id: Id.optional() });
export const ShiftListQuery = PageQuery.extend({
  store_id: Id.optional(),
  till: TillName.optional(),
  /** Only the open ones (true) or the closed ones (false). */
  open: z.preprocess((value) => (value === '' ? undefined : value === 'true' || value === '1'), z.boolean().optional()),
});

const Amount = z.string();

export const CashMove = z.object({
  id: z.number().int(),
  kind: z.enum(shiftMoveKinds),
  amount: Amount,
  reason: z.string(),
  account_id: z.number().int(),
  account_name: z.string(),
  move_date: z.string(),
  created_at: z.string(),
  user_name: z.string().nullable(),
});
export type CashMove = z.infer<typeof CashMove>;

/** A shift as the record lists it. */
export const Shift = z.object({
  id: z.number().int(),
  shift_ref: z.string(),
  store_id: z.number().int(),
  till: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  opening_float: Amount,
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  /** What was counted at the close (null while open). */
  counted_cash: Amount.nullable(),
  /** What the books expected in the drawer when it was counted (null while open). */
  expected_at_close: Amount.nullable(),
  /** counted − expected at close: negative short, positive over (null while open). */
  difference: Amount.nullable(),
});
export type Shift = z.infer<typeof Shift>;

/**
 * The X report (an open shift, figures so far) and the Z report (a closed one): what the drawer should hold and
 * what makes it up. `expected_cash` is what the count is (or will be) against; `corrections_after_close` is what
 * edits of its documents since the close changed (they are not in the drawer that was counted).
 */
export const ShiftReport = Shift.extend({
  opening_denominations: z.array(z.object({ value: Amount, count: z.number().int() })).nullable(),
  closing_denominations: z.array(z.object({ value: Amount, count: z.number().int() })).nullable(),
  cash_sales: Amount,
  cash_refunds: Amount,
  card_sales: Amount,
  credit_sales: Amount,
  paid_in: Amount,
  paid_out: Amount,
  sales_count: z.number().int(),
  returns_count: z.number().int(),
  /** float + cash sales − cash refunds + paid in − paid out; for a closed shift, as it stood at the close. */
  expected_cash: Amount,
  counted_cash: Amount.nullable(),
  difference: Amount.nullable(),
  /** For a closed shift: the cash its documents carry now less what was expected at the close. */
  corrections_after_close: Amount,
  moves: z.array(CashMove),
});
export type ShiftReport = z.infer<typeof ShiftReport>;
