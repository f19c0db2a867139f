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
  repriceLines,
  startPrice,
  toRequest,
  typedPercentOf,
  withDiscountPercent,
  withPay,
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

  it('the same item at the same price merges; a discount typed as an amount stays when the lines change', () => {
    let invoice = addLine(emptyInvoice(), line(1, '1', '10'));
    invoice = { ...invoice, discount: '2' };
    invoice = addLine(invoice, line(1, '0.5', '10.00'));
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]?.quantity).toBe('1.5');
    expect(invoice.discount).toBe('2');
    invoice = addLine(invoice, line(1, '1', '11'));
    expect(invoice.lines).toHaveLength(2);
    const edited = removeLine(changeLine(invoice, 0, { quantity: '4' }), 1).lines;
    expect(edited).toHaveLength(1);
    expect(edited[0]).toMatchObject({ item_id: 1, quantity: '4', price: '10' });
  });

  it('cash received above the net is change due: the net is recorded as paid', () => {
    const invoice = { ...addLine(emptyInvoice(), line(1, '1', '100')), cust_id: 1, discount: '20', pay: '100' };
    expect(figures(invoice)).toMatchObject({ net: '80.00', paid: '80.00', changee: '0.00', changeDue: '20.00' });
    expect(figures(invoice).problem).toBeUndefined();
    expect(toRequest(invoice, 'key-123456').invoice.pay).toBe('80.00');
    expect(figures({ ...invoice, pay: '30' })).toMatchObject({ paid: '30.00', changee: '50.00', changeDue: '' });
    expect(figures({ ...invoice, pay: '0', discount: '101' }).problem).toBe('DISCOUNT_EXCEEDS_TOTAL');
  });

  it('a discount typed in % follows the total when a line changes; an amount stays and is refused above it', () => {
    let invoice = withDiscountPercent(addLine(emptyInvoice(), line(1, '2', '100')), '10');
    expect(invoice.discount).toBe('20.00');
    invoice = changeLine(invoice, 0, { quantity: '3' });
    expect(invoice.discount).toBe('30.00');
    invoice = removeLine(addLine(invoice, line(2, '1', '50')), 0);
    expect(invoice.discount).toBe('5.00');
    const byAmount = changeLine({ ...invoice, discount: '40', discountPercent: undefined }, 0, { quantity: '2' });
    expect(byAmount.discount).toBe('40');
    expect(figures(changeLine(byAmount, 0, { quantity: '0.5' })).problem).toBe('DISCOUNT_EXCEEDS_TOTAL');
  });

  it('Arabic-Indic and Persian digits, ٫ and ٬ count as the numbers they are', () => {
    let invoice = addLine(emptyInvoice(1), line(1, '٣', '١٬٠٠٠٫٥'));
    invoice = addLine(invoice, line(1, '۲', '1000.50'));
    expect(invoice.lines).toHaveLength(1);
    expect(figures({ ...invoice, pay: '٥٠٠' })).toMatchObject({ tot_pr: '5002.50', changee: '4502.50' });
    expect(lineAmount(invoice.lines[0] ?? { ...line(0, '0', '0'), uid: '' })).toBe('5002.50');
    expect(toRequest(invoice, 'key-123456').items).toEqual([{ item_id: 1, quantity: '5', pay_price: '1000.5' }]);
  });

  it('the request carries the lines with the typed prices and the idempotency key', () => {
    const invoice = { ...addLine(emptyInvoice(), line(7, ' 2 ', '5.5')), cust_id: 3 };
    expect(toRequest(invoice, 'key-123456')).toMatchObject({
      invoice: { cust_id: 3, discount: '0', pay: '0.00', nextPay: null },
      items: [{ item_id: 7, quantity: '2', pay_price: '5.5' }],
      idempotency_key: 'key-123456',
    });
  });
});

describe('a discount typed in percent (issue 35)', () => {
  it('12.5 % of 10.01: the request carries the percent typed beside its amount; an amount typed carries none', () => {
    const invoice = withDiscountPercent({ ...addLine(emptyInvoice(), line(1, '1', '10.01')), cust_id: 3 }, '12.5');
    expect(toRequest(invoice, 'k').invoice).toMatchObject({ discount: '1.25', discount_percent: '12.5' });
    // The amount's own percent is 12.49: what is shown of an invoice opened again is the one kept.
    expect(figures(invoice).discountPercent).toBe('12.49');
    expect(toRequest({ ...invoice, discountPercent: undefined }, 'k').invoice.discount_percent).toBeNull();
  });

  it('the percent kept on a saved document reads as it was typed', () => {
    expect(['12.50', '10.00', '7.25', '0.50', '100.00'].map(typedPercentOf)).toEqual([
      '12.5',
      '10',
      '7.25',
      '0.5',
      '100',
    ]);
    expect(typedPercentOf(null)).toBeUndefined();
  });
});

