import { MAX_LABELS } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import {
  copiesOf,
  countOf,
  labelLayouts,
  labelRequestOf,
  labelsPath,
  layoutOf,
  pagesOf,
  purchaseLabels,
} from './labelSheet.ts';

describe('the label sheets', () => {
  it('every A4 sheet fits its labels on 210 × 297 mm, and the label printer takes one 58 × 40 label a page', () => {
    for (const layout of Object.values(labelLayouts)) {
      if (layout.paper === 'roll') continue;
      const across = 2 * layout.side + layout.columns * layout.width + (layout.columns - 1) * layout.gapX;
      const down = layout.top + layout.rows * layout.height + (layout.rows - 1) * layout.gapY;
      expect(across).toBeLessThanOrEqual(210.01);
      expect(down).toBeLessThanOrEqual(297);
    }
    expect(labelLayouts.roll58x40).toMatchObject({ width: 58, height: 40, columns: 1, rows: 1 });
    expect(layoutOf('a4x65')).toBe('a4x65');
    expect(layoutOf('nonsense')).toBe('a4x24');
    expect(layoutOf(null)).toBe('a4x24');
  });

  it('labels are cut into pages of a sheet each', () => {
    const labels = Array.from({ length: 50 }, (_, i) => i);
    expect(pagesOf(labels, labelLayouts.a4x24).map((page) => page.length)).toEqual([24, 24, 2]);
    expect(pagesOf(labels.slice(0, 3), labelLayouts.roll58x40)).toEqual([[0], [1], [2]]);
    expect(pagesOf([], labelLayouts.a4x40)).toEqual([]);
  });
});

describe('the labels asked for', () => {
  it('an address names items and their counts, typed in any digits; an item named twice keeps its first', () => {
    expect(labelRequestOf('12:3,15,٧:٢,x,0:4,12:9,16:-1')).toEqual([
      { id: 12, count: 3 },
      { id: 15, count: 1 },
      { id: 7, count: 2 },
    ]);
    expect(labelRequestOf(null)).toEqual([]);
    expect(
      labelsPath(
        [
          { id: 12, count: 3 },
          { id: 15, count: 1 },
        ],
        'roll58x40',
      ),
    ).toBe('/labels?items=12:3,15:1&layout=roll58x40');
  });

  it('a count is a whole number from 0 to the most one print takes', () => {
    expect(countOf('٣')).toBe(3);
    expect(countOf('0')).toBe(0);
    expect(countOf(String(MAX_LABELS))).toBe(MAX_LABELS);
    for (const bad of ['', '1.5', '-1', 'a', String(MAX_LABELS + 1)]) expect(countOf(bad)).toBeUndefined();
  });

  it("a purchase's labels: one per unit received, a weight one package, an item on two lines added up", () => {
    expect(
      purchaseLabels([
        { item_id: 4, quantity: '12.000' },
        { item_id: 9, quantity: '2.500' },
        { item_id: 4, quantity: '3' },
        { item_id: 5, quantity: '0' },
      ]),
    ).toEqual([
      { id: 4, count: 15 },
      { id: 9, count: 1 },
      { id: 5, count: 0 },
    ]);
    const many = purchaseLabels([
      { item_id: 1, quantity: '900' },
      { item_id: 2, quantity: '900' },
    ]);
    expect(many).toEqual([
      { id: 1, count: 900 },
      { id: 2, count: MAX_LABELS - 900 },
    ]);
  });

  it('each label in order, every copy of one item before the next, at most the most one print takes', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const counts = new Map([
      [1, 2],
      [3, 1],
    ]);
    expect(copiesOf(items, counts).map((item) => item.id)).toEqual([1, 1, 3]);
    expect(copiesOf(items, new Map([[1, MAX_LABELS + 5]]))).toHaveLength(MAX_LABELS);
  });
});
