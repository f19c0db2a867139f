import { z } from 'zod';

export const Id = z.coerce.number().int().positive();

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
