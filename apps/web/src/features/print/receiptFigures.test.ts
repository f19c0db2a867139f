import { describe, expect, it } from 'vitest';
import { receiptTotals, receiptWords } from './receiptFigures.ts';

const rows = (...args: Parameters<typeof receiptTotals>) =>
  receiptTotals(...args).map(({ label, value }) => [label, value]);

describe('the POS receipt’s words and totals (issue 35)', () => {
  it('a sales return of a VAT-registered shop is a credit note crediting the customer, never a sale', () => {
    const words = receiptWords('sales_returns', true);
    expect(words).toMatchObject({ title: 'إشعار دائن مبسط / مرتجع مبيعات', isReturn: true, ref: 'رقم الإشعار:' });
    // 100.00 + VAT 15.00, nothing refunded now: all of it credited to him.
    const back = {
      tot_pr: '100.00',
      discount: '0.00',
      taxTot: '15.00',
      total_with_vat: '115.00',
      pay: '0.00',
      changee: '115.00',
    };
    expect(rows(back, { kind: 'sales_returns', vatRegistered: true, received: '200' })).toEqual([
      ['إجمالي المرتجع', '100.00'],
      ['الإجمالي قبل الضريبة', '100.00'],
      ['ضريبة القيمة المضافة', '15.00'],
      ['إجمالي المرتجع شامل الضريبة', '115.00'],
      ['يقيد لحساب العميل', '115.00'],
    ]);
    // Refunded in full in cash: what was refunded, nothing credited.
    expect(rows({ ...back, pay: '115.00', changee: '0.00' }, { kind: 'sales_returns', vatRegistered: true })).toEqual([
      ['إجمالي المرتجع', '100.00'],
      ['الإجمالي قبل الضريبة', '100.00'],
      ['ضريبة القيمة المضافة', '15.00'],
      ['إجمالي المرتجع شامل الضريبة', '115.00'],
      ['المبلغ المسترد للعميل', '115.00'],
    ]);
  });

  it('a company that is not VAT-registered prints no VAT words', () => {
    expect(receiptWords('pay', false).title).toBe('إيصال مبيعات');
    expect(receiptWords('sales_returns', false).title).toBe('إشعار دائن / مرتجع مبيعات');
    const sale = {
      tot_pr: '25.00',
      discount: '0.00',
      taxTot: '0.00',
      total_with_vat: '25.00',
      pay: '25.00',
      changee: '0.00',
    };
    const printed = rows(sale, { kind: 'pay', vatRegistered: false, received: '30' });
    expect(printed).toEqual([
      ['الإجمالي', '25.00'],
      ['الصافي', '25.00'],
      ['المستلم', '30.00'],
      ['المدفوع', '25.00'],
      ['الباقي للعميل', '5.00'],
    ]);
    expect(printed.flat().join(' ')).not.toContain('الضريبة');
    expect(rows(sale, { kind: 'sales_returns', vatRegistered: false }).map(([label]) => label)).toEqual([
      'إجمالي المرتجع',
      'صافي المرتجع',
      'المبلغ المسترد للعميل',
    ]);
  });

  it('a registered shop’s sale: VAT, the total with it, and what is left on a credit customer', () => {
    expect(receiptWords('pay', true).title).toBe('فاتورة ضريبية مبسطة');
    // A preliminary invoice is no tax invoice: it is printed under its own name.
    expect(receiptWords('payinit', true).title).toBe('فاتورة مبدئية');
    const sale = {
      tot_pr: '250.00',
      discount: '10.00',
      taxTot: '36.00',
      total_with_vat: '276.00',
      pay: '100.00',
      changee: '176.00',
    };
    expect(rows(sale, { kind: 'pay', vatRegistered: true })).toEqual([
      ['الإجمالي', '250.00'],
      ['الخصم', '10.00'],
      ['الإجمالي قبل الضريبة', '240.00'],
      ['ضريبة القيمة المضافة', '36.00'],
      ['الإجمالي شامل الضريبة', '276.00'],
      ['المدفوع', '100.00'],
      ['المتبقي على العميل', '176.00'],
    ]);
  });

  it('a purchase return names the supplier and what he refunds or owes back', () => {
    expect(receiptWords('purchase_returns', true)).toMatchObject({ title: 'مرتجع مشتريات', party: 'المورد:' });
    const back = {
      tot_pr: '80.00',
      discount: '0.00',
      taxTot: '12.00',
      total_with_vat: '92.00',
      pay: '2.00',
      changee: '90.00',
    };
    expect(rows(back, { kind: 'purchase_returns', vatRegistered: true }).slice(-2)).toEqual([
      ['المبلغ المسترد من المورد', '2.00'],
      ['يقيد على حساب المورد', '90.00'],
    ]);
  });
});
