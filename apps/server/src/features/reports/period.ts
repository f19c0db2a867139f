/**
 * The period a report reads, decided in one place: the whole year of the request by default, one day
 * (`search_type` 1), or a range (`search_type` 2, or any `from`/`to`). Dates may leave the year: a balance-sheet
 * account's statement runs across years (one book, docs/accounting-years.md).
 */
import { type ErrorCode, fail, ok, type Result } from '@mizan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** A period kept inside the year (profit-and-loss accounts start each year at zero). */
export const withinYear = (year: AccountingYear, period: Period): Period => ({
  start: period.start < year.yearStart ? year.yearStart : period.start,
  end: period.end > year.yearEnd ? year.yearEnd : period.end,
});

/**
 * The request's year and the period its query asks for, or undefined when the refusal (an unknown year, a reversed
 * range) has been sent: every report route starts with it.
 */
export async function requestPeriod(
  db: Parameters<typeof requestYear>[0],
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ year: AccountingYear; period: Period } | undefined> {
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
  return { year: year.value, period: period.value };
}
