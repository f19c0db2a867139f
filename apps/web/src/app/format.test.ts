import { describe, expect, it } from 'vitest';
import { formatDecimal, formatQuantity, profitPercent } from './format.ts';

describe('numbers for the eye', () => {
  it('formats amounts typed in any digits, and shows a value that is not a number yet as typed, never a crash', () => {
    expect(formatDecimal('1234567.5')).toBe('1,234,567.50');
    expect(formatDecimal('١٠٠')).toBe('100.00');
    expect(formatDecimal('-٢٠٫٥')).toBe('-20.50');
    expect(formatDecimal('12a')).toBe('12a');
    expect(formatDecimal('.')).toBe('.');
    expect(formatQuantity('٣')).toBe('3');
  });

  it('the profit percentage accepts Arabic-Indic digits and is empty while a price is not a number', () => {
    expect(profitPercent('٨٠', '١٠٠')).toBe('25.00');
    expect(profitPercent('100', '80')).toBe('-20.00');
    expect(profitPercent('80', '1٠0x')).toBe('');
    expect(profitPercent('', '10')).toBe('');
  });
});
