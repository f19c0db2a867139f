import { describe, expect, it } from 'vitest';
import { documentKinds, formatReference, isKindToken, kindOf, kindTokens, tradeKindTokens } from './documentKinds.ts';

describe('document kinds', () => {
  it('maps the English names to the legacy wire tokens', () => {
    expect(documentKinds.sale.wire).toBe('pay');
    expect(documentKinds.purchase.wire).toBe('perch');
    expect(documentKinds.draftSale.wire).toBe('payinit');
    expect(documentKinds.purchaseOrder.wire).toBe('perchOrder');
    expect(kindTokens).toEqual(['pay', 'perch', 'payinit', 'perchOrder', 'sales_returns', 'purchase_returns']);
    expect(tradeKindTokens).toEqual(['pay', 'perch', 'payinit', 'perchOrder']);
  });

  it('gives every kind its own reference letter and counter', () => {
    const specs = Object.values(documentKinds);
    expect(new Set(specs.map((s) => s.letter)).size).toBe(specs.length);
    expect(new Set(specs.map((s) => s.sequence)).size).toBe(specs.length);
  });

  it('moves stock and posts only for final documents: a sale out, a purchase in', () => {
    expect(kindOf('pay')).toMatchObject({ name: 'sale', stockSign: -1, posting: 'sale', party: 'customer' });
    expect(kindOf('perch')).toMatchObject({ name: 'purchase', stockSign: 1, posting: 'purchase', party: 'supplier' });
    for (const token of ['payinit', 'perchOrder'] as const)
      expect(kindOf(token)).toMatchObject({ stockSign: 0, posting: 'nothing' });
  });

  it('describes the returns as the mirror of their invoices: a sales return brings stock in, a purchase return out', () => {
    expect(kindOf('sales_returns')).toMatchObject({
      name: 'saleReturn',
      stockSign: 1,
      party: 'customer',
      returnOf: 'pay',
    });
    expect(kindOf('purchase_returns')).toMatchObject({ name: 'purchaseReturn', stockSign: -1, party: 'supplier' });
    expect(kindOf('purchase_returns').returnOf).toBe('perch');
    expect(formatReference('sh', 'sales_returns', 4)).toBe('SH-SR-000004');
  });

  it('formats a reference from the store prefix, the kind letter and a six-digit number', () => {
    expect(formatReference('sh', 'pay', 123)).toBe('SH-S-000123');
    expect(formatReference('sh', 'perchOrder', 7)).toBe('SH-O-000007');
  });

  it('tells wire tokens from other text', () => {
    expect(isKindToken('perch')).toBe(true);
    expect(isKindToken('sales')).toBe(false);
    expect(isKindToken('__proto__')).toBe(false);
  });
});
