import { describe, expect, it } from 'vitest';
import {
  blankValueInvoice,
  remainderOf,
  toValueInvoiceBody,
  type ValueInvoiceValues,
  valueInvoiceForm,
} from './valueInvoiceForm.ts';

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
    expect(remainderOf({ tot_pr: '250', pay: '50.25' })).toBe('199.75');
    expect(remainderOf({ tot_pr: '١٠٠', pay: '' })).toBe('100.00');
    expect(remainderOf({ tot_pr: '', pay: '5' })).toBe('');
  });
});
