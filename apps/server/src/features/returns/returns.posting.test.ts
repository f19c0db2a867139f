import { money, toMilli } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { isBalanced, postingOf, type TradePostingInput } from '../posting/posting.rules.ts';
import {
  balances,
  type CostStates,
  CUSTOMER,
  cents,
  costMemo,
  costMoves,
  figures,
  SUPPLIER,
  testAccounts,
  wholePosting,
} from '../posting/postingTesting.ts';

/** Item 1: 4 in stock worth 30.00 (average 7.50); item 2: 1 worth 9.99. */
const costs: CostStates = new Map([
  [1, { quantity: toMilli('4'), value: cents('30.00'), fallbackUnitCost: cents('7.00') }],
  [2, { quantity: toMilli('1'), value: cents('9.99'), fallbackUnitCost: cents('9.00') }],
]);
/** Two lines returned; their sale lines kept a cost of 12.00 (2 of item 1) and 4.00 (half of item 2). */
const lines = [
  { item_id: 1, quantity: '2', tot: '40.00' },
  { item_id: 2, quantity: '0.5', tot: '10.00' },
];
const keptCosts = [cents('12.00'), cents('4.00')];
const doc = (over: Partial<TradePostingInput>): TradePostingInput => ({
  kind: 'sales_returns',
  cust_id: CUSTOMER,
  tot_pr: '50.00',
  discount: '0.00',
  pay: '20.00',
  pay_method: null,
  lines,
  ...over,
});

describe('return posting rules', () => {
  it('a sales return brings the goods back at their sale’s kept cost, out of cost of sales; sales and the customer fall', () => {
    const posting = postingOf(doc({}), testAccounts);
    expect(posting.movements).toEqual([
      { item_id: 1, quantity: '2', mode: 'returned', line_index: 0 },
      { item_id: 2, quantity: '0.5', mode: 'returned', line_index: 1 },
    ]);
    expect(figures(posting.moneyLines)).toEqual([
      [48, '50.00', '0.00'],
      [CUSTOMER, '0.00', '50.00'],
      [CUSTOMER, '20.00', '0.00'],
      [46, '0.00', '20.00'],
    ]);
    expect(isBalanced(posting.moneyLines)).toBe(true);
    const costed = costMoves(posting.movements, costs, keptCosts);
    expect(costed.values).toEqual(['12.00', '4.00']);
    expect(costed.costDelta).toBe(cents('16.00'));
    // The stock at cost follows: item 1 is now 6 worth 42.00.
    expect(costed.after.get(1)).toMatchObject({ quantity: toMilli('6'), value: cents('42.00') });
    // The customer's balance falls by changee (net − refunded): 50 − 20; 16.00 of cost goes back to inventory.
    const whole = wholePosting(posting, costed.costDelta, costMemo('sales_returns'));
    expect(balances(whole)).toEqual({
      48: '50.00',
      [CUSTOMER]: '-30.00',
      80: '16.00',
      60: '-16.00',
      46: '-20.00',
    });
    expect(isBalanced(whole)).toBe(true);
  });

  it('a sales return refunded by bank pays from the bank; its discount comes off discount allowed', () => {
    const posting = postingOf(doc({ discount: '5.00', pay: '45.00', pay_method: 'bank' }), testAccounts);
    expect(balances(posting.moneyLines)).toEqual({ 48: '50.00', 30: '-5.00', [CUSTOMER]: '0.00', 47: '-45.00' });
    expect(isBalanced(posting.moneyLines)).toBe(true);
    const costed = costMoves(posting.movements, costs, keptCosts);
    expect(balances(wholePosting(posting, costed.costDelta, costMemo('sales_returns')))).toMatchObject({
      80: '16.00',
      60: '-16.00',
    });
  });

  it('a purchase return sends the goods out at the average; the supplier owes back the net, the rest is cost of sales', () => {
    const posting = postingOf(
      doc({
        kind: 'purchase_returns',
        cust_id: SUPPLIER,
        pay: '10.00',
        lines: [{ item_id: 1, quantity: '2', tot: '50.00' }],
      }),
      testAccounts,
    );
    expect(posting.movements).toEqual([{ item_id: 1, quantity: '-2', mode: 'average', line_index: 0 }]);
    // The money lines credit cost of sales with the gross returned.
    expect(balances(posting.moneyLines)).toEqual({ [SUPPLIER]: '40.00', 60: '-50.00', 46: '10.00' });
    expect(isBalanced(posting.moneyLines)).toBe(true);
    // 2 of item 1 at the average 7.50 leave inventory; they were returned for 50.00, 35.00 above their cost.
    const costed = costMoves(posting.movements, costs);
    expect(costed.values).toEqual(['-15.00']);
    expect(costed.costDelta).toBe(cents('-15.00'));
    expect(costed.after.get(1)).toMatchObject({ quantity: toMilli('2'), value: cents('15.00') });
    const whole = wholePosting(posting, costed.costDelta, costMemo('purchase_returns'));
    expect(balances(whole)).toEqual({ [SUPPLIER]: '40.00', 80: '-15.00', 60: '-35.00', 46: '10.00' });
    expect(isBalanced(whole)).toBe(true);
  });

  it('a sale followed by its full return leaves every account and the stock at cost where they were', () => {
    const sold = [{ item_id: 1, quantity: '2', tot: '40.00' }];
    const sale = postingOf(doc({ kind: 'pay', tot_pr: '40.00', pay: '20.00', lines: sold }), testAccounts);
    const saleCost = costMoves(sale.movements, costs);
    // What the sale's line took out is what its return brings back.
    const kept = sale.movements.map((_, index) => money(-cents(saleCost.values[index] ?? '0')));
    expect(kept).toEqual([cents('15.00')]);
    const back = postingOf(doc({ tot_pr: '40.00', pay: '20.00', lines: sold }), testAccounts);
    const backCost = costMoves(back.movements, saleCost.after, kept);
    const saleLines = wholePosting(sale, saleCost.costDelta, costMemo('pay'));
    expect(balances(saleLines)).toEqual({
      [CUSTOMER]: '20.00',
      48: '-40.00',
      46: '20.00',
      80: '-15.00',
      60: '15.00',
    });
    const both = [...saleLines, ...wholePosting(back, backCost.costDelta, costMemo('sales_returns'))];
    expect(balances(both)).toEqual({ [CUSTOMER]: '0.00', 48: '0.00', 46: '0.00', 80: '0.00', 60: '0.00' });
    expect(backCost.after.get(1)).toEqual(costs.get(1));
  });
});
