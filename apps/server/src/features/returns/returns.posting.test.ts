import { type Money, money, toMoneyString } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import {
  isBalanced,
  type LedgerEntry,
  type PostingAccounts,
  postingOf,
  type TradePostingInput,
} from '../posting/posting.rules.ts';

const accounts: PostingAccounts = { sales: 48, purchases: 49, cash_box: 46, bank: 47 };
const CUSTOMER = 101;
const SUPPLIER = 202;
const lines = [
  { item_id: 1, quantity: '2' },
  { item_id: 2, quantity: '0.5' },
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
const balances = (entries: LedgerEntry[]) => {
  const by = new Map<number, bigint>();
  for (const e of entries) by.set(e.account_id, (by.get(e.account_id) ?? 0n) + e.debit - e.credit);
  return Object.fromEntries([...by].map(([id, v]) => [id, toMoneyString(money(v) as Money)]));
};

describe('return posting rules', () => {
  it('a sales return brings the goods back, lowers sales and the customer by the net, and refunds from the cash box', () => {
    const posting = postingOf(doc({}), accounts);
    expect(posting.stockMovements).toEqual([
      { item_id: 1, quantity: '2' },
      { item_id: 2, quantity: '0.5' },
    ]);
    // The customer's balance falls by changee (net − refunded): 50 − 20.
    expect(balances(posting.ledgerLines)).toEqual({ 48: '50.00', [CUSTOMER]: '-30.00', 46: '-20.00' });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
    expect(posting.ledgerLines.map((l) => l.memo)).toEqual([
      'مرتجع مبيعات',
      'مرتجع مبيعات',
      'المدفوع على مرتجع مبيعات',
      'المدفوع على مرتجع مبيعات',
    ]);
  });

  it('a sales return refunded by bank pays from the bank; its discount lowers what is returned', () => {
    const posting = postingOf(doc({ discount: '5.00', pay: '45.00', pay_method: 'bank' }), accounts);
    expect(balances(posting.ledgerLines)).toEqual({ 48: '45.00', [CUSTOMER]: '0.00', 47: '-45.00' });
  });

  it('a sales return without a refund only lowers what the customer owes (no zero lines)', () => {
    const posting = postingOf(doc({ pay: '0' }), accounts);
    expect(posting.ledgerLines).toHaveLength(2);
    expect(balances(posting.ledgerLines)).toEqual({ 48: '50.00', [CUSTOMER]: '-50.00' });
  });

  it('a purchase return sends the goods out, lowers purchases, and the supplier owes back what he did not refund', () => {
    const posting = postingOf(doc({ kind: 'purchase_returns', cust_id: SUPPLIER, pay: '10.00' }), accounts);
    expect(posting.stockMovements).toEqual([
      { item_id: 1, quantity: '-2' },
      { item_id: 2, quantity: '-0.5' },
    ]);
    expect(balances(posting.ledgerLines)).toEqual({ [SUPPLIER]: '40.00', 49: '-50.00', 46: '10.00' });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
  });

  it('a sale followed by its full return leaves every account where it was', () => {
    const sale = postingOf(doc({ kind: 'pay', tot_pr: '50.00', pay: '20.00' }), accounts);
    const back = postingOf(doc({ pay: '20.00' }), accounts);
    const all = balances([...sale.ledgerLines, ...back.ledgerLines]);
    for (const value of Object.values(all)) expect(value).toBe('0.00');
  });
});
