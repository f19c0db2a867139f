import { describe, expect, it } from 'vitest';
import { periodOf, periodYears } from './period.ts';

const year = { id: 1, yearStart: '2026-01-01', yearEnd: '2026-12-31' };

describe('the period of a report', () => {
  it('is the whole year, one day, or a range; a reversed range is refused', () => {
    expect(periodOf(year, { search_type: 0 })).toEqual({ ok: true, value: { start: '2026-01-01', end: '2026-12-31' } });
    expect(periodOf(year, { search_type: 1, start_date: '2026-03-02' })).toMatchObject({
      value: { start: '2026-03-02', end: '2026-03-02' },
    });
    expect(periodOf(year, { search_type: 2, start_date: '2025-12-01', end_date: '2026-01-31' })).toMatchObject({
      value: { start: '2025-12-01', end: '2026-01-31' },
    });
    expect(periodOf(year, { from: '2026-05-01' })).toMatchObject({ value: { start: '2026-05-01', end: '2026-12-31' } });
    expect(periodOf(year, { to: '2026-02-01' })).toMatchObject({ value: { start: '2026-01-01', end: '2026-02-01' } });
    expect(periodOf(year, { search_type: 2, start_date: '2026-03-02', end_date: '2026-03-01' })).toMatchObject({
      ok: false,
      code: 'DATE_RANGE_REVERSED',
    });
  });

  it('reads the years it runs through, opening in the year of its first day, never cut to one year', () => {
    const y2025 = { id: 2, yearStart: '2025-01-01', yearEnd: '2025-12-31' };
    const y2027 = { id: 3, yearStart: '2027-01-01', yearEnd: '2027-12-31' };
    const book = [year, y2027, y2025];
    const of = (start: string, end: string) => {
      const read = periodYears(book, { start, end });
      return read && { start: read.start, end: read.end, opening: read.opening.id, years: read.years.map((y) => y.id) };
    };
    expect(of('2025-11-01', '2026-01-31')).toEqual({
      start: '2025-11-01',
      end: '2026-01-31',
      opening: 2,
      years: [2, 1],
    });
    expect(of('2026-03-01', '2026-03-31')).toEqual({ start: '2026-03-01', end: '2026-03-31', opening: 1, years: [1] });
    expect(of('2025-06-01', '2027-02-01')).toMatchObject({ opening: 2, years: [2, 1, 3] });
    // Before the book's first day: it opens in the first year (nothing lies before it).
    expect(of('2020-01-01', '2025-03-31')).toMatchObject({ opening: 2, years: [2] });
    // After its last day: the book up to that day.
    expect(of('2028-01-01', '2028-12-31')).toMatchObject({ opening: 3, years: [3] });
    expect(periodYears([], { start: '2026-01-01', end: '2026-01-31' })).toBeUndefined();
  });
});
