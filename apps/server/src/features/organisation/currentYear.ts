/**
 * The accounting year of a request, decided in one place for every year-scoped route (ARCHITECTURE: "The
 * accounting year"). A year travels with the call as `yearId`, `year_id` or `fq_year`; when it is missing, the base
 * that was called decides: under `/api/` it is year 1 (the seed's primary year), under `/api23/` the call is refused,
 * never silently read or written in another year.
 */
import { fail, ok, PRIMARY_YEAR_ID, type Result } from '@mizan/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { year } from '../../db/schema.ts';
import { calledSecondaryBase } from '../../lib/legacyPaths.ts';

export type AccountingYear = { id: number; yearStart: string; yearEnd: string };

/**
 * The years each database (the server's handle on it) has answered. A year's row never changes once made: the app
 * adds years and never updates or deletes one, so a year found is read once per process, and a request's year costs
 * no round trip after that. A year not found is asked again (it may be made since). A transaction reads its own.
 */
const foundYears = new WeakMap<DbOrTx, Map<number, AccountingYear>>();

export async function findYear(db: DbOrTx, id: number): Promise<AccountingYear | undefined> {
  const known = foundYears.get(db)?.get(id);
  if (known) return known;
  const [found] = await db
    .select({ id: year.id, yearStart: year.yearStart, yearEnd: year.yearEnd })
    .from(year)
    .where(eq(year.id, id));
  if (found && !('rollback' in db)) {
    const years = foundYears.get(db) ?? new Map<number, AccountingYear>();
    years.set(id, found);
    foundYears.set(db, years);
  }
  return found;
}

/** The id of a year that exists; undefined when none was named (the route decides the year, never a service). */
export async function resolveYearId(db: DbOrTx, requested: number | undefined): Promise<number | undefined> {
  return requested === undefined ? undefined : (await findYear(db, requested))?.id;
}

const YEAR_FIELDS = ['yearId', 'year_id', 'fq_year'] as const;

function yearIn(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  for (const field of YEAR_FIELDS) {
    const id = Number(fields[field]);
    if (fields[field] !== undefined && fields[field] !== '' && Number.isSafeInteger(id) && id > 0) return id;
  }
  return undefined;
}

/**
 * The year a request names: in its body (the body itself or its invoice header) before its query string, so a
 * document's own year wins over the one a client adds to every call. Rows of a legacy array each name their own
 * year; their routes ask for the request's year (`body: undefined`) only for rows that name none.
 */
export function sentYear(req: Pick<FastifyRequest, 'body' | 'query'>): number | undefined {
  const body = Array.isArray(req.body) ? undefined : (req.body as unknown);
  const invoice = typeof body === 'object' && body !== null ? (body as { invoice?: unknown }).invoice : undefined;
  return yearIn(invoice) ?? yearIn(body) ?? yearIn(req.query);
}

/**
 * The id of the year a year-scoped request is about, without reading it: the one it names, else year 1 under
 * `/api/`; refused under `/api23/`. For a save, whose load reads the year anyway (and refuses one that does not
 * exist with the same answer as `requestYear`), so a sale does not read it twice.
 */
export function requestYearId(req: Pick<FastifyRequest, 'body' | 'query' | 'raw'>): Result<number> {
  const sent = sentYear(req);
  if (sent === undefined && calledSecondaryBase(req.raw)) return fail('YEAR_REQUIRED', { yearId: 'YEAR_REQUIRED' });
  return ok(sent ?? PRIMARY_YEAR_ID);
}

/** The year a year-scoped request is about: the one it names, else year 1 under `/api/`; refused under `/api23/`. */
export async function requestYear(
  db: DbOrTx,
  req: Pick<FastifyRequest, 'body' | 'query' | 'raw'>,
): Promise<Result<AccountingYear>> {
  const id = requestYearId(req);
  if (!id.ok) return id;
  const found = await findYear(db, id.value);
  return found ? ok(found) : fail('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
}

/** A document's date lies inside its year. */
export const isInsideYear = (date: string, accountingYear: AccountingYear) =>
  date >= accountingYear.yearStart && date <= accountingYear.yearEnd;
