import { money, toMoneyString } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { type CostBook, isBalanced, postingOf, type TradePostingInput } from '../posting/posting.rules.ts';
import { balances, CUSTOMER, cents, SUPPLIER, testAccounts } from '../posting/postingTesting.ts';
import { toMilli } from '../trade/quantity.ts';

/** Item 1: 4 in stock worth 30.00 (average 7.50); item 2: 1 worth 9.99. */
const costs: CostBook = new Map([
  [1, { quantity: toMilli('4'), value: cents('30.00'), fallbackUnitCost: cents('7.00') }],
  [2, { quantity: toMilli('1'), value: cents('9.99'), fallbackUnitCost: cents('9.00') }],
]);
/** Two lines returned; their sale lines kept a cost of 12.00 (2 of item 1) and 4.00 (half of item 2). */
const lines = [
  { item_id: 1, quantity: '2', tot: '40.00', cost: '12.00' },
  { item_id: 2, quantity: '0.5', tot: '10.00', cost: '4.00' },
];
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
    const posting = postingOf(doc({}), testAccounts, costs);
    expect(posting.stockMovements).toEqual([
      { item_id: 1, quantity: '2', value: cents('12.00') },
      { item_id: 2, quantity: '0.5', value: cents('4.00') },
    ]);
    // The customer's balance falls by changee (net − refunded): 50 − 20; 16.00 of cost goes back to inventory.
    expect(balances(posting.ledgerLines)).toEqual({
      48: '50.00',
      [CUSTOMER]: '-30.00',
      80: '16.00',
      60: '-16.00',
      46: '-20.00',
    });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
    // The stock at cost follows: item 1 is now 6 worth 42.00.
    expect(posting.costsAfter.get(1)).toMatchObject({ quantity: toMilli('6'), value: cents('42.00') });
  });

  it('a sales return refunded by bank pays from the bank; its discount comes off discount allowed', () => {
    const posting = postingOf(doc({ discount: '5.00', pay: '45.00', pay_method: 'bank' }), testAccounts, costs);
    expect(balances(posting.ledgerLines)).toMatchObject({ 48: '50.00', 30: '-5.00', [CUSTOMER]: '0.00', 47: '-45.00' });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
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
      costs,
    );
    // 2 of item 1 at the average 7.50 leave inventory; they were returned for 50.00, 35.00 above their cost.
    expect(posting.stockMovements).toEqual([{ item_id: 1, quantity: '-2', value: cents('-15.00') }]);
    expect(balances(posting.ledgerLines)).toEqual({ [SUPPLIER]: '40.00', 80: '-15.00', 60: '-35.00', 46: '10.00' });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
  });

  it('a sale followed by its full return leaves every account and the stock at cost where they were', () => {
    const sold = [{ item_id: 1, quantity: '2', tot: '40.00' }];
    const sale = postingOf(doc({ kind: 'pay', tot_pr: '40.00', pay: '20.00', lines: sold }), testAccounts, costs);
    const cost = -(sale.stockMovements[0]?.value ?? 0n);
    const back = postingOf(
      doc({
        tot_pr: '40.00',
        pay: '20.00',
        lines: [{ ...sold[0], item_id: 1, quantity: '2', tot: '40.00', cost: toMoneyString(money(cost)) }],
      }),
      testAccounts,
      sale.costsAfter,
    );
    for (const value of Object.values(balances([...sale.ledgerLines, ...back.ledgerLines]))) expect(value).toBe('0.00');
    expect(back.costsAfter.get(1)).toEqual(costs.get(1));
  });
});
