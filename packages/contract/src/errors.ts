import type { FieldError } from './fieldErrors.ts';

/** Every expected failure the API can answer with. The HTTP status and the Arabic text are keyed by these. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'LOGIN_FAILED',
  'NOT_SIGNED_IN',
  'XSRF_MISSING',
  'STORE_FORBIDDEN',
  'YEAR_NOT_FOUND',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'TOO_MANY_ATTEMPTS',
  'CONFLICT',
  'ADMIN_ONLY',
  'CATEGORY_IN_USE',
  'CATEGORY_NAME_TAKEN',
  'ITEM_IN_USE',
  'ITEM_CODE_TAKEN',
  'ITEM_BARCODE_TAKEN',
  'ITEMS_HAVE_MOVEMENTS',
  'PRICE_NOT_POSITIVE',
  'STOCK_INSUFFICIENT',
  'NEGATIVE_REMAINDER',
  'DISCOUNT_EXCEEDS_TOTAL',
  'ACCOUNT_NOT_FOUND',
  'ITEM_NOT_FOUND',
  'DOCUMENT_NOT_EDITABLE',
  'ACCOUNT_IN_USE',
  'ACCOUNT_NAME_TAKEN',
  'ACCOUNT_CODE_TAKEN',
  'SYSTEM_ACCOUNT',
  'INTERNAL',
  // The accounting year and idempotency keys (issue 8, section 3 and 1).
  'YEAR_REQUIRED',
  'DATE_OUTSIDE_YEAR',
  'DOCUMENT_IN_OTHER_YEAR',
  'IDEMPOTENCY_KEY_REUSED',
  // Issue 21, selling offline: a device's sale counter names one sale.
  'DEVICE_COUNTER_REUSED',
  // Bad input (issue 8, "input"): figures past the columns, unreadable uploads, requests past the header limit.
  'AMOUNT_TOO_LARGE',
  'UPLOAD_UNREADABLE',
  'REQUEST_TOO_LARGE',
  // Issue 8, security and robustness (helper "sec").
  'DATABASE_UNAVAILABLE',
  // Issue 32: the books on disk.
  'DISK_FULL',
  'DATABASE_UPGRADE_FAILED',
  // Issue 8 (stock and accounts): the party of an invoice is on its side.
  'NOT_A_CUSTOMER',
  'NOT_A_SUPPLIER',
  // Issue 18, part 2: journals (vouchers and journal entries).
  'JOURNAL_UNBALANCED',
  'JOURNAL_LINE_ONE_SIDE',
  'JOURNAL_LINE_WRONG_SIDE',
  'ACCOUNT_KEPT_BY_STOCK',
  // Issue 10: sales and purchase returns against their original invoice.
  'ORIGINAL_NOT_FOUND',
  'ITEM_NOT_ON_ORIGINAL',
  'RETURN_EXCEEDS_REMAINING',
  'RETURN_PRICE_ABOVE_ORIGINAL',
  'DOCUMENT_HAS_RETURNS',
  'BELOW_RETURNED',
  // Issue 18, part 5: returns follow their original.
  'PARTY_HAS_RETURNS',
  'BELOW_REFUNDED',
  // Issue 18, part 4: one book across years.
  'YEAR_CLOSED',
  'OPENINGS_IN_FIRST_YEAR',
  // A return comes after its original on the book's dates (the cost engine values it from the original).
  'RETURN_BEFORE_ORIGINAL',
  'ORIGINAL_AFTER_RETURN',
  // Issue 18, part 2: stock counts.
  'COUNT_EQUALS_SYSTEM',
  'ITEM_REPEATED',
  // Issue 21: a sale to the walk-in customer is paid in full.
  'WALK_IN_UNPAID',
  // Issue 21: another day's final invoice is edited or deleted by an administrator only.
  'PAST_DAY_ADMIN_ONLY',
  // Issue 20 (reports): a period whose first day is after its last.
  'DATE_RANGE_REVERSED',
  // Issue 20: account types and parents, vouchers and what they settle.
  'ACCOUNT_TYPE_NOT_OF_CLASS',
  'ACCOUNT_PARENT_INVALID',
  'NOT_A_MONEY_ACCOUNT',
  'NOT_AN_EXPENSE_ACCOUNT',
  'VOUCHER_SAME_ACCOUNT',
  'ALLOCATION_NOT_OPEN_INVOICE',
  'ALLOCATION_EXCEEDS_INVOICE',
  'ALLOCATION_EXCEEDS_PAYMENT',
  'INVOICE_BELOW_SETTLED',
  // Issue 22, part 1: who manages a user, and imports that cannot exhaust the server.
  'OWNER_ONLY',
  'USER_IN_OTHER_STORES',
  'LAST_ADMIN',
  'ALL_STORES_ADMIN_ONLY',
  // Issue 22, part 2: roles and permissions.
  'PERMISSION_DENIED',
  'PERMISSION_UNDECLARED',
  'OWNER_ROLE_FIXED',
  // Issue 34: till shifts.
  'SHIFT_NOT_OPEN',
  'SHIFT_ALREADY_OPEN',
  'SHIFT_CLOSED',
  'SHIFT_STILL_OPEN',
  // Issue 34, part 3: the store's own barcodes (labels.ts) are used up under its prefix.
  'BARCODE_NUMBERS_USED_UP',
  // Issue 33, part 2: stock transfers.
  'TRANSFER_RECEIVED',
  'ITEM_NOT_ON_TRANSFER',
  'MORE_THAN_IN_TRANSIT',
  // Issue 33, part 5: price lists.
  'PRICE_LIST_NOT_FOUND',
  'PRICE_LIST_NAME_TAKEN',
  'PRICE_LIST_IN_USE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** What a refusal says about its fields: a code per field (see fieldErrors.ts), worded by the screen. */
export type FieldErrors = Record<string, FieldError>;

/** A refusal for want of a permission names it (`missing`, a key of permissions.ts): its answer says which. */
export type Result<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; fields?: FieldErrors; missing?: string };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, fields?: FieldErrors): Result<T> => ({
  ok: false,
  code,
  fields,
});

/** Refused for want of a permission (a key of permissions.ts), the fields it concerns named. */
export const refuse = <T = never>(missing: string, fields?: FieldErrors): Result<T> => ({
  ok: false,
  code: 'PERMISSION_DENIED',
  fields,
  missing,
});
