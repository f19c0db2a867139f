import { describe, expect, it } from 'vitest';
import {
  addLine,
  changeLine,
  type DraftInvoice,
  discountForPercent,
  emptyInvoice,
  figures,
  lineAmount,
  removeLine,
  toRequest,
} from './invoiceForm.ts';

const line = (item_id: number, quantity: string, price: string) => ({
  item_id,
  item_name: `صنف ${item_id}`,
  quantity,
  price,
  stock: '10',
});

describe('the invoice being typed', () => {
  it('three lines with a 10 % discount and a partial payment give the figures the server will save', () => {
    let invoice: DraftInvoice = { ...emptyInvoice(), cust_id: 1 };
    invoice = addLine(invoice, line(1, '2', '1500.50'));
    invoice = addLine(invoice, line(2, '1.5', '200'));
    invoice = addLine(invoice, line(3, '3', '33.33'));
    invoice = { ...invoice, discount: discountForPercent(invoice, '10'), pay: '2000' };
    expect(figures(invoice)).toMatchObject({
      tot_pr: '3400.99',
      net: '3060.89',
      changee: '1060.89',
      discountPercent: '10.00',
    });
    expect(lineAmount(invoice.lines[2] ?? { ...line(0, '0', '0'), uid: '' })).toBe('99.99');
  });

  it('the same item at the same price merges; any change of lines resets the discount', () => {
    let invoice = addLine(emptyInvoice(), line(1, '1', '10'));
    invoice = { ...invoice, discount: '2' };
    invoice = addLine(invoice, line(1, '0.5', '10.00'));
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]?.quantity).toBe('1.5');
    expect(invoice.discount).toBe('0');
    invoice = addLine(invoice, line(1, '1', '11'));
    expect(invoice.lines).toHaveLength(2);
    const edited = removeLine(changeLine(invoice, 0, { quantity: '4' }), 1).lines;
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({ item_id: 1, quantity: '4', price: '10' });
  });

  it('a payment above the net amount is a problem the screen shows before saving', () => {
    const invoice = { ...addLine(emptyInvoice(), line(1, '1', '100')), pay: '100.01' };
    expect(figures(invoice).problem).toBe('NEGATIVE_REMAINDER');
    expect(figures({ ...invoice, pay: '0', discount: '101' }).problem).toBe('DISCOUNT_EXCEEDS_TOTAL');
  });

  it('the request carries the lines with the typed prices and the idempotency key', () => {
    const invoice = { ...addLine(emptyInvoice(), line(7, ' 2 ', '5.5')), cust_id: 3 };
    expect(toRequest(invoice, 'key-123456')).toMatchObject({
      invoice: { cust_id: 3, discount: '0', pay: '0', nextPay: null },
      items: [{ item_id: 7, quantity: '2', pay_price: '5.5' }],
      idempotency_key: 'key-123456',
    });
  });
});