describe('a cash sale to the walk-in customer', () => {
  it('pays the net until the cashier types an amount; less than the net is a remainder refused on him', () => {
    let invoice: DraftInvoice = { ...addLine(emptyInvoice(7), line(1, '2', '50')), cashSale: true };
    expect(figures(invoice)).toMatchObject({ net: '100.00', paid: '100.00', changee: '0.00', walkInUnpaid: false });
    invoice = { ...invoice, discount: '10' };
    expect(toRequest(invoice, 'k').invoice.pay).toBe('90.00');
    invoice = withPay(invoice, '٥٠');
    expect(figures(invoice)).toMatchObject({ paid: '50.00', changee: '40.00', walkInUnpaid: true });
    // A customer on credit owes the rest; his paid amount starts at nothing.
    expect(figures({ ...invoice, cashSale: false }).walkInUnpaid).toBe(false);
    expect(figures({ ...addLine(emptyInvoice(8), line(1, '1', '30')), cashSale: false }).paid).toBe('0.00');
  });
});

describe('VAT on the invoice being typed', () => {
  const line = (price: string, tax: string) => ({
    item_id: Number(price),
    item_name: 'صنف',
    quantity: '1',
    price,
    stock: '10',
    tax,
  });
  it('the walk-in customer pays the total with VAT: the figures are the server’s invoiceTotals', () => {
    let invoice: DraftInvoice = { ...emptyInvoice(1), cashSale: true, vat: { charged: true, pricesIncludeVat: false } };
    invoice = addLine(invoice, line('100', '15'));
    invoice = addLine(invoice, line('30', '0'));
    const f = figures({ ...invoice, discount: '13' });
    expect([f.net, f.taxTot, f.totalWithVat, f.paid, f.changee]).toEqual([
      '117.00',
      '13.50',
      '130.50',
      '130.50',
      '0.00',
    ]);
  });
  it('without VAT terms the invoice charges none', () => {
    const f = figures(addLine(emptyInvoice(1), line('100', '15')));
    expect([f.taxTot, f.totalWithVat]).toEqual(['0.00', '100.00']);
  });
  it('an issued invoice opened again keeps its items’ rates as charged; an item added takes its own', () => {
    // Item 100 was charged 15 % and is at 5 % now; item 30 is new on the edit.
    let invoice: DraftInvoice = {
      ...emptyInvoice(1),
      vat: { charged: true, pricesIncludeVat: false },
      keptRates: new Map([[100, '15.00']]),
    };
    invoice = addLine(invoice, line('100', '5'));
    invoice = addLine(invoice, line('30', '5'));
    const f = figures(invoice);
    expect([f.taxTot, f.totalWithVat]).toEqual(['16.50', '146.50']);
  });
});

describe('a customer’s price list on the invoice being typed (docs/price-lists.md)', () => {
  const wholesale = new Map([[1, '90.00']]);
  const given = (item_id: number, own: string, book: ReadonlyMap<number, string>, quantity = '1') => {
    const price = startPrice(book, { id: item_id, pay_price: own });
    return { ...line(item_id, quantity, price), pricing: { own, given: price } };
  };

  it('an item starts at the customer’s list price, else its own', () => {
    expect(startPrice(wholesale, { id: 1, pay_price: '100.00' })).toBe('90.00');
    expect(startPrice(wholesale, { id: 2, pay_price: '50.00' })).toBe('50.00');
    expect(startPrice(new Map(), { id: 1, pay_price: '100.00' })).toBe('100.00');
  });

  it('choosing another customer re-prices the lines still at their given price; a typed or saved price stays', () => {
    let invoice: DraftInvoice = { ...emptyInvoice(), cust_id: 5 };
    invoice = addLine(invoice, given(1, '100.00', new Map(), '2'));
    invoice = addLine(invoice, given(2, '50.00', new Map()));
    invoice = addLine(invoice, line(3, '1', '30'));
    invoice = addLine(invoice, given(1, '100.00', new Map()));
    const typed = addLine(invoice, { ...given(4, '20.00', new Map()), price: '18' });
    const wholesaler = repriceLines(
      { ...typed, discountPercent: '10', discount: '0' },
      new Map([...wholesale, [3, '25'], [4, '15']]),
    );
    expect(wholesaler.lines.map((l) => [l.item_id, l.quantity, l.price])).toEqual([
      [1, '3', '90.00'],
      [2, '1', '50.00'],
      [3, '1', '30'],
      [4, '1', '18'],
    ]);
    // A discount typed in % follows the new total.
    expect(wholesaler.discount).toBe('36.80');
    // Back to a customer without a list: the items' own prices again.
    expect(repriceLines(wholesaler, new Map()).lines.map((l) => l.price)).toEqual(['100.00', '50.00', '30', '18']);
    // Nothing to change: the very same draft.
    expect(repriceLines(invoice, new Map())).toBe(invoice);
  });
});
