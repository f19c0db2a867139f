import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AssignBarcodesBody,
  barcodeForms,
  DEFAULT_EAN_PREFIX,
  ean13CheckDigit,
  eanCapacity,
  isValidEan13,
  labelBarcodeOf,
  labelPrice,
  labelsForQuantity,
  MAX_LABELS,
  nextStoreEan13s,
  StoreEanPrefix,
  sameBarcode,
  storeEan13,
  symbologyOf,
} from './index.ts';

/** Published barcodes (GS1's and Wikipedia's examples, an ISBN, a UPC-A as EAN-13) with their check digits. */
const golden: [string, number][] = [
  ['590123412345', 7],
  ['400638133393', 1],
  ['978020137962', 4],
  ['003600029145', 2],
  ['978186197271', 2],
  ['000000000000', 0],
];

describe('EAN-13 check digits', () => {
  it.each(golden)('the check digit of %s is %i', (first12, digit) => {
    expect(ean13CheckDigit(first12)).toBe(digit);
    expect(isValidEan13(`${first12}${digit}`)).toBe(true);
  });

  it('a barcode with any other last digit, or not 13 Western digits, is not a valid EAN-13', () => {
    expect(isValidEan13('5901234123458')).toBe(false);
    expect(isValidEan13('590123412345')).toBe(false);
    expect(isValidEan13('59012341234577')).toBe(false);
    expect(isValidEan13('٥٩٠١٢٣٤١٢٣٤٥٧')).toBe(false);
    expect(isValidEan13('590123412345x')).toBe(false);
  });

  it('a misread digit is always caught: changing one digit of a valid EAN-13 makes it invalid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.nat(12), fc.integer({ min: 1, max: 9 }), (first12, at, by) => {
        const code = `${first12}${ean13CheckDigit(first12)}`;
        const changed = `${code.slice(0, at)}${(Number(code[at]) + by) % 10}${code.slice(at + 1)}`;
        expect(isValidEan13(code)).toBe(true);
        expect(isValidEan13(changed)).toBe(false);
      }),
    );
  });
});

describe('a scanned code and a barcode', () => {
  it('are the same when equal, or when the scan is the 12-digit UPC-A of an EAN-13 that starts with 0', () => {
    expect(sameBarcode('0400000000015', '0400000000015')).toBe(true);
    expect(sameBarcode('0400000000015', '400000000015')).toBe(true);
    expect(sameBarcode('5901234123457', '901234123457')).toBe(false);
    expect(sameBarcode('0400000000015', '40000000001')).toBe(false);
    expect(sameBarcode(null, '400000000015')).toBe(false);
    expect(barcodeForms('400000000015')).toEqual(['400000000015', '0400000000015']);
    expect(barcodeForms('A1')).toEqual(['A1']);
  });
});

describe('which barcode a label draws', () => {
  it('EAN-13 for a valid EAN-13, Code 128 for any other printable code, none for what cannot be printed', () => {
    expect(symbologyOf('5901234123457')).toBe('ean13');
    expect(symbologyOf('5901234123458')).toBe('code128');
    expect(symbologyOf('12345678')).toBe('code128');
    expect(symbologyOf('AB-12/x')).toBe('code128');
    expect(symbologyOf('صنف1')).toBeUndefined();
    expect(symbologyOf(' 123')).toBeUndefined();
    expect(symbologyOf('')).toBeUndefined();
  });

  it('the label prints the barcode, else the item code, else nothing', () => {
    expect(labelBarcodeOf({ item_parcode: '5901234123457', part_no: 'A1' })).toEqual({
      code: '5901234123457',
      symbology: 'ean13',
    });
    expect(labelBarcodeOf({ item_parcode: null, part_no: 'A1' })).toEqual({ code: 'A1', symbology: 'code128' });
    expect(labelBarcodeOf({ item_parcode: 'باركود', part_no: '77' })).toEqual({ code: '77', symbology: 'code128' });
    expect(labelBarcodeOf({ item_parcode: null, part_no: null })).toBeUndefined();
  });
});

