import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addQuantities,
  discountFromPercent,
  invoiceDraftProblem,
  invoiceTotals,
  keptDiscountPercent,
  lineTotal,
  mergeLines,
  percentFromDiscount,
} from './invoice.rules.ts';
import { type Money, money, parseMoney, toMoneyString } from './money.ts';

const m = (text: string) => parseMoney(text) as Money;
const priceArb = fc.bigInt({ min: 1n, max: 10_000_000n }).map(money);
const quantityArb = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 999 }))
  .filter(([whole, fraction]) => whole + fraction > 0)
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(3, '0')}`);
const lineArb = fc.record({ item_id: fc.integer({ min: 1, max: 5 }), quantity: quantityArb, price: priceArb });

describe('invoice arithmetic', () => {
  it('a 3-line invoice with a 10 % discount and a partial payment', () => {
    const lines = [
      { quantity: '2', price: m('1500.50') },
      { quantity: '1.5', price: m('200') },
      { quantity: '3', price: m('33.33') },
    ];
    const tot = toMoneyString(lines.map(lineTotal).reduce((a, b) => money(a + b)));
    expect(tot).toBe('3400.99');
    const discount = discountFromPercent(m(tot), '10');
    expect(toMoneyString(discount)).toBe('340.10');
    const result = invoiceTotals(lines, discount, m('2000'));
    expect(result.ok && toMoneyString(result.totals.changee)).toBe('1060.89');
    expect(percentFromDiscount(m(tot), discount)).toBe('10.00');
  });

  it('12.5 % of 10.01 is 1.25 and reads back as 12.49 %: the percent typed is kept while it gives the amount', () => {
    expect(toMoneyString(discountFromPercent(m('10.01'), '12.5'))).toBe('1.25');
    expect(percentFromDiscount(m('10.01'), m('1.25'))).toBe('12.49');
    expect(keptDiscountPercent(m('10.01'), m('1.25'), '12.5')).toBe('12.5');
    // Another total, another amount, or a percent that is none: not kept.
    expect(keptDiscountPercent(m('20.02'), m('1.25'), '12.5')).toBeNull();
    expect(keptDiscountPercent(m('10.01'), m('2.00'), '12.5')).toBeNull();
    for (const none of [undefined, null, '', '100.01', '1.234', '-1', 'abc'])
      expect(keptDiscountPercent(m('10.01'), m('0'), none)).toBeNull();
    expect(keptDiscountPercent(m('10.01'), m('10.01'), '100')).toBe('100');
  });

  it('for random lines, discounts and payments: tot_pr − discount − pay = changee exactly, never a float error', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (lines, d, p) => {
          const gross = lines.map(lineTotal).reduce((a, b) => money(a + b), money(0n));
          const discount = money((gross * BigInt(d)) / 1000n);
          const pay = money(((gross - discount) * BigInt(p)) / 1000n);
          const result = invoiceTotals(lines, discount, pay);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const { tot_pr, changee } = result.totals;
          expect(tot_pr - discount - pay).toBe(changee);
          // The printed figures add up too: each is a 2-decimal string and parsing them back loses nothing.
          expect(parseMoney(toMoneyString(tot_pr))).toBe(tot_pr);
          expect(changee >= 0n).toBe(true);
        },
      ),
    );
  });

  it('a remainder below zero and a discount above the total are refused', () => {
    const lines = [{ quantity: '1', price: m('100') }];
    expect(invoiceTotals(lines, m('0'), m('100.01'))).toEqual({ ok: false, problem: 'NEGATIVE_REMAINDER' });
    expect(invoiceTotals(lines, m('100.01'), m('0'))).toEqual({ ok: false, problem: 'DISCOUNT_EXCEEDS_TOTAL' });
    expect(invoiceTotals(lines, m('100'), m('0')).ok).toBe(true);
  });

  it('lines of the same item at the same price merge, quantities added exactly', () => {
    const merged = mergeLines([
      { item_id: 1, quantity: '0.1', price: m('10') },
      { item_id: 1, quantity: '0.2', price: m('10') },
      { item_id: 1, quantity: '1', price: m('11') },
    ]);
    expect(merged.map((l) => l.quantity)).toEqual(['0.3', '1']);
    expect(addQuantities('2.5', '-0.75')).toBe('1.75');
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const total = (ls: typeof lines) => ls.map(lineTotal).reduce((a, b) => a + b, 0n);
        // Merging never changes what is owed by more than the rounding of the merged lines (half a cent each).
        expect(Math.abs(Number(total(mergeLines(lines)) - total(lines)))).toBeLessThanOrEqual(lines.length);
      }),
    );
  });

  it('a line total, a document total or a merged quantity past what its column holds is refused, not stored', () => {
    const max = m('999999999999.99');
    expect(invoiceTotals([{ quantity: '1', price: max }], m('0'), m('0')).ok).toBe(true);
    expect(invoiceTotals([{ quantity: '2', price: max }], m('0'), m('0'))).toEqual({
      ok: false,
      problem: 'AMOUNT_TOO_LARGE',
      line: 0,
    });
    expect(
      invoiceTotals(
        [
          { quantity: '1', price: max },
          { quantity: '1', price: m('0.01') },
        ],
        m('0'),
        m('0'),
      ),
    ).toEqual({ ok: false, problem: 'AMOUNT_TOO_LARGE' });
    expect(invoiceTotals(m('1000000000000'), m('0'), m('0'))).toMatchObject({ problem: 'AMOUNT_TOO_LARGE' });
    // Legacy calls add lines to a document again and again: the merged quantity must still fit numeric(15,3).
    expect(invoiceTotals([{ quantity: '1000000000000', price: m('0.01') }], m('0'), m('0'))).toMatchObject({
      problem: 'AMOUNT_TOO_LARGE',
      line: 0,
    });
  });
});

describe('what keeps an invoice from being saved', () => {
  const ready = { lineCount: 2, partyId: 7, date: '2026-11-24', totals: undefined };
  it('is nothing for a complete invoice', () => {
    expect(invoiceDraftProblem(ready)).toBeUndefined();
  });
  it('is the first thing to fix: the lines, then the party, the date and the figures', () => {
    expect(invoiceDraftProblem({ lineCount: 0, partyId: undefined, date: '', totals: 'NEGATIVE_REMAINDER' })).toBe(
      'NO_LINES',
    );
    expect(invoiceDraftProblem({ ...ready, partyId: undefined, date: '' })).toBe('NO_PARTY');
    expect(invoiceDraftProblem({ ...ready, date: '' })).toBe('NO_DATE');
    expect(invoiceDraftProblem({ ...ready, totals: 'DISCOUNT_EXCEEDS_TOTAL' })).toBe('DISCOUNT_EXCEEDS_TOTAL');
  });
});
