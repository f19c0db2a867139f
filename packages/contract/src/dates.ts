import { z } from 'zod';
import { toWesternDigits } from './digits.ts';

/** Years a document can be dated in: a typing slip (20226, 0026) is refused rather than stored. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

const DATE_MESSAGE = 'DATE_INVALID';
const TIME_MESSAGE = 'TIME_INVALID';

/** Whether `YYYY-MM-DD` names a day of the calendar (2026-02-30 and 2026-13-01 do not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no time zone can shift it).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether `HH:mm` or `HH:mm:ss` is a time of day (25:61 is not). */
export function isClockTime(text: string): boolean {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return !!match && Number(match[1]) < 24 && Number(match[2]) < 60 && Number(match[3] ?? 0) < 60;
}

const typedDigits = (value: unknown) => (typeof value === 'string' ? toWesternDigits(value).trim() : value);

/** The one date of the contract: an ISO day that exists; digits of any script are accepted. */
export const IsoDate = z.preprocess(
  typedDigits,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
    .refine(isCalendarDate, DATE_MESSAGE),
);

/** An optional date: empty and the legacy '0000-00-00' mean none. */
export const OptionalDate = z.preprocess(
  (value) => (value === '' || value === '0000-00-00' || value === undefined ? null : value),
  IsoDate.nullable(),
);

/** The one time of day of the contract. */
export const ClockTime = z.preprocess(typedDigits, z.string({ error: TIME_MESSAGE }).refine(isClockTime, TIME_MESSAGE));
