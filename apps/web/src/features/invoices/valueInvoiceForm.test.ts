import { describe, expect, it } from 'vitest';
import {
  blankValueInvoice,
  toValueInvoiceBody,
  type ValueInvoiceValues,
  valueInvoiceFigures,
  valueInvoiceForm,
} from './valueInvoiceForm.ts';

const NO_VAT = { charged: false, pricesIncludeVat: false };
const ON_TOP = { charged: true, pricesIncludeVat: false };
const INCLUDED = { charged: true, pricesIncludeVat: true };

const typed = (values: Partial<ValueInvoiceValues>): ValueInvoiceValues => ({
  ...blankValueInvoice(),
  pay_date: '2026-11-22',
  ...values,
});
const fieldsRefused = (values: ValueInvoiceValues) =>
  Object.fromEntries(valueInvoiceForm.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);

describe('the value-only invoice form', () => {
  it('sends a value-only header: amounts typed in any digits, no payment as 0', () => {
    expect(toValueInvoiceBody(typed({ cust_id: 7, tot_pr: '٢٥٠٫٥', pay: '' }))).toMatchObject({
      cust_id: 7,
      tot_pr: '250.5',
      pay: '0',
      value_only: true,
    });
  });

  it('an empty note and due date are sent as none', () => {
    const parsed = valueInvoiceForm.parse(typed({ cust_id: 7, tot_pr: '100', payComment: ' ', nextPay: '' }));
    expect(parsed).toMatchObject({ payComment: null, nextPay: null, tot_pr: '100.00', value_only: true });
  });

  it('a party not chosen and a zero total are refused on their fields', () => {
    expect(fieldsRefused(typed({ tot_pr: '0' }))).toMatchObject({
      cust_id: expect.any(String),
      tot_pr: 'AMOUNT_NOT_POSITIVE',
    });
  });

  it('the remainder is the total less the payment, exact; empty while the total is not an amount', () => {
    const remainderOf = (values: { tot_pr: string; pay: string }) =>
      valueInvoiceFigures({ ...values, vat_rate: '' }, NO_VAT, '15').remaining;
    expect(remainderOf({ tot_pr: '250', pay: '50.25' })).toBe('199.75');
    expect(remainderOf({ tot_pr: '١٠٠', pay: '' })).toBe('100.00');
    expect(remainderOf({ tot_pr: '', pay: '5' })).toBe('');
  });

  it('a VAT-registered shop: VAT at the rate typed, else the default; on top or within; 0 allowed', () => {
    expect(valueInvoiceFigures({ tot_pr: '200', pay: '30', vat_rate: '' }, ON_TOP, '15')).toEqual({
      vat: '30.00',
      totalWithVat: '230.00',
      remaining: '200.00',
    });
    expect(valueInvoiceFigures({ tot_pr: '100', pay: '0', vat_rate: '٥' }, ON_TOP, '15').vat).toBe('5.00');
    expect(valueInvoiceFigures({ tot_pr: '100', pay: '0', vat_rate: '0' }, ON_TOP, '15').totalWithVat).toBe('100.00');
    expect(valueInvoiceFigures({ tot_pr: '115', pay: '0', vat_rate: '' }, INCLUDED, '15')).toMatchObject({
      vat: '15.00',
      totalWithVat: '115.00',
    });
    expect(valueInvoiceFigures({ tot_pr: '100', pay: '0', vat_rate: '101' }, ON_TOP, '15').vat).toBe('');
  });

  it('sends the rate typed, and none when left empty (the server takes the standard rate, or an edit keeps its own)', () => {
    expect(toValueInvoiceBody(typed({ cust_id: 7, tot_pr: '100', vat_rate: '٥' }))).toMatchObject({ vat_rate: '5' });
    expect(toValueInvoiceBody(typed({ cust_id: 7, tot_pr: '100', vat_rate: '' })).vat_rate).toBeUndefined();
  });
});
