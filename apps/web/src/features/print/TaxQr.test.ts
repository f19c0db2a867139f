import type { Company } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { printsTaxQr } from './TaxQr.tsx';

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
});
