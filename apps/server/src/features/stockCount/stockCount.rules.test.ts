import { money, postingMemosAr, toMoneyString } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { applyCost } from '../posting/cost.rules.ts';
import { costPartOf } from '../posting/posting.rules.ts';
import { cents, figures, testAccounts } from '../posting/postingTesting.ts';
import { type CountedLine, checkCountLines, countPosting, countTotal } from './stockCount.rules.ts';

const line = (item_id: number, qtyReal: string, index: number, perch_price = '6.00'): CountedLine => ({
  item_id,
  item_name: `صنف ${item_id}`,
  qtyReal,
  pay_price: '10.00',
  perch_price,
  field: `items.${index}`,
});

describe('a stock count line against the system quantity', () => {
  it('moves stock by counted − system and values the difference at purchase price (positive: a shortage)', () => {
    const checked = checkCountLines(
      [line(1, '15', 0), line(2, '4.5', 1, '2.00')],
      new Map([
        [1, '20.000'],
        [2, '3.000'],
      ]),
    );
    if (!checked.ok) throw new Error(checked.code);
    expect(checked.value.map((l) => [l.availQty, l.quantity, toMoneyString(l.tot)])).toEqual([
      ['20.000', '5.000', '30.00'],
      ['3.000', '-1.500', '-3.00'],
    ]);
    expect(toMoneyString(countTotal(checked.value))).toBe('27.00');
    expect(countPosting(checked.value)).toEqual({
      movements: [
        { item_id: 1, quantity: '-5.000', mode: 'average', line_index: 0 },
        { item_id: 2, quantity: '1.500', mode: 'average', line_index: 1 },
      ],
      moneyLines: [],
    });
  });

  it('an item that never moved has a system quantity of zero', () => {
    const checked = checkCountLines([line(7, '2', 0)], new Map());
    expect(checked.ok && checked.value[0]?.quantity).toBe('-2.000');
  });

  it('lists every line whose counted quantity equals the system quantity, each on its field, and repeated items', () => {
    const refused = checkCountLines(
      [line(1, '20.000', 0), line(2, '4', 1), line(3, '0', 2), line(2, '5', 3)],
      new Map([
        [1, '20.000'],
        [2, '3.000'],
        [3, '0.000'],
      ]),
    );
    expect(refused).toEqual({
      ok: false,
      code: 'COUNT_EQUALS_SYSTEM',
      fields: {
        'items.0.qtyReal': 'COUNT_EQUALS_SYSTEM',
        'items.2.qtyReal': 'COUNT_EQUALS_SYSTEM',
        'items.3.item_id': 'ITEM_REPEATED',
      },
    });
  });
});

describe('what a count posts', () => {
  it('its cost part is inventory against stock adjustment, under the count memo', () => {
    // Goods found missing: the movements took 30.00 out of stock.
    expect(figures(costPartOf('tswia', cents('-30.00'), testAccounts))).toEqual([
      [testAccounts.inventory, '0.00', '30.00'],
      [testAccounts.stock_adjustment, '30.00', '0.00'],
    ]);
    expect(costPartOf('tswia', cents('12.00'), testAccounts).map((l) => l.memo)).toEqual([
      postingMemosAr.stockCount,
      postingMemosAr.stockCount,
    ]);
    // Other sources keep cost of sales.
    expect(figures(costPartOf('pay', cents('-5.00'), testAccounts))[1]?.[0]).toBe(testAccounts.cost_of_sales);
  });

  it('an `average` movement in (a surplus) comes in at the moving average, as one out leaves at it', () => {
    // 10 @ 5 and 10 @ 7: 20 units worth 120.00, an average of 6.
    const state = { quantity: 20_000n, value: money(12_000n), fallbackUnitCost: money(500n) };
    // The engine values an `average` movement of signed quantity q as `out` of −q.
    const shortage = applyCost(state, { direction: 'out', quantity: 5_000n });
    expect([shortage.change, shortage.state.quantity, shortage.state.value]).toEqual([-3_000n, 15_000n, 9_000n]);
    const surplus = applyCost(state, { direction: 'out', quantity: -5_000n });
    expect([surplus.change, surplus.state.quantity, surplus.state.value]).toEqual([3_000n, 25_000n, 15_000n]);
    // From an empty shelf no average is known: the item's purchase price.
    const empty = { quantity: 0n, value: money(0n), fallbackUnitCost: money(800n) };
    expect(applyCost(empty, { direction: 'out', quantity: -2_000n }).change).toBe(1_600n);
    // Below zero (negative stock allowed), found back to zero: the shelf is worth exactly nothing.
    const short = { quantity: -3_000n, value: money(-1_800n), fallbackUnitCost: money(800n) };
    const back = applyCost(short, { direction: 'out', quantity: -3_000n });
    expect([back.change, back.state.quantity, back.state.value]).toEqual([1_800n, 0n, 0n]);
  });
});
