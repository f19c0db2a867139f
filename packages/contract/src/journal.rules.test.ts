import { describe, expect, it } from 'vitest';
import { checkJournal, checkLineSides, isPostable, journalTotals, sideOf } from './journal.rules.ts';
import { MAX_AMOUNT_TEXT } from './money.ts';

const line = (debit: string, credit: string) => ({ debit, credit });

describe('the rules of a journal', () => {
  it('a line with only a debit is on the from side, only a credit on the to side; both or neither on none', () => {
    expect(sideOf(line('10.00', '0.00'))).toBe('from');
    expect(sideOf(line('0', '0.01'))).toBe('to');
    expect(sideOf(line('5.00', '5.00'))).toBeUndefined();
    expect(sideOf(line('0.00', '0'))).toBeUndefined();
  });

  it('totals each side exactly, in cents', () => {
    const totals = journalTotals([line('0.10', '0'), line('0.20', '0'), line('0', '0.30')]);
    expect(totals).toEqual({ debit: 30n, credit: 30n });
  });

  it('posts only when the two sides are equal and non-zero', () => {
    expect(isPostable([line('100.00', '0'), line('0', '60.00'), line('0', '40.00')])).toBe(true);
    expect(isPostable([line('100.00', '0'), line('0', '99.99')])).toBe(false);
    expect(isPostable([line('100.00', '0')])).toBe(false);
    expect(isPostable([])).toBe(false);
    expect(isPostable([line('0', '0'), line('0', '0')])).toBe(false);
  });

  it('a one-call journal that is unbalanced or zero is refused with JOURNAL_UNBALANCED on its lines', () => {
    expect(checkJournal([line('100.00', '0'), line('0', '90.00')])).toEqual({
      ok: false,
      code: 'JOURNAL_UNBALANCED',
      fields: { items: 'JOURNAL_UNBALANCED' },
    });
    expect(checkJournal([])).toMatchObject({ ok: false, code: 'JOURNAL_UNBALANCED' });
    expect(checkJournal([line('100.00', '0'), line('0', '100.00')])).toEqual({ ok: true, value: ['from', 'to'] });
  });

  it('names every line with both or neither amount at once, before the balance', () => {
    expect(checkJournal([line('5', '5'), line('10', '0'), line('0', '0'), line('0', '10')])).toEqual({
      ok: false,
      code: 'JOURNAL_LINE_ONE_SIDE',
      fields: { 'items.0.debit': 'JOURNAL_LINE_ONE_SIDE', 'items.2.debit': 'JOURNAL_LINE_ONE_SIDE' },
    });
  });

  it('lines sent to one side’s legacy path carry their amount on that side', () => {
    expect(checkLineSides([line('10', '0'), line('0', '10')], { path: '', side: 'from' })).toEqual({
      ok: false,
      code: 'JOURNAL_LINE_WRONG_SIDE',
      fields: { '1.debit': 'JOURNAL_LINE_WRONG_SIDE' },
    });
    expect(checkLineSides([line('0', '10')], { path: '', side: 'to' })).toEqual({ ok: true, value: ['to'] });
  });

  it('a side whose total passes the largest amount is refused, not overflowed', () => {
    expect(checkJournal([line(MAX_AMOUNT_TEXT, '0'), line('0.01', '0'), line('0', MAX_AMOUNT_TEXT)])).toEqual({
      ok: false,
      code: 'AMOUNT_TOO_LARGE',
      fields: { items: 'AMOUNT_TOO_LARGE' },
    });
  });
});
