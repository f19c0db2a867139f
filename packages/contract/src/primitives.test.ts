import { describe, expect, it } from 'vitest';
import { MoneyString, QuantityString } from './amounts.ts';
import { ClockTime, IsoDate, isCalendarDate, OptionalDate } from './dates.ts';
import { MAX_AMOUNT_TEXT } from './money.ts';
import { Id, MAX_ID } from './scope.ts';
import { optionalCode, optionalText, Text } from './text.ts';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : 'refused';
};

describe('the contract primitives every endpoint shares', () => {
  it('an id is a positive integer up to 2^31-1, typed in any digits', () => {
    expect(accepts(Id, 7)).toBe(7);
    expect(accepts(Id, '12')).toBe(12);
    expect(accepts(Id, '١٢')).toBe(12);
    expect(accepts(Id, '۱۲')).toBe(12);
    expect(accepts(Id, MAX_ID)).toBe(MAX_ID);
    for (const bad of [MAX_ID + 1, '2147483648', 2 ** 53, '99999999999999999999', 0, -1, 1.5, 'abc', '', 1e308]) {
      expect(accepts(Id, bad), String(bad)).toBe('refused');
    }
  });

  it('a date is a day of the calendar; a time a time of day', () => {
    expect(accepts(IsoDate, '2026-02-28')).toBe('2026-02-28');
    expect(accepts(IsoDate, '2028-02-29')).toBe('2028-02-29');
    expect(accepts(IsoDate, '٢٠٢٦-٠٣-٠١')).toBe('2026-03-01');
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '0000-01-01',
      '2026-1-1',
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
      expect(accepts(IsoDate, bad), bad).toBe('refused');
    }
    expect(accepts(OptionalDate, '0000-00-00')).toBe(null);
    expect(accepts(OptionalDate, '2026-02-30')).toBe('refused');
    expect(accepts(ClockTime, '23:59')).toBe('23:59');
    expect(accepts(ClockTime, '23:59:59')).toBe('23:59:59');
    for (const bad of ['25:61', '24:00', '23:60', '10:30:61', '1:2'])
      expect(accepts(ClockTime, bad), bad).toBe('refused');
  });

  it('text refuses NUL and lone surrogates, and keeps every real character', () => {
    expect(accepts(Text(), 'زيت 😀 Oil')).toBe('زيت 😀 Oil');
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'a\uDFFFb', 'نص\uDBFF']) {
      expect(accepts(Text(), bad), JSON.stringify(bad)).toBe('refused');
      expect(accepts(optionalText(), bad), JSON.stringify(bad)).toBe('refused');
    }
  });

  it('codes are trimmed and kept in Western digits whatever digits they were typed in; empty is no code', () => {
    expect(accepts(optionalCode(), ' ١٠٢ ')).toBe('102');
    expect(accepts(optionalCode(), 'FLT-۸۰۲')).toBe('FLT-802');
    expect(accepts(optionalCode(), 'ف-٣A')).toBe('ف-3A');
    for (const empty of ['', '  ', null, undefined]) expect(accepts(optionalCode(), empty)).toBe(null);
    expect(accepts(optionalCode(3), '١٢٣٤')).toBe('refused');
    expect(accepts(optionalCode(), 'a\u0000b')).toBe('refused');
  });

  it('amounts and quantities are typed in any digits with ٫ and ٬, answered in Western digits, and bounded', () => {
    expect(accepts(MoneyString, '١٠٠')).toBe('100.00');
    expect(accepts(MoneyString, '١٬٢٣٤٫٥')).toBe('1234.50');
    expect(accepts(MoneyString, '۲۵٫۷۵')).toBe('25.75');
    expect(accepts(MoneyString, MAX_AMOUNT_TEXT)).toBe(MAX_AMOUNT_TEXT);
    expect(accepts(MoneyString, `-${MAX_AMOUNT_TEXT}`)).toBe(`-${MAX_AMOUNT_TEXT}`);
    for (const bad of ['1000000000000.00', '9999999999999.99', '9'.repeat(30), 1e21, '1e400', 'NaN', '0.001']) {
      expect(accepts(MoneyString, bad), String(bad)).toBe('refused');
    }
    expect(accepts(QuantityString, '٣')).toBe('3');
    expect(accepts(QuantityString, '٢٫٥')).toBe('2.5');
    expect(accepts(QuantityString, '999999999.999')).toBe('999999999.999');
    for (const bad of ['1000000000', '999999999999.999', '0.0001', 1e21, 'abc']) {
      expect(accepts(QuantityString, bad), String(bad)).toBe('refused');
    }
  });
});
