import { lineTotal, type Money, money, parseMoney } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import {
  checkReturnLines,
  itemCharges,
  itemVat,
  type ReturnedLine,
  refundDiscount,
  refundedAboveCharge,
  returnableLines,
  returnLineVat,
  returnVatSlices,
} from './returns.rules.ts';

const line = (item_id: number, quantity: string, price: string, tot: string) => ({
  item_id,
  item_name: `صنف ${item_id}`,
  quantity,
  price,
  tot,
});

describe('what may come back from an invoice', () => {
  it('nets each price of its share of the invoice discount and subtracts what earlier returns took', () => {
    const rows = returnableLines(
      { tot_pr: '300.00', discount: '30.00' },
      [line(1, '2', '100', '200'), line(2, '1', '100', '100')],
      [{ item_id: 1, quantity: '0.5' }],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        item_id: 1,
        quantity: '2.000',
        returned_quantity: '0.500',
        remaining_quantity: '1.500',
        original_price: '100.00',
        net_price: '90.00',
      }),
      expect.objectContaining({ item_id: 2, remaining_quantity: '1.000', net_price: '90.00' }),
    ]);
  });

  it('takes lines of one item at two prices together, at their average price', () => {
    const [row] = returnableLines(
      { tot_pr: '30.00', discount: '0' },
      [line(1, '1', '10', '10'), line(1, '1', '20', '20')],
      [],
    );
    expect(row).toMatchObject({ quantity: '2.000', original_price: '15.00', net_price: '15.00' });
  });

  it('rounds the net price to the cent', () => {
    const [row] = returnableLines({ tot_pr: '10.00', discount: '1.00' }, [line(1, '3', '3.33', '10.00')], []);
    expect(row?.net_price).toBe('3.00');
  });
});

