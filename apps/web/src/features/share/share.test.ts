import { describe, expect, it } from 'vitest';
import { invoiceSummaryText, whatsAppLink, whatsAppNumber } from './share.ts';

describe('sharing an invoice', () => {
  it('turns the customer’s phone into WhatsApp’s number: the country’s code for a local number, digits only', () => {
    expect(whatsAppNumber('0912 345 678', 'SD')).toBe('249912345678');
    expect(whatsAppNumber('٠٩١٢٣٤٥٦٧٨', 'SD')).toBe('249912345678');
    expect(whatsAppNumber('+966 50 123 4567', 'SD')).toBe('966501234567');
    expect(whatsAppNumber('00966501234567', 'SD')).toBe('966501234567');
    expect(whatsAppNumber('0501234567', 'SA')).toBe('966501234567');
    expect(whatsAppNumber('', 'SD')).toBeUndefined();
    expect(whatsAppNumber(null, 'SD')).toBeUndefined();
    expect(whatsAppNumber('12', 'SD')).toBeUndefined();
  });

  it('says the number, date, total and what is still owed, and links no invoice', () => {
    const text = invoiceSummaryText({
      label: 'فاتورة مبيعات',
      pay_ref: 'SH-S-000012',
      pay_date: '2026-12-03',
      total: '1150.00',
      remaining: '150.00',
      currency: 'ج.س',
      company: 'ميزان للتجارة',
      party: 'محمد عثمان',
    });
    expect(text).toBe(
      [
        'فاتورة مبيعات SH-S-000012',
        'التاريخ: 03/12/2026',
        'العميل: محمد عثمان',
        'الإجمالي: 1,150.00 ج.س',
        'المتبقي: 150.00 ج.س',
        'ميزان للتجارة',
      ].join('\n'),
    );
    expect(text).not.toMatch(/https?:/);
    const paid = invoiceSummaryText({
      label: 'فاتورة مبيعات',
      pay_ref: 'SH-S-000013',
      pay_date: '2026-12-03',
      total: '20.00',
      remaining: '0.00',
      currency: 'ج.س',
      company: 'ميزان',
    });
    expect(paid).not.toContain('المتبقي');
    expect(whatsAppLink('أ ب', '249912345678')).toBe('https://wa.me/249912345678?text=%D8%A3%20%D8%A8');
    expect(whatsAppLink('x', undefined)).toBe('https://wa.me/?text=x');
  });
});
