/**
 * The period a report reads, decided in one place: the whole year of the request by default, one day
 * (`search_type` 1), or a range (`search_type` 2, or any `from`/`to`). Dates may leave the year: a period runs across
 * years as asked (one book, docs/accounting-years.md), never cut to the request's year.
 */
import { type ErrorCode, fail, ok, type Result } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { sendError } from '../../lib/sendError.ts';
import { type AccountingYear, requestYear } from '../organisation/currentYear.ts';

export type Period = { start: string; end: string };
type PeriodQuery = {
  search_type?: number;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
};

export function periodOf(year: AccountingYear, query: PeriodQuery): Result<Period> {
  const start = query.from ?? query.start_date ?? undefined;
  const end = query.to ?? query.end_date ?? undefined;
  const period =
    query.search_type === 1 && start
      ? { start, end: start }
      : { start: start ?? year.yearStart, end: end ?? (start && start > year.yearEnd ? start : year.yearEnd) };
  const reversed: ErrorCode = 'DATE_RANGE_REVERSED';
  return period.start > period.end ? fail(reversed, { end_date: reversed }) : ok(period);
}

/**
 * A period with the years it reads (docs/reports.md, "A period across the year end"): `opening`, the year its first
 * day falls in, where it opens (a profit-and-loss account from that year's first day, retained earnings with the
 * years before it), and `years`, every year from that one through its last day, whose movements it runs through.
 * A period is never cut to one year: it is read as asked, across the year end (the book is one).
 */
export type BookPeriod = Period & { opening: AccountingYear; years: AccountingYear[] };

/**
 * The years of a period among the book's (`years`, in any order). The opening year is the one holding the first
 * day; a first day no year holds opens in the first year after it (nothing lies before it), else in the last year
 * before it (the book up to that day).
 */
export function periodYears(years: AccountingYear[], period: Period): BookPeriod | undefined {
  const sorted = [...years].sort((a, b) => (a.yearStart < b.yearStart ? -1 : a.yearStart > b.yearStart ? 1 : 0));
  const opening =
    sorted.find((y) => y.yearStart <= period.start && y.yearEnd >= period.start) ??
    sorted.find((y) => y.yearStart > period.start) ??
    sorted.findLast((y) => y.yearEnd < period.start);
  if (!opening) return undefined;
  return {
    ...period,
    opening,
    years: sorted.filter((y) => y === opening || (y.yearStart > opening.yearStart && y.yearStart <= period.end)),
  };
}

/** A period inside one year, read in that year (the dashboard's and the balance sheet's "from the year's start"). */
export const inYear = (year: AccountingYear, period: Period): BookPeriod => ({
  ...period,
  opening: year,
  years: [year],
});

/** Every year of the book (a few rows). */
export async function bookYearsOf(db: DbOrTx): Promise<AccountingYear[]> {
  return (
    await db.execute<AccountingYear>(
      sql`select id, "yearStart"::text as "yearStart", "yearEnd"::text as "yearEnd" from year order by "yearStart"`,
    )
  ).rows;
}

/** The period with its years, read from the book. */
export async function bookPeriod(db: DbOrTx, period: Period, fallback: AccountingYear): Promise<BookPeriod> {
  return periodYears(await bookYearsOf(db), period) ?? inYear(fallback, period);
}

/**
 * The request's year and the period its query asks for, or undefined when the refusal (an unknown year, a reversed
 * range) has been sent: every report route starts with it.
 */
export async function requestPeriod(
  db: Parameters<typeof requestYear>[0],
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ year: AccountingYear; period: BookPeriod } | undefined> {
  const year = await requestYear(db, req);
  if (!year.ok) {
    sendError(reply, year);
    return undefined;
  }
  const period = periodOf(year.value, req.query as PeriodQuery);
  if (!period.ok) {
    sendError(reply, period);
    return undefined;
  }
  return { year: year.value, period: await bookPeriod(db, period.value, year.value) };
}
