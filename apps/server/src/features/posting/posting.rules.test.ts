import { money, toMoneyString } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { toMilli } from '../trade/quantity.ts';
import {
  type CostBook,
  isBalanced,
  type LedgerEntry,
  moneyAccountRole,
  postingOf,
  postOpeningQuantityRule,
  stockMovementsOf,
  type TradePostingInput,
} from './posting.rules.ts';
import { balances, CUSTOMER, cents, SUPPLIER, testAccounts } from './postingTesting.ts';

const lines = [
  { item_id: 1, quantity: '2', tot: '80.00' },
  { item_id: 2, quantity: '0.5', tot: '20.00' },
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
/** Item 1: 4 in stock worth 30.00 (average 7.50); item 2: 1 worth 9.99; item 3: none yet, bought at 6.00. */
const costs: CostBook = new Map([
  [1, { quantity: toMilli('4'), value: cents('30.00'), fallbackUnitCost: cents('7.00') }],
  [2, { quantity: toMilli('1'), value: cents('9.99'), fallbackUnitCost: cents('9.00') }],
  [3, { quantity: 0n, value: cents('0'), fallbackUnitCost: cents('6.00') }],
]);

/** Lines as plain figures, to compare: account, debit, credit. */
const figures = (entries: LedgerEntry[]) =>
  entries.map((e) => [e.account_id, toMoneyString(e.debit), toMoneyString(e.credit)]);

describe('posting rules', () => {
  it('a sale takes its goods out at the average cost, charges the customer the net, the discount allowed, sales the gross', () => {
    const posting = postingOf(doc({}), testAccounts, costs);
    // Item 1: 2 of 4 worth 30.00 go out at 15.00; item 2: 0.5 of 1 worth 9.99 at 5.00 (4.995, half up).
    expect(posting.stockMovements).toEqual([
      { item_id: 1, quantity: '-2', value: cents('-15.00') },
      { item_id: 2, quantity: '-0.5', value: cents('-5.00') },
    ]);
    expect(figures(posting.ledgerLines)).toEqual([
      [CUSTOMER, '90.00', '0.00'],
      [30, '10.00', '0.00'],
      [48, '0.00', '100.00'],
      [60, '20.00', '0.00'],
      [80, '0.00', '20.00'],
      [46, '30.00', '0.00'],
      [CUSTOMER, '0.00', '30.00'],
    ]);
    // The customer's balance rises by changee (net − paid), the seed's rule; gross profit = net − cost = 70.00.
    expect(balances(posting.ledgerLines)).toMatchObject({
      [CUSTOMER]: '60.00',
      48: '-100.00',
      46: '30.00',
      60: '20.00',
    });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
    expect(posting.costsAfter.get(1)).toMatchObject({ quantity: toMilli('2'), value: cents('15.00') });
    expect(posting.costsAfter.get(2)).toMatchObject({ quantity: toMilli('0.5'), value: cents('4.99') });
  });

  it('two lines of one item in a sale cost in order, the second from what the first left', () => {
    const posting = postingOf(
      doc({
        lines: [
          { item_id: 1, quantity: '1', tot: '50.00' },
          { item_id: 1, quantity: '3', tot: '50.00' },
        ],
      }),
      testAccounts,
      costs,
    );
    expect(posting.stockMovements.map((m) => toMoneyString(m.value))).toEqual(['-7.50', '-22.50']);
    expect(posting.costsAfter.get(1)).toMatchObject({ quantity: 0n, value: cents('0') });
  });

  it('a purchase brings its goods into inventory at the gross, owes the supplier the net and earns the discount', () => {
    const posting = postingOf(doc({ kind: 'perch', cust_id: SUPPLIER }), testAccounts, costs);
    expect(posting.stockMovements).toEqual([
      { item_id: 1, quantity: '2', value: cents('80.00') },
      { item_id: 2, quantity: '0.5', value: cents('20.00') },
    ]);
    expect(figures(posting.ledgerLines)).toEqual([
      [80, '100.00', '0.00'],
      [SUPPLIER, '0.00', '90.00'],
      [50, '0.00', '10.00'],
      [SUPPLIER, '30.00', '0.00'],
      [46, '0.00', '30.00'],
    ]);
    expect(balances(posting.ledgerLines)).toMatchObject({ [SUPPLIER]: '-60.00', 80: '100.00', 46: '-30.00' });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
    expect(posting.costsAfter.get(1)).toMatchObject({ quantity: toMilli('6'), value: cents('110.00') });
  });

  it('a purchase that covers stock sold short corrects cost of sales by its variance (negative stock allowed)', () => {
    const short: CostBook = new Map([
      [1, { quantity: toMilli('-3'), value: cents('-30.00'), fallbackUnitCost: cents('10.00') }],
    ]);
    const posting = postingOf(
      doc({
        kind: 'perch',
        cust_id: SUPPLIER,
        tot_pr: '50.00',
        discount: '0',
        pay: '0',
        lines: [{ item_id: 1, quantity: '5', tot: '50.00' }],
      }),
      testAccounts,
      short,
    );
    // 5 in at 10.00 each… the 3 sold short had gone out at 10.00 too: no variance. At 12.00 they would have.
    expect(figures(posting.ledgerLines)).toEqual([
      [80, '50.00', '0.00'],
      [SUPPLIER, '0.00', '50.00'],
    ]);
    const dearer = postingOf(
      doc({
        kind: 'perch',
        cust_id: SUPPLIER,
        tot_pr: '60.00',
        discount: '0',
        pay: '0',
        lines: [{ item_id: 1, quantity: '5', tot: '60.00' }],
      }),
      testAccounts,
      short,
    );
    // Stock 2 at 12.00 = 24.00 from −30.00: inventory +54.00; the 3 sold short cost 6.00 more.
    expect(figures(dearer.ledgerLines)).toEqual([
      [80, '54.00', '0.00'],
      [60, '6.00', '0.00'],
      [SUPPLIER, '0.00', '60.00'],
    ]);
    expect(isBalanced(dearer.ledgerLines)).toBe(true);
  });

  it('a line that states its value at cost comes in at it, not at its price (a sales return keeps its sale cost)', () => {
    const posting = postingOf(
      doc({ kind: 'perch', cust_id: SUPPLIER, lines: [{ item_id: 1, quantity: '2', tot: '100.00', cost: '15.00' }] }),
      testAccounts,
      costs,
    );
    expect(posting.stockMovements).toEqual([{ item_id: 1, quantity: '2', value: cents('15.00') }]);
    expect(posting.costsAfter.get(1)).toMatchObject({ quantity: toMilli('6'), value: cents('45.00') });
    expect(isBalanced(posting.ledgerLines)).toBe(true);
  });

  it('a sale of an item with no stock and no average goes out at its purchase price (negative stock allowed)', () => {
    const posting = postingOf(doc({ lines: [{ item_id: 3, quantity: '2', tot: '100.00' }] }), testAccounts, costs);
    expect(posting.stockMovements).toEqual([{ item_id: 3, quantity: '-2', value: cents('-12.00') }]);
  });

  it('money paid by bank, card or transfer (English or Arabic) posts to the bank, anything else to the cash box', () => {
    expect(figures(postingOf(doc({ pay_method: 'بطاقة' }), testAccounts, costs).ledgerLines)).toContainEqual([
      47,
      '30.00',
      '0.00',
    ]);
    expect(
      figures(
        postingOf(doc({ kind: 'perch', cust_id: SUPPLIER, pay_method: ' Bank ' }), testAccounts, costs).ledgerLines,
      ),
    ).toContainEqual([47, '0.00', '30.00']);
    expect(moneyAccountRole('نقدي')).toBe('cash_box');
    expect(moneyAccountRole(undefined)).toBe('cash_box');
  });

  it('an unpaid invoice posts no payment lines; a value-only invoice posts its amounts without stock or cost', () => {
    expect(figures(postingOf(doc({ pay: '0.00', discount: '0' }), testAccounts, costs).ledgerLines)).toEqual([
      [CUSTOMER, '100.00', '0.00'],
      [48, '0.00', '100.00'],
      [60, '20.00', '0.00'],
      [80, '0.00', '20.00'],
    ]);
    const valueOnly = postingOf(doc({ lines: [] }), testAccounts, costs);
    expect(valueOnly.stockMovements).toEqual([]);
    expect(figures(valueOnly.ledgerLines)).toEqual([
      [CUSTOMER, '90.00', '0.00'],
      [30, '10.00', '0.00'],
      [48, '0.00', '100.00'],
      [46, '30.00', '0.00'],
      [CUSTOMER, '0.00', '30.00'],
    ]);
    // A value-only purchase brings no goods: its gross is an expense of the purchases account.
    const purchase = postingOf(doc({ kind: 'perch', cust_id: SUPPLIER, lines: [] }), testAccounts, costs);
    expect(figures(purchase.ledgerLines).slice(0, 3)).toEqual([
      [49, '100.00', '0.00'],
      [SUPPLIER, '0.00', '90.00'],
      [50, '0.00', '10.00'],
    ]);
    expect(isBalanced(purchase.ledgerLines)).toBe(true);
  });

  it('preliminary invoices and purchase orders post nothing', () => {
    for (const kind of ['payinit', 'perchOrder'] as const)
      expect(postingOf(doc({ kind }), testAccounts, costs)).toEqual({
        stockMovements: [],
        ledgerLines: [],
        costsAfter: new Map(),
      });
    expect(stockMovementsOf('payinit', lines)).toEqual([]);
  });

  it('every line carries an Arabic memo naming the document, the payment and cost lines say what they are', () => {
    const sale = postingOf(doc({}), testAccounts, costs).ledgerLines;
    expect(sale[0]?.memo).toBe('فاتورة مبيعات');
    expect(sale[3]?.memo).toBe('تكلفة فاتورة مبيعات');
    expect(sale[5]?.memo).toBe('المدفوع على فاتورة مبيعات');
    const [purchase] = postingOf(doc({ kind: 'perch', cust_id: SUPPLIER }), testAccounts, costs).ledgerLines;
    expect(purchase?.memo).toBe('فاتورة مشتريات');
  });

  it('an opening quantity comes in at its stated cost, into inventory against the opening-balance account', () => {
    const posting = postOpeningQuantityRule(
      { item_id: 3, quantity: '7.250', perch_price: '2.00' },
      testAccounts,
      costs,
    );
    expect(posting.stockMovements).toEqual([{ item_id: 3, quantity: '7.250', value: cents('14.50') }]);
    expect(figures(posting.ledgerLines)).toEqual([
      [80, '14.50', '0.00'],
      [70, '0.00', '14.50'],
    ]);
    expect(posting.ledgerLines[0]?.memo).toBe('بضاعة أول المدة');
    expect(
      postOpeningQuantityRule({ item_id: 3, quantity: '0', perch_price: '2.00' }, testAccounts, costs).ledgerLines,
    ).toEqual([]);
  });

  it('a posting whose debits differ from its credits is told apart', () => {
    const one = money(100n);
    expect(isBalanced([{ account_id: 1, debit: one, credit: money(0n), memo: '' }])).toBe(false);
    expect(isBalanced([])).toBe(true);
  });
});
