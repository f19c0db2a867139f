import { describe, expect, it } from 'vitest';
import { periodOf, withinYear } from './period.ts';

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

  it('is kept inside the year for a profit-and-loss account', () => {
    expect(withinYear(year, { start: '2025-12-01', end: '2027-01-31' })).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
    });
  });
});
