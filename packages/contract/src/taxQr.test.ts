import { describe, expect, it } from 'vitest';
import { decodeTaxQr, taxQrBase64, taxQrBytes, taxQrTimestamp } from './taxQr.ts';

const fields = {
  sellerName: 'مؤسسة ميزان للتجارة',
  vatNumber: '300123456700003',
  timestamp: taxQrTimestamp('2026-03-10', '14:05:09'),
  totalWithVat: '130.50',
  vatTotal: '13.50',
};

describe('the tax QR (Saudi e-invoicing phase 1)', () => {
  it('decodes back to its five tags, each length the value’s UTF-8 byte length, with an Arabic seller name', () => {
    const decoded = decodeTaxQr(taxQrBase64(fields));
    expect(decoded).toEqual([
      { tag: 1, length: 36, value: 'مؤسسة ميزان للتجارة' }, // 17 Arabic letters × 2 bytes + 2 spaces
      { tag: 2, length: 15, value: '300123456700003' },
      { tag: 3, length: 19, value: '2026-03-10T14:05:09' },
      { tag: 4, length: 6, value: '130.50' },
      { tag: 5, length: 5, value: '13.50' },
    ]);
    for (const field of decoded) expect(field.length).toBe(new TextEncoder().encode(field.value).length);
    // The seller name's length is its bytes, not its letters.
    expect(decoded[0]?.length).not.toBe(fields.sellerName.length);
  });

  it('is the TLV bytes in Base64, the same as Node’s own encoder gives', () => {
    const bytes = taxQrBytes(fields);
    expect(taxQrBase64(fields)).toBe(Buffer.from(bytes).toString('base64'));
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([1, 36, 0xd9]);
  });

  it('a seller name past 255 bytes is cut at a letter’s boundary, so it still decodes', () => {
    const decoded = decodeTaxQr(taxQrBase64({ ...fields, sellerName: 'م'.repeat(200) }));
    expect(decoded[0]).toEqual({ tag: 1, length: 254, value: 'م'.repeat(127) });
    expect(decoded.map((field) => field.tag)).toEqual([1, 2, 3, 4, 5]);
  });
});
