import { describe, expect, it } from 'vitest';
import { normalizeNumberInput, toWesternDigits } from './digits.ts';

describe('digits typed in any script', () => {
  it('converts Arabic-Indic and Persian digits', () => {
    expect(toWesternDigits('١٠٠')).toBe('100');
    expect(toWesternDigits('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
    expect(toWesternDigits('SH-S-٠٠٠٠١٢')).toBe('SH-S-000012');
  });
  it('normalises a typed number: separators, grouping, marks and spaces', () => {
    expect(normalizeNumberInput('١٬٢٣٤٫٥')).toBe('1234.5');
    expect(normalizeNumberInput(' ٣ ')).toBe('3');
    expect(normalizeNumberInput('1,250.75')).toBe('1250.75');
    expect(normalizeNumberInput('\u200f-٥')).toBe('-5');
    expect(normalizeNumberInput('−7')).toBe('-7');
    expect(normalizeNumberInput('abc')).toBe('abc');
  });
});
