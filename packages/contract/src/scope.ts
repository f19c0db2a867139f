import { z } from 'zod';
import { normalizeNumberInput } from './digits.ts';

/** Ids are PostgreSQL `integer` (serial) columns: a larger one cannot name a row, and the database would refuse it. */
export const MAX_ID = 2_147_483_647;

/** A number written as text: digits of any script, an optional sign and decimals ("١٢" is 12). */
export const numberText = (value: string) => {
  const typed = normalizeNumberInput(value);
  return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : value;
};

/**
 * A row id, in a body (a number, or a string from legacy clients) or a query: positive, at most `MAX_ID`.
 * Typed digits of any script are accepted ("١٢" is 12). Nothing else is read as a number: `true`, `[1]` and `null`
 * are refused, where coercing read them as 1, 1 and 0 (`{"id": true}` was user 1).
 */
export const Id = z.preprocess(
  (value) => (typeof value === 'string' ? numberText(value) : value),
  z.number({ error: 'NOT_A_NUMBER' }).int('NOT_A_WHOLE_NUMBER').positive('NOT_POSITIVE').max(MAX_ID, 'TOO_BIG'),
);

/** A page number (1, 2, ...): bounded like an id, so an offset never leaves the database's range. */
export const PageNumber = Id;

/** Every store-scoped call names its store; the server refuses any store but the session's. */
export const StoreQuery = z.object({ store_id: Id });
export type StoreQuery = z.infer<typeof StoreQuery>;

/**
 * Year-scoped reads: legacy clients send `yearId`, newer ones `year_id`; both are accepted.
 * Use `yearOf` to read the one that was sent.
 */
export const StoreYearQuery = StoreQuery.extend({ yearId: Id.optional(), year_id: Id.optional() });
export type StoreYearQuery = z.infer<typeof StoreYearQuery>;

export const yearOf = (query: { yearId?: number; year_id?: number }): number | undefined =>
  query.yearId ?? query.year_id;
