import { describe, expect, it } from 'vitest';
import { ean13CheckDigit } from './labels.rules.ts';
import { DEFAULT_SCALE_LAYOUT, makeScaleBarcode, parseScaleBarcode, sameItemCode } from './scaleBarcode.ts';

describe('scale barcodes', () => {
  it('computes the EAN-13 check digit as GS1 does', () => {
    // Published EAN-13 numbers: 4006381333931 and 5901234123457.
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
  });

  it('reads a weight label: prefix, a 5-digit item code, grams, check digit', () => {
    const label = makeScaleBarcode('20', '12345', '01250');
    expect(label).toHaveLength(13);
    expect(parseScaleBarcode(label, DEFAULT_SCALE_LAYOUT)).toEqual({
      itemCode: '12345',
      value: '1.25',
      kind: 'weight',
    });
  });

  it('reads a price label with a 4-digit code and a 6-digit price in cents', () => {
    const label = makeScaleBarcode('29', '0042', '004550');
    expect(parseScaleBarcode(label, { codeDigits: 4, value: 'price', decimals: 2 })).toEqual({
      itemCode: '0042',
      value: '45.5',
      kind: 'price',
    });
  });

  it('reads whole values when the layout has no decimals and 6-digit codes', () => {
    const label = makeScaleBarcode('25', '123456', '0007');
    expect(parseScaleBarcode(label, { codeDigits: 6, value: 'weight', decimals: 0 })?.value).toBe('7');
  });

  it('every prefix from 20 to 29 is a scale label; others are ordinary barcodes', () => {
    for (let prefix = 20; prefix <= 29; prefix++) {
      expect(parseScaleBarcode(makeScaleBarcode(String(prefix), '00001', '00100'), DEFAULT_SCALE_LAYOUT)).toBeDefined();
    }
    expect(parseScaleBarcode('4006381333931', DEFAULT_SCALE_LAYOUT)).toBeUndefined();
    expect(parseScaleBarcode('1900001001005', DEFAULT_SCALE_LAYOUT)).toBeUndefined();
  });

  it('refuses a misread (wrong check digit), a wrong length, letters and a zero value', () => {
    const label = makeScaleBarcode('20', '12345', '01250');
    const wrong = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    expect(parseScaleBarcode(wrong, DEFAULT_SCALE_LAYOUT)).toBeUndefined();
    expect(parseScaleBarcode(label.slice(0, 12), DEFAULT_SCALE_LAYOUT)).toBeUndefined();
    expect(parseScaleBarcode(`${label}0`, DEFAULT_SCALE_LAYOUT)).toBeUndefined();
    expect(parseScaleBarcode('20A2345012508', DEFAULT_SCALE_LAYOUT)).toBeUndefined();
    expect(parseScaleBarcode(makeScaleBarcode('20', '12345', '00000'), DEFAULT_SCALE_LAYOUT)).toBeUndefined();
  });

  it('matches an item code with or without the leading zeros the label pads it with', () => {
    expect(sameItemCode('123', '00123')).toBe(true);
    expect(sameItemCode('00123', '00123')).toBe(true);
    expect(sameItemCode('1234', '00123')).toBe(false);
    expect(sameItemCode('K-123', '00123')).toBe(false);
    expect(sameItemCode(null, '00123')).toBe(false);
  });
});
