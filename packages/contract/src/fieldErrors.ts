/**
 * What is wrong with one field of a refused request. The error envelope's `fields` carry these codes only (never a
 * sentence), the contract's schemas name them as their messages, and the web app words each one in Arabic. Zod's
 * own checks (a missing field, a text too long) are turned into codes by `fieldErrorOf`, on the server and in the
 * browser alike, so both show the same words. Kept free of zod, so the first load of the web app can read it.
 */
import type { ErrorCode } from './errors.ts';

export const fieldErrorCodes = [
  // Zod's own checks, by kind.
  'REQUIRED',
  'INVALID',
  'TOO_SHORT',
  'TOO_LONG',
  'NOT_A_NUMBER',
  'NOT_A_WHOLE_NUMBER',
  'NOT_POSITIVE',
  'TOO_SMALL',
  'TOO_BIG',
  'NOT_AN_OPTION',
  'UNKNOWN_FIELD',
  // The contract's own checks.
  'TEXT_UNSTORABLE',
  'AMOUNT_INVALID',
  'AMOUNT_TOO_LARGE',
  'AMOUNT_NOT_POSITIVE',
  'AMOUNT_NEGATIVE',
  'QUANTITY_INVALID',
  'QUANTITY_TOO_LARGE',
  'QUANTITY_NOT_POSITIVE',
  'QUANTITY_NEGATIVE',
  'PERCENT_OUT_OF_RANGE',
  'DATE_INVALID',
  'TIME_INVALID',
  'PHONE_INVALID',
  'COUNTRY_CODE_FORMAT',
  'CURRENCY_CODE_FORMAT',
  'VAT_NO_SAUDI',
  'VAT_NO_REQUIRED',
  'SELLER_NAME_TOO_LONG',
  'PASSWORD_TOO_SHORT',
  'USER_NAME_FORMAT',
  'NO_LINES',
  // Refusals of the server that name a field.
  'STORE_NOT_FOUND',
  'CATEGORY_NOT_FOUND',
  'MAIN_ACCOUNT_NOT_FOUND',
  'ACCOUNT_CATEGORY_NOT_FOUND',
  'USER_NAME_TAKEN',
  'CANNOT_DISABLE_SELF',
  'LOGO_TYPE',
  'LOGO_TOO_LARGE',
  'FILE_REQUIRED',
  'FILE_NOT_A_SHEET',
  'FILE_TOO_LARGE',
  'FILE_TOO_MANY_ROWS',
  'FILE_UNPACKS_TOO_LARGE',
  'FILE_CELL_TOO_LONG',
  'ITEM_COLUMNS_MISSING',
  'OPENING_COLUMNS_MISSING',
  'FILE_UPDATES_ITEMS',
  'CODE_REPEATED_IN_FILE',
  'BARCODE_REPEATED_IN_FILE',
  'NOT_THE_ORIGINAL_PARTY',
  'DUE_BEFORE_DATE',
  // Issue 35: an opening balance is dated.
  'OPENING_DATE_OUTSIDE_BOOK',
  'OPENING_YEAR_CLOSED',
  'CLASS_IN_CLOSED_YEAR',
  // Issue 34: a count by denomination adds up to the amount typed.
  'DENOMINATIONS_NOT_SUM',
  // Issue 34, part 3: the store's own EAN-13 prefix (labels.ts).
  'EAN_PREFIX_FORMAT',
  'EAN_PREFIX_SCALE_RANGE',
  // Issue 33, part 2: stock transfers.
  'TRANSFER_SAME_STORE',
  'RECEIPT_BEFORE_TRANSFER',
  'NOTHING_IN_TRANSIT',
  // One catalogue: two opening quantities of one year cannot be merged.
  'MERGE_TWO_OPENINGS',
] as const;

/** A field's error: one of the codes above, or an error code of the API that names the field (`ITEM_CODE_TAKEN`). */
export type FieldError = (typeof fieldErrorCodes)[number] | ErrorCode;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

const known = new Set<string>(fieldErrorCodes);
export const isFieldErrorCode = (text: string): text is FieldErrorCode => known.has(text);

/** The parts of a zod issue (v4) the code is read from; typed here so that this module needs no zod. */
export type IssueLike = {
  code: string;
  message?: string | undefined;
  input?: unknown;
  origin?: string | undefined;
  expected?: string | undefined;
  minimum?: unknown;
  format?: string | undefined;
};

/**
 * The code of a zod issue: a schema's own message when it is a code, else the kind of check that failed. A text
 * that must have at least one character is "required", as is any field that is missing.
 */
export function fieldErrorOf(issue: IssueLike): FieldErrorCode {
  if (issue.message && isFieldErrorCode(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'REQUIRED';
      return issue.expected === 'number' || issue.expected === 'int' ? 'NOT_A_NUMBER' : 'INVALID';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'REQUIRED' : 'TOO_SHORT';
      if (issue.origin === 'array') return Number(issue.minimum) <= 1 ? 'NO_LINES' : 'TOO_SMALL';
      return issue.minimum === 0 ? 'NOT_POSITIVE' : 'TOO_SMALL';
    case 'too_big':
      return issue.origin === 'string' ? 'TOO_LONG' : 'TOO_BIG';
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
      return 'NOT_AN_OPTION';
    case 'unrecognized_keys':
      return 'UNKNOWN_FIELD';
    case 'not_multiple_of':
      return 'NOT_A_WHOLE_NUMBER';
    default:
      return 'INVALID';
  }
}
