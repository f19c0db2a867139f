import { describe, expect, it } from 'vitest';
import { prefillQuantity, stockLinesIn, stockLinesOf } from './stockSelection.ts';

describe('the rows picked in item-stock', () => {
  it('start with their stock: a negative one as its absolute value, none as 1', () => {
    expect(prefillQuantity('7.000')).toBe('7');
    expect(prefillQuantity('2.500')).toBe('2.5');
    expect(prefillQuantity('-3.000')).toBe('3');
    expect(prefillQuantity('0.000')).toBe('1');
    expect(prefillQuantity('10.000')).toBe('10');
    expect(prefillQuantity('10')).toBe('10');
  });
  it('travel as navigation state that only a list of lines is read from', () => {
    const state = stockLinesOf([
      { id: 4, item_name: 'زيت', quantity: '-2.000', pay_price: '10.00', perch_price: '8.00' },
    ]);
    expect(stockLinesIn(state)).toEqual([
      { item_id: 4, item_name: 'زيت', quantity: '2', pay_price: '10.00', perch_price: '8.00', stock: '-2.000' },
    ]);
    expect(stockLinesIn(null)).toEqual([]);
    expect(stockLinesIn({ stockLines: 'x' })).toEqual([]);
  });
});
