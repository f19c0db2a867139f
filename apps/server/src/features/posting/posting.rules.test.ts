import { money, postingMemosAr, toMilli } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import {
  costLines,
  isBalanced,
  moneyAccountRole,
  openingBalancePosting,
  openingPosting,
  postingOf,
  type TradePostingInput,
} from './posting.rules.ts';
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
} from './postingTesting.ts';

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
const purchase = (over: Partial<TradePostingInput>) => doc({ kind: 'perch', cust_id: SUPPLIER, ...over });
/** Item 1: 4 in stock worth 30.00 (average 7.50); item 2: 1 worth 9.99; item 3: none yet, bought at 6.00. */
const costs: CostStates = new Map([
  [1, { quantity: toMilli('4'), value: cents('30.00'), fallbackUnitCost: cents('7.00') }],
  [2, { quantity: toMilli('1'), value: cents('9.99'), fallbackUnitCost: cents('9.00') }],
  [3, { quantity: 0n, value: cents('0'), fallbackUnitCost: cents('6.00') }],
]);

describe('posting rules', () => {
  it('a sale moves its goods out at the average; its money lines charge the customer the net, the discount allowed, sales the gross', () => {
    const posting = postingOf(doc({}), testAccounts);
    expect(posting.movements).toEqual([
      { item_id: 1, quantity: '-2', mode: 'average', line_index: 0 },
      { item_id: 2, quantity: '-0.5', mode: 'average', line_index: 1 },
    ]);
    expect(figures(posting.moneyLines)).toEqual([
      [CUSTOMER, '90.00', '0.00'],
      [30, '10.00', '0.00'],
      [48, '0.00', '100.00'],
      [46, '30.00', '0.00'],
      [CUSTOMER, '0.00', '30.00'],
    ]);
    expect(isBalanced(posting.moneyLines)).toBe(true);
    // Item 1: 2 of 4 worth 30.00 go out at 15.00; item 2: 0.5 of 1 worth 9.99 at 5.00 (4.995, half up).
    const costed = costMoves(posting.movements, costs);
    expect(costed.values).toEqual(['-15.00', '-5.00']);
    expect(costed.costDelta).toBe(cents('-20.00'));
    expect(costed.after.get(1)).toMatchObject({ quantity: toMilli('2'), value: cents('15.00') });
    expect(costed.after.get(2)).toMatchObject({ quantity: toMilli('0.5'), value: cents('4.99') });
    const whole = wholePosting(posting, costed.costDelta, costMemo('pay'));
    // The customer's balance rises by changee (net − paid), the seed's rule; gross profit = net − cost = 70.00.
    expect(balances(whole)).toEqual({
      [CUSTOMER]: '60.00',
      30: '10.00',
      48: '-100.00',
      46: '30.00',
      60: '20.00',
      80: '-20.00',
    });
    expect(isBalanced(whole)).toBe(true);
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
    );
    expect(posting.movements.map((m) => [m.item_id, m.quantity, m.line_index])).toEqual([
      [1, '-1', 0],
      [1, '-3', 1],
    ]);
    const costed = costMoves(posting.movements, costs);
    expect(costed.values).toEqual(['-7.50', '-22.50']);
    expect(costed.costDelta).toBe(cents('-30.00'));
    expect(costed.after.get(1)).toMatchObject({ quantity: 0n, value: cents('0') });
  });

  it('a purchase brings its goods in at their lines’ totals, into inventory; owes the supplier the net and earns the discount', () => {
    const posting = postingOf(purchase({}), testAccounts);
    expect(posting.movements).toEqual([
      { item_id: 1, quantity: '2', mode: 'fixed', in_value: cents('80.00'), line_index: 0 },
      { item_id: 2, quantity: '0.5', mode: 'fixed', in_value: cents('20.00'), line_index: 1 },
    ]);
    expect(figures(posting.moneyLines)).toEqual([
      [80, '100.00', '0.00'],
      [SUPPLIER, '0.00', '90.00'],
      [50, '0.00', '10.00'],
      [SUPPLIER, '30.00', '0.00'],
      [46, '0.00', '30.00'],
    ]);
    expect(isBalanced(posting.moneyLines)).toBe(true);
    // Stock at or above zero: the goods come in at exactly their value, so there is no cost part.
    const costed = costMoves(posting.movements, costs);
    expect(costed.values).toEqual(['80.00', '20.00']);
    expect(costed.costDelta).toBe(money(0n));
    expect(costLines(costed.costDelta, testAccounts, costMemo('perch'))).toEqual([]);
    expect(costed.after.get(1)).toMatchObject({ quantity: toMilli('6'), value: cents('110.00') });
    expect(balances(wholePosting(posting, costed.costDelta, costMemo('perch')))).toEqual({
      80: '100.00',
      [SUPPLIER]: '-60.00',
      50: '-10.00',
      46: '-30.00',
    });
  });

  it('a purchase’s gross beyond its lines’ totals is an expense of purchases; a value-only purchase is all purchases', () => {
    const part = postingOf(purchase({ lines: [{ item_id: 1, quantity: '2', tot: '80.00' }] }), testAccounts);
    expect(figures(part.moneyLines).slice(0, 2)).toEqual([
      [80, '80.00', '0.00'],
      [49, '20.00', '0.00'],
    ]);
    expect(isBalanced(part.moneyLines)).toBe(true);
    const valueOnly = postingOf(purchase({ lines: [] }), testAccounts);
    expect(valueOnly.movements).toEqual([]);
    expect(figures(valueOnly.moneyLines)).toEqual([
      [49, '100.00', '0.00'],
      [SUPPLIER, '0.00', '90.00'],
      [50, '0.00', '10.00'],
      [SUPPLIER, '30.00', '0.00'],
      [46, '0.00', '30.00'],
    ]);
    expect(isBalanced(valueOnly.moneyLines)).toBe(true);
    expect(costMoves(valueOnly.movements, costs).costDelta).toBe(money(0n));
  });

  it('a purchase that covers stock sold short corrects cost of sales by its variance (negative stock allowed)', () => {
    const short: CostStates = new Map([
      [1, { quantity: toMilli('-3'), value: cents('-30.00'), fallbackUnitCost: cents('10.00') }],
    ]);
    const at = (tot: string) =>
      postingOf(
        purchase({ tot_pr: tot, discount: '0', pay: '0', lines: [{ item_id: 1, quantity: '5', tot }] }),
        testAccounts,
      );
    // 5 in at 10.00 each… the 3 sold short had gone out at 10.00 too: no variance. At 12.00 they would have.
    const same = at('50.00');
    const sameCost = costMoves(same.movements, short);
    expect(sameCost.costDelta).toBe(money(0n));
    expect(figures(wholePosting(same, sameCost.costDelta, costMemo('perch')))).toEqual([
      [80, '50.00', '0.00'],
      [SUPPLIER, '0.00', '50.00'],
    ]);
    const dearer = at('60.00');
    expect(dearer.movements).toEqual([
      { item_id: 1, quantity: '5', mode: 'fixed', in_value: cents('60.00'), line_index: 0 },
    ]);
    // Stock 2 at 12.00 = 24.00 from −30.00: inventory +54.00; the 3 sold short cost 6.00 more.
    const dearerCost = costMoves(dearer.movements, short);
    expect(dearerCost.values).toEqual(['54.00']);
    expect(dearerCost.costDelta).toBe(cents('-6.00'));
    expect(dearerCost.after.get(1)).toMatchObject({ quantity: toMilli('2'), value: cents('24.00') });
    const whole = wholePosting(dearer, dearerCost.costDelta, costMemo('perch'));
    expect(balances(whole)).toEqual({ 80: '54.00', 60: '6.00', [SUPPLIER]: '-60.00' });
    expect(isBalanced(whole)).toBe(true);
  });

  it('a sale of an item with no stock and no average goes out at its purchase price (negative stock allowed)', () => {
    const posting = postingOf(doc({ lines: [{ item_id: 3, quantity: '2', tot: '100.00' }] }), testAccounts);
    expect(posting.movements).toEqual([{ item_id: 3, quantity: '-2', mode: 'average', line_index: 0 }]);
    const costed = costMoves(posting.movements, costs);
    expect(costed.values).toEqual(['-12.00']);
    expect(costed.after.get(3)).toMatchObject({ quantity: toMilli('-2'), value: cents('-12.00') });
    expect(balances(wholePosting(posting, costed.costDelta, costMemo('pay')))).toMatchObject({
      60: '12.00',
      80: '-12.00',
    });
  });

  it('the cost part moves a document’s cost delta between inventory and cost of sales, and nothing when it is zero', () => {
    expect(figures(costLines(cents('-20.00'), testAccounts, 'm'))).toEqual([
      [80, '0.00', '20.00'],
      [60, '20.00', '0.00'],
    ]);
    expect(figures(costLines(cents('16.00'), testAccounts, 'm'))).toEqual([
      [80, '16.00', '0.00'],
      [60, '0.00', '16.00'],
    ]);
    expect(costLines(money(0n), testAccounts, 'm')).toEqual([]);
    expect(isBalanced(costLines(cents('-0.01'), testAccounts, 'm'))).toBe(true);
  });

  it('money paid by bank, card or transfer (English or Arabic) posts to the bank, anything else to the cash box', () => {
    expect(figures(postingOf(doc({ pay_method: 'بطاقة' }), testAccounts).moneyLines)).toContainEqual([
      47,
      '30.00',
      '0.00',
    ]);
    expect(figures(postingOf(purchase({ pay_method: ' Bank ' }), testAccounts).moneyLines)).toContainEqual([
      47,
      '0.00',
      '30.00',
    ]);
    expect(moneyAccountRole('تحويل بنكي')).toBe('bank');
    expect(moneyAccountRole('نقدي')).toBe('cash_box');
    expect(moneyAccountRole(undefined)).toBe('cash_box');
  });

  it('an unpaid invoice posts no payment lines; a value-only invoice posts its amounts without stock or cost', () => {
    const unpaid = postingOf(doc({ pay: '0.00', discount: '0' }), testAccounts);
    const unpaidCost = costMoves(unpaid.movements, costs);
    expect(figures(wholePosting(unpaid, unpaidCost.costDelta, costMemo('pay')))).toEqual([
      [CUSTOMER, '100.00', '0.00'],
      [48, '0.00', '100.00'],
      [80, '0.00', '20.00'],
      [60, '20.00', '0.00'],
    ]);
    const valueOnly = postingOf(doc({ lines: [] }), testAccounts);
    expect(valueOnly.movements).toEqual([]);
    expect(costMoves(valueOnly.movements, costs).costDelta).toBe(money(0n));
    expect(figures(valueOnly.moneyLines)).toEqual([
      [CUSTOMER, '90.00', '0.00'],
      [30, '10.00', '0.00'],
      [48, '0.00', '100.00'],
      [46, '30.00', '0.00'],
      [CUSTOMER, '0.00', '30.00'],
    ]);
  });

  it('preliminary invoices and purchase orders post nothing; stock movements follow the kind’s sign', () => {
    for (const kind of ['payinit', 'perchOrder'] as const)
      expect(postingOf(doc({ kind }), testAccounts)).toEqual({ movements: [], moneyLines: [] });
    const stockMovementsOf = (kind: TradePostingInput['kind']) =>
      postingOf(doc({ kind }), testAccounts).movements.map(({ item_id, quantity }) => ({ item_id, quantity }));
    expect(stockMovementsOf('payinit')).toEqual([]);
    expect(stockMovementsOf('pay')).toEqual([
      { item_id: 1, quantity: '-2' },
      { item_id: 2, quantity: '-0.5' },
    ]);
    expect(stockMovementsOf('perch')).toEqual([
      { item_id: 1, quantity: '2' },
      { item_id: 2, quantity: '0.5' },
    ]);
    expect(stockMovementsOf('sales_returns').map((m) => m.quantity)).toEqual(['2', '0.5']);
    expect(stockMovementsOf('purchase_returns').map((m) => m.quantity)).toEqual(['-2', '-0.5']);
  });

  it('every line carries an Arabic memo naming the document; payment and cost lines say what they are', () => {
    const sale = postingOf(doc({}), testAccounts).moneyLines;
    expect(sale[0]?.memo).toBe('فاتورة مبيعات');
    expect(sale[3]?.memo).toBe('المدفوع على فاتورة مبيعات');
    expect(costMemo('pay')).toBe('تكلفة فاتورة مبيعات');
    expect(costLines(cents('-1.00'), testAccounts, costMemo('pay')).map((line) => line.memo)).toEqual([
      'تكلفة فاتورة مبيعات',
      'تكلفة فاتورة مبيعات',
    ]);
    const [first] = postingOf(purchase({}), testAccounts).moneyLines;
    expect(first?.memo).toBe('فاتورة مشتريات');
  });

  it('an opening quantity comes in at its stated cost, into inventory against the opening-balance account', () => {
    const posting = openingPosting({ item_id: 3, quantity: '7.250', perch_price: '2.00' }, testAccounts);
    expect(posting.movements).toEqual([
      { item_id: 3, quantity: '7.250', mode: 'fixed', in_value: cents('14.50'), line_index: 0 },
    ]);
    expect(figures(posting.moneyLines)).toEqual([
      [80, '14.50', '0.00'],
      [70, '0.00', '14.50'],
    ]);
    expect(posting.moneyLines[0]?.memo).toBe('بضاعة أول المدة');
    const costed = costMoves(posting.movements, costs);
    expect(costed.costDelta).toBe(money(0n));
    expect(costed.after.get(3)).toMatchObject({ quantity: toMilli('7.25'), value: cents('14.50') });
    expect(balances(wholePosting(posting, costed.costDelta, postingMemosAr.openingStock))).toEqual({
      80: '14.50',
      70: '-14.50',
    });
    const none = openingPosting({ item_id: 3, quantity: '0', perch_price: '2.00' }, testAccounts);
    expect(none.moneyLines).toEqual([]);
    expect(none.movements.map((m) => m.in_value)).toEqual([money(0n)]);
  });

  it('an opening balance posts the account on its side against the opening-balance account, naming it', () => {
    const accounts = { account_id: 5, opening_balance: 70 };
    const customer = (sub_balance: string) =>
      openingBalancePosting({ sub_name: 'عميل', sub_type: 'debit', sub_balance }, accounts);
    expect(figures(customer('250.75').moneyLines)).toEqual([
      [5, '250.75', '0.00'],
      [70, '0.00', '250.75'],
    ]);
    expect(customer('250.75').moneyLines.map((line) => line.memo)).toEqual(['رصيد افتتاحي', 'رصيد افتتاحي: عميل']);
    // A customer in credit (negative), a supplier owed (credit nature): the sides follow.
    expect(figures(customer('-40').moneyLines)).toEqual([
      [5, '0.00', '40.00'],
      [70, '40.00', '0.00'],
    ]);
    const supplier = openingBalancePosting({ sub_name: 'مورد', sub_type: 'credit', sub_balance: '120' }, accounts);
    expect(figures(supplier.moneyLines)).toEqual([
      [5, '0.00', '120.00'],
      [70, '120.00', '0.00'],
    ]);
    expect(customer('0').moneyLines).toEqual([]);
    for (const posting of [customer('250.75'), customer('-40'), supplier]) {
      expect(isBalanced(posting.moneyLines)).toBe(true);
      expect(posting.movements).toEqual([]);
    }
  });

  it('a posting whose debits differ from its credits is told apart', () => {
    const one = money(100n);
    expect(isBalanced([{ account_id: 1, debit: one, credit: money(0n), memo: '' }])).toBe(false);
    expect(isBalanced([])).toBe(true);
  });
});
