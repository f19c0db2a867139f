import { type Company, decodeTaxQr } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { printsTaxQr, taxQrOf } from './TaxQr.tsx';

const company = (vat_registered: boolean) => ({ vat_registered, vatNo: '300123456700003' }) as Company;

describe('the tax QR of a printed document (docs/vat.md)', () => {
  it('follows the terms the saved sale was issued under, not the settings of the day', () => {
    // Issued before the company registered: no QR now; issued while registered: a QR after it left VAT.
    expect(printsTaxQr(company(true), 'pay', { vat_charged: false })).toBe(false);
    expect(printsTaxQr(company(false), 'pay', { vat_charged: true })).toBe(true);
    expect(printsTaxQr(company(true), 'sales_returns', { vat_charged: true })).toBe(true);
  });
  it('a sale still on the device follows the settings; a purchase or a preliminary invoice never prints one', () => {
    expect(printsTaxQr(company(true), 'pay')).toBe(true);
    expect(printsTaxQr(company(false), 'pay')).toBe(false);
    expect(printsTaxQr(company(true), 'perch', { vat_charged: true })).toBe(false);
    expect(printsTaxQr(company(true), 'payinit', { vat_charged: true })).toBe(false);
  });
  it('a value-only sale of a registered shop carries its VAT in the QR (issue 35, finding 3), not 0.00', () => {
    // As the server answers a value-only sale of 200.00 at the standard 15 %.
    const sale = {
      value_only: true,
      vat_rate: '15.00',
      vat_charged: true,
      pay_date: '2026-05-10',
      pay_time: '10:00:00',
      taxTot: '30.00',
      total_with_vat: '230.00',
    };
    expect(printsTaxQr(company(true), 'pay', sale)).toBe(true);
    const fields = decodeTaxQr(taxQrOf({ ...company(true), arName: 'ميزان' }, sale));
    expect(fields.slice(3).map((f) => [f.tag, f.value])).toEqual([
      [4, '230.00'],
      [5, '30.00'],
    ]);
  });
});
