import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceTotals, lineTotal } from './invoice.rules.ts';
import { type Money, money, parseMoney, toMoneyString } from './money.ts';
import { invoiceVat, priceWithVat, shareDiscount, vatOf, vatTermsOf } from './vat.rules.ts';

const m = (text: string) => parseMoney(text) as Money;
const s = (value: Money) => toMoneyString(value);
const EXCLUSIVE = { charged: true, pricesIncludeVat: false };
const INCLUSIVE = { charged: true, pricesIncludeVat: true };

describe('VAT of one base', () => {
  it('prices without VAT: base × rate / 100, rounded half away from zero to the cent', () => {
    expect(s(vatOf(m('100'), '15', false))).toBe('15.00');
    expect(s(vatOf(m('0.03'), '15', false))).toBe('0.00'); // 0.0045
    expect(s(vatOf(m('0.10'), '15', false))).toBe('0.02'); // 0.015: half goes away from zero
    expect(s(vatOf(m('33.33'), '15', false))).toBe('5.00'); // 4.9995
    expect(s(vatOf(m('10'), '5.5', false))).toBe('0.55');
    expect(s(vatOf(m('10'), '0', false))).toBe('0.00');
  });

  it('prices with VAT: base × rate / (100 + rate), the VAT a shelf price already holds', () => {
    expect(s(vatOf(m('115'), '15', true))).toBe('15.00');
    expect(s(vatOf(m('10'), '15', true))).toBe('1.30'); // 1.3043…
    expect(s(vatOf(m('0.23'), '15', true))).toBe('0.03'); // 0.03
  });

  it('a shelf price with VAT on top when prices exclude it, as it is when they include it', () => {
    expect(s(priceWithVat(m('20'), '15', EXCLUSIVE))).toBe('23.00');
    expect(s(priceWithVat(m('20'), '15', INCLUSIVE))).toBe('20.00');
    expect(
      s(priceWithVat(m('20'), '15', vatTermsOf('sale', { vat_registered: false, prices_include_vat: false }))),
    ).toBe('20.00');
  });
});

describe('the discount shared over the lines', () => {
  it('pro rata, the leftover cents to the largest remainders, adding up to the discount exactly', () => {
    expect(shareDiscount([m('10'), m('10'), m('10')], m('1')).map(s)).toEqual(['0.34', '0.33', '0.33']);
    expect(shareDiscount([m('100'), m('50')], m('15')).map(s)).toEqual(['10.00', '5.00']);
    expect(shareDiscount([m('0'), m('5')], m('5')).map(s)).toEqual(['0.00', '5.00']);
  });

  it('for random lines and discounts: the shares add up to the discount and none passes its line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10_000_000n }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 1000 }),
        (cents, permille) => {
          const totals = cents.map(money);
          const gross = cents.reduce((a, b) => a + b, 0n);
          const discount = money((gross * BigInt(permille)) / 1000n);
          const shares = shareDiscount(totals, discount);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(gross === 0n ? 0n : discount);
          shares.forEach((share, i) => {
            expect(share >= 0n && share <= (totals[i] ?? 0n)).toBe(true);
          });
        },
      ),
    );
  });
});

describe('an invoice with VAT', () => {
  it('lines at 15 % and 0 % with a discount, prices without VAT: VAT on each line after its share of the discount', () => {
    const lines = [
      { quantity: '2', price: m('50'), tax: '15' }, // 100.00
      { quantity: '1', price: m('30'), tax: '0' }, //   30.00
      { quantity: '3', price: m('3.33'), tax: '15' }, // 9.99
    ];
    const result = invoiceTotals(lines, m('10'), m('0'), EXCLUSIVE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const t = result.totals;
    expect(s(t.tot_pr)).toBe('139.99');
    // Shares of 10: 7.14 (7.1433), 2.14 (2.1430), 0.72 (0.7136) → 10.00.
    expect(t.lineVat.map(s)).toEqual(['13.93', '0.00', '1.39']); // 92.86 × 15 % = 13.929; 9.27 × 15 % = 1.3905
    expect(s(t.taxTot)).toBe('15.32');
    expect(s(t.net)).toBe('129.99');
    expect(s(t.totalWithVat)).toBe('145.31');
    expect(s(t.changee)).toBe('145.31');
  });

  it('prices with VAT: the total with VAT is the net, the VAT is the part of it the lines hold', () => {
    const result = invoiceTotals([{ quantity: '1', price: m('115'), tax: '15' }], m('0'), m('115'), INCLUSIVE);
    expect(result.ok && [s(result.totals.taxTot), s(result.totals.totalWithVat), s(result.totals.changee)]).toEqual([
      '15.00',
      '115.00',
      '0.00',
    ]);
  });

  it('a company not registered for VAT charges none, whatever its items’ rates', () => {
    const terms = vatTermsOf('sale', { vat_registered: false, prices_include_vat: true });
    const result = invoiceTotals([{ quantity: '1', price: m('100'), tax: '15' }], m('0'), m('40'), terms);
    expect(result.ok && [s(result.totals.taxTot), s(result.totals.totalWithVat), s(result.totals.changee)]).toEqual([
      '0.00',
      '100.00',
      '60.00',
    ]);
  });

  it('purchases are priced before VAT even when the shop’s selling prices include it', () => {
    expect(vatTermsOf('purchase', { vat_registered: true, prices_include_vat: true })).toEqual(EXCLUSIVE);
    expect(vatTermsOf('sale', { vat_registered: true, prices_include_vat: true })).toEqual(INCLUSIVE);
  });

  it('paying more than the total with VAT is refused as a negative remainder', () => {
    const result = invoiceTotals([{ quantity: '1', price: m('100'), tax: '15' }], m('0'), m('115.01'), EXCLUSIVE);
    expect(result).toEqual({ ok: false, problem: 'NEGATIVE_REMAINDER' });
  });

  it('for random invoices: taxTot = Σ line VAT, total = net + taxTot (or net), changee = total − pay, all exact', () => {
    const lineArb = fc.record({
      quantity: fc
        .integer({ min: 1, max: 99_999 })
        .map((q) => `${Math.floor(q / 1000)}.${String(q % 1000).padStart(3, '0')}`),
      price: fc.bigInt({ min: 1n, max: 10_000_000n }).map(money),
      tax: fc.constantFrom('0', '5', '15', '14.25'),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 15 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        (lines, permille, included) => {
          const terms = { charged: true, pricesIncludeVat: included };
          const gross = lines.map(lineTotal).reduce((a, b) => a + b, 0n);
          const discount = money((gross * BigInt(permille)) / 1000n);
          const result = invoiceTotals(lines, discount, money(0n), terms);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          const t = result.totals;
          expect(t.lineVat.reduce((a, b) => a + b, 0n)).toBe(t.taxTot);
          expect(t.totalWithVat).toBe(included ? t.net : t.net + t.taxTot);
          expect(t.changee).toBe(t.totalWithVat);
          expect(t.taxTot >= 0n && t.taxTot <= t.totalWithVat).toBe(true);
          // The screens' figure is the server's: the same function over the same lines.
          const same = invoiceVat(
            lines.map((l) => ({ tot: lineTotal(l), tax: l.tax })),
            t.net,
            discount,
            terms,
          );
          expect(same.taxTot).toBe(t.taxTot);
        },
      ),
    );
  });
});
