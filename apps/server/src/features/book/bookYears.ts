/**
 * One book across years (docs/accounting-years.md). A year is a reporting period of one continuous book: stock and
 * balance-sheet balances at a year's end are everything dated up to it, whatever year it was saved in; profit and
 * loss starts each year at zero. The kept sums (`item_cost`, `account_balance`) stay per year, so a figure "as of
 * year Y" adds the sums of Y and of every year that starts before it.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { year } from '../../db/schema.ts';

/** The ids of the years that start no later than `yearId` (itself included): a subquery for `"yearId" in ...`. */
export const yearsThrough = (yearId: number | SQLWrapper): SQL =>
  sql`(select y.id from ${year} y where y."yearStart" <= (select t."yearStart" from ${year} t where t.id = ${yearId}))`;

/** The ids of the years that start before `yearId`: what closed into the book before it. */
export const yearsBefore = (yearId: number | SQLWrapper): SQL =>
  sql`(select y.id from ${year} y where y."yearStart" < (select t."yearStart" from ${year} t where t.id = ${yearId}))`;
