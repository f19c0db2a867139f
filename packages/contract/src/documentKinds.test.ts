import { describe, expect, it } from 'vitest';
import {
  bookKinds,
  convertedKind,
  documentFamilies,
  documentKinds,
  dueKindTokens,
  formatBookReference,
  formatReference,
  grossProfitKindTokens,
  isKindToken,
  kindOf,
  kindTokens,
  stockCostOf,
  tradeKindTokens,
} from './documentKinds.ts';

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

  it('makes every kind an entry of one of the seven families', () => {
    expect(Object.keys(documentFamilies)).toEqual([
      'trade',
      'return',
      'stockCount',
      'journal',
      'opening',
      'shift',
      'transfer',
    ]);
    for (const spec of [...Object.values(documentKinds), ...Object.values(bookKinds)])
      expect(Object.keys(documentFamilies)).toContain(spec.family);
    expect(kindOf('sales_returns').family).toBe('return');
    expect(bookKinds.stockCount).toMatchObject({ family: 'stockCount', wire: 'tswia' });
    expect(bookKinds.openingQuantity).toMatchObject({ family: 'opening', wire: 'firstq' });
    expect(documentFamilies.journal.movesStock).toBe(false);
    expect(documentFamilies.shift.movesStock).toBe(false);
    expect(bookKinds.tillShift).toMatchObject({ family: 'shift', wire: 'till_shift', letter: 'Z' });
    expect(documentFamilies.transfer.movesStock).toBe(true);
    expect(bookKinds.stockTransfer).toMatchObject({ family: 'transfer', wire: 'transfer', letter: 'TF' });
    expect(bookKinds.transferReceipt.cost.against).toBe('goods_in_transit');
  });

  it('holds as fields what was decided by a kind’s name: due dates, conversions, walk-in customer, gross profit, print', () => {
    expect(dueKindTokens).toEqual(['pay', 'perch']);
    expect(convertedKind('payinit')).toBe('pay');
    expect(convertedKind('perchOrder')).toBe('perch');
    expect(convertedKind('pay')).toBeUndefined();
    expect(kindOf('payinit').conversion?.back).toBe('saveWithItemsAndDeletePay');
    expect(tradeKindTokens.filter((token) => kindOf(token).walkInCustomer)).toEqual(['pay']);
    expect(grossProfitKindTokens).toEqual(['pay']);
    expect(kindOf('perchOrder')).toMatchObject({ payment: false, print: { partyBalance: false, english: true } });
    for (const token of ['pay', 'perch', 'payinit', 'sales_returns', 'purchase_returns'] as const)
      expect(kindOf(token)).toMatchObject({ payment: true, print: { partyBalance: true, english: false } });
  });

  it('gives every family’s references their own letter, and every posting source its own token', () => {
    const letters = [...Object.values(documentKinds), ...Object.values(bookKinds)].flatMap((spec) =>
      'letter' in spec ? [spec.letter] : [],
    );
    expect(new Set(letters).size).toBe(letters.length);
    const tokens = [...kindTokens, ...Object.values(bookKinds).flatMap((spec) => ('wire' in spec ? [spec.wire] : []))];
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(formatBookReference('sh', 'stockCount', 1)).toBe('SH-T-000001');
    expect(formatBookReference('sh', 'journal', 12)).toBe('SH-J-000012');
  });

  it('says what a source’s goods move against at cost: documents cost of sales, a count stock adjustment', () => {
    expect(stockCostOf('pay')).toEqual({ against: 'cost_of_sales', memo: 'تكلفة فاتورة مبيعات' });
    expect(stockCostOf('tswia')).toEqual({ against: 'stock_adjustment', memo: 'تسوية جردية' });
    expect(stockCostOf('firstq')).toEqual({ against: 'cost_of_sales', memo: 'بضاعة أول المدة' });
  });
});
