import type { ItemWithStock, TransferWithLines } from '@mizan/contract';

type TransferLine = TransferWithLines['lines'][number];

import { describe, expect, it } from 'vitest';
import {
  addItem,
  allArrived,
  arrivalLines,
  arrivedItems,
  beyondStock,
  beyondTransit,
  plusOne,
  quantityOf,
  scanArrived,
  transferItems,
} from './transferLines.ts';

const item = (id: number, quantity: string) =>
  ({ id, item_name: `صنف ${id}`, part_no: `P${id}`, quantity }) as ItemWithStock;
const sentLine = (id: number, toItemId: number, inTransit: string) =>
  ({ id, to_item_id: toItemId, item_name: `صنف ${id}`, part_no: null, in_transit: inTransit }) as TransferLine;

describe('transfer lines', () => {
  it('reads a quantity typed in Arabic-Indic digits with ٫ and refuses zero, negatives and four decimals', () => {
    expect(quantityOf('١٠')).toBe('10');
    expect(quantityOf('٢٫٥')).toBe('2.5');
    expect([quantityOf('0'), quantityOf('0.000'), quantityOf('-1'), quantityOf('1.2345'), quantityOf('')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('adds a new item as a line of 1 with its stock on hand, and a second scan of it as one more', () => {
    const one = addItem([], item(7, '12.500'));
    expect(one).toEqual([{ item_id: 7, item_name: 'صنف 7', part_no: 'P7', on_hand: '12.500', quantity: '1' }]);
    const two = addItem(addItem(one, item(8, '3.000')), item(7, '12.500'));
    expect(two.map((line) => [line.item_id, line.quantity])).toEqual([
      [7, '2'],
      [8, '1'],
    ]);
    // Exact: 0.1 typed, scanned once more, is 1.1 (never 1.1000000000000001).
    expect(plusOne('0.1')).toBe('1.1');
    expect(plusOne('٢٫٥')).toBe('3.5');
  });

  it('warns beyond the stock on hand, to the thousandth', () => {
    const [line] = addItem([], item(1, '10.000'));
    if (!line) throw new Error('no line');
    expect(beyondStock({ ...line, quantity: '10' })).toBe(false);
    expect(beyondStock({ ...line, quantity: '10.001' })).toBe(true);
  });

  it('makes the request of the lines, or names the lines whose quantity is not above zero', () => {
    const lines = addItem(addItem([], item(1, '5')), item(2, '5'));
    expect(transferItems(lines.map((line) => ({ ...line, quantity: '٤' })))).toEqual({
      ok: true,
      items: [
        { item_id: 1, quantity: '4' },
        { item_id: 2, quantity: '4' },
      ],
    });
    expect(transferItems(lines.map((line, i) => ({ ...line, quantity: i ? '0' : '1' })))).toEqual({
      ok: false,
      invalid: [2],
    });
  });
});

describe('receipt lines', () => {
  const lines = arrivalLines([sentLine(1, 101, '4.000'), sentLine(2, 102, '0.000'), sentLine(3, 103, '2.500')]);

  it('shows only what is still on the way', () => {
    expect(lines.map((line) => line.id)).toEqual([1, 3]);
  });

  it('a scan adds one to its line by the receiving store’s item; an item not on the transfer is refused', () => {
    const scanned = scanArrived(scanArrived(lines, 101) ?? [], 101) ?? [];
    expect(scanned.map((line) => line.arrived)).toEqual(['2', '']);
    expect(scanArrived(lines, 999)).toBeUndefined();
  });

  it('"receive all" fills every line with what is on the way', () => {
    expect(allArrived(lines).map((line) => line.arrived)).toEqual(['4', '2.5']);
  });

  it('sends only the lines typed, by the receiving store’s item, and flags more than is on the way', () => {
    const typed = lines.map((line) => (line.id === 1 ? { ...line, arrived: '٣' } : line));
    expect(arrivedItems(typed)).toEqual({ ok: true, lines: [{ item_id: 101, quantity: '3' }] });
    expect(arrivedItems(typed.map((line) => ({ ...line, arrived: 'x' })))).toEqual({ ok: false, invalid: [1, 3] });
    expect(beyondTransit({ ...typed[0], arrived: '4.001' } as (typeof typed)[0])).toBe(true);
  });
});