describe('the price on the label', () => {
  const item = { pay_price: '10.00', tax: '15' };
  it('adds VAT when the company is registered and its prices exclude VAT', () => {
    expect(labelPrice(item, { vat_registered: true, prices_include_vat: false })).toBe('11.50');
    expect(labelPrice({ pay_price: '9.99', tax: '15' }, { vat_registered: true, prices_include_vat: false })).toBe(
      '11.49',
    );
  });
  it('is the selling price when prices include VAT or the company is not registered', () => {
    expect(labelPrice(item, { vat_registered: true, prices_include_vat: true })).toBe('10.00');
    expect(labelPrice(item, { vat_registered: false, prices_include_vat: false })).toBe('10.00');
  });
});

describe('labels after a purchase', () => {
  it('one per unit of a whole quantity, one for a weight, none for nothing', () => {
    expect(labelsForQuantity('12')).toBe(12);
    expect(labelsForQuantity('12.000')).toBe(12);
    expect(labelsForQuantity('1.250')).toBe(1);
    expect(labelsForQuantity('0')).toBe(0);
    expect(labelsForQuantity('-3')).toBe(0);
    expect(labelsForQuantity('abc')).toBe(0);
    expect(labelsForQuantity('5000')).toBe(MAX_LABELS);
  });
});

describe("the store's own EAN-13s", () => {
  it('prefix, running number and the check digit', () => {
    // 0·1 + 4·3 + 1·3 = 15: check digit 5.
    expect(storeEan13('04', 1n)).toBe('0400000000015');
    expect(isValidEan13(storeEan13('04', 1n))).toBe(true);
    expect(storeEan13('0401', 42n)).toBe(`040100000042${ean13CheckDigit('040100000042')}`);
    expect(() => storeEan13('04', 0n)).toThrow();
    expect(() => storeEan13('04', eanCapacity('04') + 1n)).toThrow();
  });

  it("the default prefix is GS1's 04, numbers a company keeps for itself, outside every scale's range", () => {
    expect(DEFAULT_EAN_PREFIX).toBe('04');
    expect(StoreEanPrefix.safeParse(DEFAULT_EAN_PREFIX).success).toBe(true);
    for (const good of ['040123', '6281234', '0499']) expect(StoreEanPrefix.safeParse(good).success).toBe(true);
  });

  it('a prefix is 2 to 9 Western digits', () => {
    for (const bad of ['4', '0400000000', '0a', '', ' 04', '٠٤']) {
      const parsed = StoreEanPrefix.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['EAN_PREFIX_FORMAT']);
    }
  });

  it("a prefix in the scales' range (20–29, and UPC's random-weight 02) is refused: a scale label could read as ours", () => {
    for (const scale of ['20', '29', '2001', '200123', '02', '0299']) {
      const parsed = StoreEanPrefix.safeParse(scale);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['EAN_PREFIX_SCALE_RANGE']);
    }
  });

  it('new numbers come after every code of the prefix the store holds, valid or not, and never repeat', () => {
    const existing = ['0400000000015', '0400000000073', '0400000000109', '5901234123457', 'A1', '0300000009999'];
    // 0400000000073 and 0400000000109 have wrong check digits: their numbers are still taken.
    expect(nextStoreEan13s('04', existing, 2)).toEqual([storeEan13('04', 11n), storeEan13('04', 12n)]);
    expect(nextStoreEan13s('04', [], 1)).toEqual(['0400000000015']);
  });

  it('any store and any request: the codes given are valid, new and distinct', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10_000n }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 30 }),
        (serials, count) => {
          const existing = serials.map((s) => storeEan13('04', s));
          const given = nextStoreEan13s('04', existing, count) ?? [];
          expect(given).toHaveLength(count);
          expect(new Set([...existing, ...given]).size).toBe(new Set(existing).size + count);
          for (const code of given) expect(isValidEan13(code)).toBe(true);
        },
      ),
    );
  });

  it('none when the numbers are used up', () => {
    const last = storeEan13('0400000', eanCapacity('0400000'));
    expect(nextStoreEan13s('0400000', [last], 1)).toBeUndefined();
  });

  it('a request names 1 to 1000 items', () => {
    expect(AssignBarcodesBody.safeParse({ item_ids: [] }).success).toBe(false);
    expect(AssignBarcodesBody.safeParse({ item_ids: [1, 2] }).success).toBe(true);
  });
});
