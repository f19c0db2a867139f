import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDecimal,
  formatMoney,
  formatPercent,
  formatQuantity,
  isolate,
  parseDate,
  profitPercent,
} from './format.ts';

describe('numbers for the eye', () => {
  it('formats amounts typed in any digits, and shows a value that is not a number yet as typed, never a crash', () => {
    expect(formatDecimal('1234567.5')).toBe('1,234,567.50');
    expect(formatDecimal('١٠٠')).toBe('100.00');
    expect(formatDecimal('-٢٠٫٥')).toBe('-20.50');
    expect(formatDecimal('12a')).toBe('12a');
    expect(formatDecimal('.')).toBe('.');
    expect(formatQuantity('٣')).toBe('3');
  });

  it('groups the whole part by thousands exactly as Intl does (which it no longer builds at start), leading zeros dropped', () => {
    expect(formatDecimal('0')).toBe('0.00');
    expect(formatDecimal('000012')).toBe('12.00');
    expect(formatDecimal('999.999', 3)).toBe('999.999');
    expect(formatDecimal('1000')).toBe('1,000.00');
    expect(formatDecimal('-1234567890123.45')).toBe('-1,234,567,890,123.45');
    const oracle = new Intl.NumberFormat('ar-SD-u-nu-latn', { useGrouping: true });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.nat({ max: 4 }), (whole, zeros) => {
        const typed = `${'0'.repeat(zeros)}${whole}`;
        expect(formatDecimal(typed, 0)).toBe(oracle.format(whole));
      }),
    );
  });

  it('the profit percentage accepts Arabic-Indic digits and is empty while a price is not a number', () => {
    expect(profitPercent('٨٠', '١٠٠')).toBe('25.00');
    expect(profitPercent('100', '80')).toBe('-20.00');
    expect(profitPercent('80', '1٠0x')).toBe('');
    expect(profitPercent('', '10')).toBe('');
  });
});

describe('money, percentages and dates for the eye', () => {
  it('money carries the company currency and its decimals; without one it is the plain amount', () => {
    expect(formatMoney('1234.5', { currency_symbol: 'ج.س', currency_decimals: 2 })).toBe('1,234.50 ج.س');
    expect(formatMoney('1234.5', { currency_symbol: 'د.ك', currency_decimals: 3 })).toBe('1,234.500 د.ك');
    expect(formatMoney('-20', null)).toBe('-20.00');
    expect(formatMoney('', { currency_symbol: 'ج.س', currency_decimals: 2 })).toBe('');
    expect(formatPercent('12.5')).toBe('12.50 %');
    expect(isolate('1,234.50 ج.س')).toBe('\u20681,234.50 ج.س\u2069');
  });

  it('dates are shown day first whatever the browser language, and a value that is not an ISO date as it is', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(formatDate('2026-01-05T10:00:00.000Z')).toBe('05/01/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('غدا')).toBe('غدا');
  });

  it('dates are typed day first in any digits and separator, and only days of the calendar are taken', () => {
    expect(parseDate('23/11/2026')).toBe('2026-11-23');
    expect(parseDate('٢٣/١١/٢٠٢٦')).toBe('2026-11-23');
    expect(parseDate(' 5-1-26 ')).toBe('2026-01-05');
    expect(parseDate('29.02.2028')).toBe('2028-02-29');
    expect(parseDate('29/02/2026')).toBeUndefined();
    expect(parseDate('31/04/2026')).toBeUndefined();
    expect(parseDate('2026-11-23')).toBeUndefined();
    expect(parseDate('')).toBeUndefined();
  });
});
