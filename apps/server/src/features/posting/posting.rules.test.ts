import { type Money, money, toMoneyString } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import {
  isBalanced,
  type LedgerEntry,
  moneyAccountRole,
  type PostingAccounts,
  postingOf,
  postOpeningQuantityRule,
  stockMovementsOf,
  type TradePostingInput,
} from './posting.rules.ts';

const accounts: PostingAccounts = { sales: 48, purchases: 49, cash_box: 46, bank: 47 };
const CUSTOMER = 101;
const SUPPLIER = 202;
const lines = [
  { item_id: 1, quantity: '2' },
  { item_id: 2, quantity: '0.5' },
];
const doc = (over: Partial<TradePostingInput>): TradePostingInput => ({
  kind: 'pay',
  cust_id: CUSTOMER,
  tot_pr: '100.00',
  discount: '10.00',
  pay: '30.00',
  pay_method: null,
  lines,
  ...over,
});

/** Lines as plain figures, to compare: account, debit, credit. */
const figures = (entries: LedgerEntry[]) =>
  entries.map((e) => [e.account_id, toMoneyString(e.debit), toMoneyString(e.credit)]);
/** Each account's balance (debit − credit). */
const balances = (entries: LedgerEntry[]) => {
  const by = new Map<number, bigint>();
  for (const e of entries) by.set(e.account_id, (by.get(e.account_id) ?? 0n) + e.debit - e.credit);
  return Object.fromEntries([...by].map(([id, v]) => [id, toMoneyString(money(v) as Money)]));
};

describe('posting rules', () => {
  it('a sale takes its quantities out of stock, charges the customer the net and puts the money paid in the cash box', () => {
    const posting = postingOf(doc({}), accounts);
    expect(posting.stockMovements).toEqual([
      { item_id: 1, quantity: '-2' },
      { item_id: 2, quantity: '-0.5' },
    ]);
    expect(figures(posting.ledgerLines)).toEqual([
      [CUSTOMER, '90.00', '0.00'],
      [48, '0.00', '90.00'],
      [46, '30.00', '0.00'],
      [CUSTOMER, '0.00', '30.00'],
    ]);
    // The customer's balance rises by changee (net − paid), the seed's rule.
    expect(balances(posting.ledgerLines)).toMatchObject({ [CUSTOMER]: '60.00', 48: '-90.00', 46: '30.00' });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
  });

  it('a purchase brings its quantities in, owes the supplier the net and pays from the cash box', () => {
    const posting = postingOf(doc({ kind: 'perch', cust_id: SUPPLIER }), accounts);
    expect(posting.stockMovements).toEqual(lines);
    expect(figures(posting.ledgerLines)).toEqual([
      [49, '90.00', '0.00'],
      [SUPPLIER, '0.00', '90.00'],
      [SUPPLIER, '30.00', '0.00'],
      [46, '0.00', '30.00'],
    ]);
    expect(balances(posting.ledgerLines)).toMatchObject({ [SUPPLIER]: '-60.00', 49: '90.00', 46: '-30.00' });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
  });

  it('money paid by bank, card or transfer (English or Arabic) posts to the bank, anything else to the cash box', () => {
    expect(figures(postingOf(doc({ pay_method: 'بطاقة' }), accounts).ledgerLines)[2]).toEqual([47, '30.00', '0.00']);
    expect(figures(postingOf(doc({ kind: 'perch', pay_method: ' Bank ' }), accounts).ledgerLines)[3]).toEqual([
      47,
      '0.00',
      '30.00',
    ]);
    expect(moneyAccountRole('نقدي')).toBe('cash_box');
    expect(moneyAccountRole(undefined)).toBe('cash_box');
  });

  it('an unpaid invoice posts no payment lines, and a value-only invoice posts its amounts without stock', () => {
    expect(figures(postingOf(doc({ pay: '0.00' }), accounts).ledgerLines)).toEqual([
      [CUSTOMER, '90.00', '0.00'],
      [48, '0.00', '90.00'],
    ]);
    const valueOnly = postingOf(doc({ lines: [] }), accounts);
    expect(valueOnly.stockMovements).toEqual([]);
    expect(valueOnly.ledgerLines).toHaveLength(4);
  });

  it('preliminary invoices and purchase orders post nothing', () => {
    for (const kind of ['payinit', 'perchOrder'] as const)
      expect(postingOf(doc({ kind }), accounts)).toEqual({ stockMovements: [], ledgerLines: [] });
    expect(stockMovementsOf('payinit', lines)).toEqual([]);
  });

  it('every line carries an Arabic memo naming the document, the payment lines say they are a payment', () => {
    const [charge, , payment] = postingOf(doc({}), accounts).ledgerLines;
    expect(charge?.memo).toBe('فاتورة مبيعات');
    expect(payment?.memo).toBe('المدفوع على فاتورة مبيعات');
    const [purchase] = postingOf(doc({ kind: 'perch', cust_id: SUPPLIER }), accounts).ledgerLines;
    expect(purchase?.memo).toBe('فاتورة مشتريات');
  });

  it('an opening quantity brings its quantity in and posts no ledger lines', () => {
    expect(postOpeningQuantityRule({ item_id: 3, quantity: '7.250' })).toEqual({
      stockMovements: [{ item_id: 3, quantity: '7.250' }],
      ledgerLines: [],
    });
  });

  it('a posting whose debits differ from its credits is told apart', () => {
    const one = money(100n);
    expect(isBalanced([{ account_id: 1, debit: one, credit: money(0n), memo: '' }])).toBe(false);
    expect(isBalanced([])).toBe(true);
  });
});