describe('a return checked against its original', () => {
  const returnable = returnableLines({ tot_pr: '200.00', discount: '20.00' }, [line(1, '2', '100', '200')], []);

  it('defaults the price to the net price and tells when everything left comes back', () => {
    const checked = checkReturnLines(returnable, [{ item_id: 1, quantity: '2' }]);
    expect(checked).toEqual({
      ok: true,
      value: { lines: [{ item_id: 1, quantity: '2', price: money(9000n), original_price: '100.00' }], takesAll: true },
    });
  });

  it('refuses more than is left (summed over the lines of one item), a higher price, and an item not on it', () => {
    expect(
      checkReturnLines(returnable, [
        { item_id: 1, quantity: '1.5' },
        { item_id: 1, quantity: '1' },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'RETURN_EXCEEDS_REMAINING',
      fields: { 'items.1.quantity': 'RETURN_EXCEEDS_REMAINING' },
    });
    expect(checkReturnLines(returnable, [{ item_id: 1, quantity: '1', return_price: '90.01' }])).toMatchObject({
      code: 'RETURN_PRICE_ABOVE_ORIGINAL',
    });
    expect(checkReturnLines(returnable, [{ item_id: 9, quantity: '1' }])).toMatchObject({
      code: 'ITEM_NOT_ON_ORIGINAL',
    });
  });

  it('a lower price is allowed; a partial return is not full', () => {
    expect(checkReturnLines(returnable, [{ item_id: 1, quantity: '1', return_price: '50' }])).toMatchObject({
      ok: true,
      value: { takesAll: false },
    });
  });
});

describe('refunds never exceed what the original charged', () => {
  // A sale of 1,000 @ 0.50 (500.00) with a 4.99 discount: it charged 495.01.
  const sold = [line(1, '1000', '0.50', '500.00')];
  const original = { tot_pr: '500.00', discount: '4.99' };
  const charges = itemCharges(original.discount, sold);

  /** The refund of a return of `quantity` after `before` (earlier returns' lines and refunds), at the default price. */
  const refundOf = (quantity: string, before: { returned: ReturnedLine[]; refunded: Money }) => {
    const [row] = returnableLines(original, sold, before.returned);
    const price = parseMoney(row?.net_price ?? '') ?? money(0n);
    const lines = [{ item_id: 1, quantity, price }];
    const discount = refundDiscount({ charges, ...before, lines, discount: money(0n) });
    return money(lineTotal(lines[0] as (typeof lines)[0]) - discount);
  };

  it('a full return refunds exactly the 495.01 charged, not 500.00', () => {
    expect(refundOf('1000', { returned: [], refunded: money(0n) })).toBe(money(49501n));
  });

  it('three partial returns of 333, 333 and 334 refund 495.01 together, the last taking the remainder', () => {
    const returned: ReturnedLine[] = [];
    let refunded = money(0n);
    const refunds: Money[] = [];
    for (const quantity of ['333', '333', '334']) {
      const refund = refundOf(quantity, { returned: [...returned], refunded });
      refunds.push(refund);
      returned.push({ item_id: 1, quantity });
      refunded = money(refunded + refund);
    }
    // 495.01 × 333/1000 = 164.84; 495.01 × 666/1000 = 329.68 (164.84 more); the rest, 165.33, comes with the last.
    expect(refunds).toEqual([money(16484n), money(16484n), money(16533n)]);
    expect(refunded).toBe(money(49501n));
  });

  it('an item whose net price rounds down still comes back whole: 3 units for 10.00', () => {
    const three = [line(1, '3', '3.50', '10.50')];
    const [row] = returnableLines({ tot_pr: '10.50', discount: '0.50' }, three, []);
    // 3.333… per unit: the most a unit pays back is rounded up, the excess comes off as the return's discount.
    expect(row?.net_price).toBe('3.34');
    const charged = itemCharges('0.50', three);
    const lines = [{ item_id: 1, quantity: '3', price: money(334n) }];
    expect(refundDiscount({ charges: charged, returned: [], refunded: money(0n), lines, discount: money(0n) })).toBe(
      money(2n),
    );
    // One at a time: 3.33, 3.34, 3.33.
    const one = [{ item_id: 1, quantity: '1', price: money(334n) }];
    const after = (n: number, refunded: bigint) => ({
      charges: charged,
      returned: Array.from({ length: n }, () => ({ item_id: 1, quantity: '1' })),
      refunded: money(refunded),
      lines: one,
      discount: money(0n),
    });
    expect(refundDiscount(after(0, 0n))).toBe(money(1n));
    expect(refundDiscount(after(1, 333n))).toBe(money(0n));
    expect(refundDiscount(after(2, 667n))).toBe(money(1n));
  });

  it('the invoice discount is shared over its lines to the cent: a full return of three lines refunds the net', () => {
    const three = [line(1, '1', '1.00', '1.00'), line(2, '1', '1.00', '1.00'), line(3, '1', '1.00', '1.00')];
    const charged = itemCharges('0.10', three);
    expect([...charged.values()].map((c) => c.net)).toEqual([97n, 96n, 97n]);
    // Each back at its net price: 2.90 refunded, no rounding left over.
    const lines = [97n, 96n, 97n].map((cents, i) => ({ item_id: i + 1, quantity: '1', price: money(cents) }));
    expect(refundDiscount({ charges: charged, returned: [], refunded: money(0n), lines, discount: money(0n) })).toBe(
      money(0n),
    );
  });

  it('a lower price needs no discount; a larger discount asked for is kept', () => {
    const lines = [{ item_id: 1, quantity: '1000', price: money(40n) }];
    const base = { charges, returned: [], refunded: money(0n), lines };
    expect(refundDiscount({ ...base, discount: money(0n) })).toBe(money(0n));
    expect(refundDiscount({ ...base, discount: money(1000n) })).toBe(money(1000n));
    // Asked for less than the rounding excess: the excess is what it carries (an edit sends its own back).
    const full = [{ item_id: 1, quantity: '1000', price: money(50n) }];
    expect(refundDiscount({ ...base, lines: full, discount: money(100n) })).toBe(money(499n));
  });
});

describe('an edit of an invoice with returns', () => {
  const before = { discount: '4.99', lines: [line(1, '1000', '0.50', '500.00')] };
  const returned = [{ item_id: 1, quantity: '1000', price: '0.50' }];
  const refunded = money(49501n);

  it('may keep or raise what it charged for the returned units', () => {
    expect(refundedAboveCharge({ before, after: before, returned, refunded })).toBeUndefined();
    const moreCharged = { discount: '0', lines: [line(1, '1000', '0.50', '500.00')] };
    expect(refundedAboveCharge({ before, after: moreCharged, returned, refunded })).toBeUndefined();
  });

  it('may not price an item below what its returns paid back per unit', () => {
    const cheaper = { discount: '0', lines: [line(1, '1000', '0.40', '400.00')] };
    expect(refundedAboveCharge({ before, after: cheaper, returned, refunded })).toBe('item.1');
  });

  it('may not charge less for the returned units than they were refunded (a larger discount)', () => {
    const discounted = { discount: '5.00', lines: [line(1, '1000', '0.50', '500.00')] };
    expect(refundedAboveCharge({ before, after: discounted, returned, refunded })).toBe('discount');
  });
});

describe('the VAT a return takes back (issue 35, finding 5)', () => {
  const cents = (text: string) => parseMoney(text) as Money;
  // 3 × 1.03 charged 3.09 and VAT 0.46 on top.
  const lines = [{ item_id: 1, quantity: '3', tot: '3.09', vat: '0.46' }];
  const slicesOf = (returned: ReturnedLine[], quantity: string, price = '1.03', extraDiscount = false) =>
    returnVatSlices({
      charges: itemCharges('0', lines),
      vat: itemVat(lines),
      returned,
      lines: [{ item_id: 1, quantity, price: cents(price) }],
      extraDiscount,
    }).get(1);

  it('hands the VAT out to the units as the net is: 0.15, 0.16, 0.15, and all at once 0.46', () => {
    expect(slicesOf([], '1')).toEqual({ slice: 15n, full: true });
    expect(slicesOf([{ item_id: 1, quantity: '1', vat: '0.15' }], '1')?.slice).toBe(16n);
    expect(slicesOf([{ item_id: 1, quantity: '2', vat: '0.31' }], '1')?.slice).toBe(15n);
    expect(slicesOf([], '3')?.slice).toBe(46n);
  });

  it('never more than the VAT charged for every unit returned so far less what other returns took', () => {
    // Returns edited out of order took 0.40 for two units: the last takes the 0.06 left, not its 0.15.
    expect(slicesOf([{ item_id: 1, quantity: '2', vat: '0.40' }], '1')?.slice).toBe(6n);
  });

  it('a return below its units’ net takes the VAT of its base, up to its slice; a full one its slice', () => {
    const half = slicesOf([], '1', '0.50');
    expect(half?.full).toBe(false);
    expect(returnLineVat([{ item_id: 1, tot: money(50n) }], [money(8n)], new Map([[1, half as never]]))).toEqual([8n]);
    expect(slicesOf([], '1', '1.03', true)?.full).toBe(false);
    const full = new Map([[1, { slice: money(16n), full: true }]]);
    expect(returnLineVat([{ item_id: 1, tot: money(103n) }], [money(15n)], full)).toEqual([16n]);
    // Two lines of one item (two prices) share its VAT pro rata; a line of another item keeps its own.
    const two = returnLineVat(
      [
        { item_id: 1, tot: money(100n) },
        { item_id: 1, tot: money(300n) },
        { item_id: 2, tot: money(50n) },
      ],
      [money(1n), money(2n), money(7n)],
      full,
    );
    expect(two).toEqual([4n, 12n, 7n]);
  });
});
