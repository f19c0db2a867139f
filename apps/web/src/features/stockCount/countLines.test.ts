import { describe, expect, it } from 'vitest';
import {
  addLines,
  type CountLine,
  differenceOf,
  equalsSystem,
  idsOf,
  lineValue,
  refreshLines,
  totalOf,
} from './countLines.ts';

const line = (qtyReal: string, availQty = '20.000', avg_cost = '6.00'): CountLine => ({
  item_id: 1,
  item_name: 'صنف',
  part_no: null,
  availQty,
  avg_cost,
  qtyReal,
});
const sheetLine = (item_id: number, availQty = '5.000') => ({
  item_id,
  item_name: `صنف ${item_id}`,
  part_no: null,
  item_parcode: null,
  item_unit: null,
  perch_price: '3.00',
  availQty,
  avg_cost: '2.50',
});

describe('a counted line', () => {
  it('differs by system − counted (positive: missing), worth the difference at the average cost', () => {
    expect(differenceOf(line('15'))).toBe('5.000');
    expect(lineValue(line('15'))).toBe(3000n);
    expect(differenceOf(line('25.5'))).toBe('-5.500');
    expect(lineValue(line('25.5'))).toBe(-3300n);
    // Arabic-Indic digits are a count too.
    expect(differenceOf(line('١٨'))).toBe('2.000');
    expect(totalOf([line('15'), line('25.5'), line('')])).toBe('-3.00');
  });
  it('is nothing until a quantity is typed, and equal to the system’s is told apart', () => {
    expect(differenceOf(line(''))).toBeUndefined();
    expect(differenceOf(line('abc'))).toBeUndefined();
    expect(differenceOf(line('-1'))).toBeUndefined();
    expect(equalsSystem(line('20'))).toBe(true);
    expect(equalsSystem(line('٢٠٫٠'))).toBe(true);
    expect(equalsSystem(line('19'))).toBe(false);
  });
});

describe('the lines of a count', () => {
  it('adds each item once, keeps what was typed when the date reads the system again', () => {
    const first = addLines([], [sheetLine(1), sheetLine(2)]);
    const typed = first.map((l) => (l.item_id === 1 ? { ...l, qtyReal: '3' } : l));
    const again = addLines(typed, [sheetLine(2), sheetLine(3)]);
    expect(again.map((l) => [l.item_id, l.qtyReal])).toEqual([
      [1, '3'],
      [2, ''],
      [3, ''],
    ]);
    expect(refreshLines(again, [sheetLine(1, '9.000')])[0]).toMatchObject({ qtyReal: '3', availQty: '9.000' });
  });
  it('reads ids from a query string', () => {
    expect(idsOf('3,1,3,x,٤,-2, 7 ')).toEqual([3, 1, 4, 7]);
    expect(idsOf(null)).toEqual([]);
  });
});
