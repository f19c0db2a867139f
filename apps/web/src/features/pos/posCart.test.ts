import { DEFAULT_SCALE_LAYOUT, makeScaleBarcode } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { emptyInvoice, figures } from '../invoices/invoiceForm.ts';
import { discountedPrice, exactItem, labelItem, quantityForPrice, scaleLine, withPayment } from './posCart.ts';

const items = [
  { id: 1, part_no: 'K-1', item_parcode: '6291041500213', pay_price: '12.50' },
  { id: 2, part_no: '123', item_parcode: null, pay_price: '45.00' },
  { id: 3, part_no: null, item_parcode: '0400000000015', pay_price: '9.00' },
];

describe('the POS cart', () => {
  it('finds a scanned barcode or code exactly, and a scale label’s item by its code without the zeros', () => {
    expect(exactItem(items, '6291041500213')?.id).toBe(1);
    expect(exactItem(items, 'K-1')?.id).toBe(1);
    expect(exactItem(items, '629104150021')).toBeUndefined();
    // An EAN-13 starting with 0 (the store's own 04…) scanned by a scanner that sends it as its 12-digit UPC-A.
    expect(exactItem(items, '0400000000015')?.id).toBe(3);
    expect(exactItem(items, '400000000015')?.id).toBe(3);
    expect(labelItem(items, '00123')?.id).toBe(2);
    expect(labelItem(items, '00124')).toBeUndefined();
  });

  it('reads a weight label as the quantity and a price label as price ÷ unit price', () => {
    const weight = scaleLine(makeScaleBarcode('20', '00123', '01250'), DEFAULT_SCALE_LAYOUT);
    expect(weight?.labelCode).toBe('00123');
    expect(weight?.quantityOf({ pay_price: '45.00' })).toBe('1.25');
    const price = scaleLine(makeScaleBarcode('21', '00123', '09000'), { codeDigits: 5, value: 'price', decimals: 2 });
    expect(price?.quantityOf({ pay_price: '45.00' })).toBe('2');
    expect(scaleLine('6291041500213', DEFAULT_SCALE_LAYOUT)).toBeUndefined();
  });

  it('converts a price to a quantity to 3 decimals, half up, never to zero', () => {
    expect(quantityForPrice('10.00', '3.00')).toBe('3.333');
    expect(quantityForPrice('20.00', '3.00')).toBe('6.667');
    expect(quantityForPrice('0.01', '1000.00')).toBeUndefined();
    expect(quantityForPrice('5', '0')).toBeUndefined();
  });

  it('discounts a line’s unit price by a percentage, to the cent', () => {
    expect(discountedPrice('12.50', '10')).toBe('11.25');
    expect(discountedPrice('9.99', '٣٣')).toBe('6.69');
    expect(discountedPrice('12.50', '0')).toBe('12.50');
    // A line left at no price is refused (the server refuses a sale line at 0), as is a discount past 100 %.
    expect(discountedPrice('12.50', '100')).toBeUndefined();
    expect(discountedPrice('0.01', '60')).toBeUndefined();
    expect(discountedPrice('12.50', '120')).toBeUndefined();
    expect(discountedPrice('12.50', 'x')).toBeUndefined();
  });

  it('pays cash in full with change given back, a card exactly the net, credit what is typed', () => {
    const sale = {
      ...emptyInvoice(7),
      lines: [{ uid: 'a', item_id: 1, item_name: 'زيت', quantity: '3', price: '12.50', stock: '9' }],
    };
    expect(figures(withPayment(sale, 'cash', '')).paid).toBe('37.50');
    const cash = figures(withPayment(sale, 'cash', '٥٠'));
    expect([cash.paid, cash.changeDue, cash.changee]).toEqual(['37.50', '12.50', '0.00']);
    expect(figures(withPayment(sale, 'cash', '20')).walkInUnpaid).toBe(true);
    expect(figures(withPayment(sale, 'card', '100')).paid).toBe('37.50');
    const credit = figures(withPayment(sale, 'credit', ''));
    expect([credit.paid, credit.changee, credit.walkInUnpaid]).toEqual(['0.00', '37.50', false]);
  });
});
