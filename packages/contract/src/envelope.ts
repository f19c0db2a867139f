import { z } from 'zod';
import { errorCodes } from './errors.ts';
import { PageNumber } from './scope.ts';

/** Every successful answer: `{ data: [...] }`. Reads return arrays, as the legacy clients expect. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** A paged read adds the total count and the page it answers. Pages start at 1. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** The permission whose want refused the call (permissions.ts). */
    missing: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Default and largest page sizes (seed section 9: default 20, first page 1). */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
/**
 * The order of a paged list, chosen by a column's header: one of the columns the list names (`sort`) and the
 * direction. Without `sort` each list keeps its own order; the server breaks ties by id, so pages never overlap.
 */
export const sortFields = <const Keys extends readonly [string, ...string[]]>(keys: Keys) => ({
  sort: z.enum(keys).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** A yes/no query parameter: '1' or 'true', '0' or 'false'; empty or 'all' means it was not given. */
export const QueryFlag = z.preprocess((value) => {
  if (value === '' || value === 'all') return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return value;
}, z.boolean().optional());

export const PageQuery = z.object({
  page: PageNumber.default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

/** The answer of a change that names the row it touched. */
export const IdRows = dataOf(z.object({ id: z.number().int() }));
