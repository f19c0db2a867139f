/**
 * What each document posts, as pure functions: a document and its lines in, its stock movements and its balanced
 * ledger lines out. One rule per way of posting (the registry names a kind's rule), readable in one place and
 * tested with plain values; `posting.ts` writes what they return.
 */
import {
  addMoney,
  type KindToken,
  kindOf,
  type Money,
  money,
  type PostingRule,
  parseMoney,
  postingMemosAr,
} from '@mizan/contract';
import { toMilli } from '../trade/quantity.ts';
import { applyCost, type CostState, valueAt } from './cost.rules.ts';

/** A signed stock quantity of an item: positive into the store, negative out of it (what the stock check reads). */
export type StockQuantity = { item_id: number; quantity: string };
/** A signed stock movement of an item with its value at cost (signed like the quantity). */
export type StockEntry = StockQuantity & { value: Money };
/** One ledger line; its memo is the Arabic text a statement shows beside the document's reference. */
export type LedgerEntry = { account_id: number; debit: Money; credit: Money; memo: string };
export type Posting = { stockMovements: StockEntry[]; ledgerLines: LedgerEntry[] };
/** The items' stock at cost in the document's year, by item id: what the cost rule reads. */
export type CostBook = ReadonlyMap<number, CostState>;
/** A posting with the stock at cost it leaves behind, for the items it moved (to thread through many documents). */
export type CostedPosting = Posting & { costsAfter: Map<number, CostState> };

/** The store's accounts that posting needs, found by their role (never by a hard-coded id). */
export type PostingAccounts = {
  sales: number;
  /** Value-only purchases (no goods into stock) are an expense of the purchases account. */
  purchases: number;
  cash_box: number;
  bank: number;
  inventory: number;
  cost_of_sales: number;
  discount_allowed: number;
  discount_received: number;
  opening_balance: number;
};
export const postingAccountRoles = [
  'sales',
  'purchases',
  'cash_box',
  'bank',
  'inventory',
  'cost_of_sales',
  'discount_allowed',
  'discount_received',
  'opening_balance',
] as const satisfies readonly (keyof PostingAccounts)[];

/** A trade document as its rule reads it: amounts are the saved decimal strings. */
export type TradePostingInput = {
  kind: KindToken;
  cust_id: number;
  tot_pr: string;
  discount: string;
  pay: string;
  pay_method?: string | null | undefined;
  /**
   * Each line's `tot` is its quantity × the document's price: a purchase line's value at cost. A line that brings
   * stock in at another value gives it as `cost` (a sales return: the cost its sale line kept, for its quantity).
   */
  lines: { item_id: number; quantity: string; tot: string; cost?: string | undefined }[];
};

const ZERO = money(0n);
const amount = (text: string) => parseMoney(text) ?? ZERO;
const debit = (account_id: number, value: Money, memo: string): LedgerEntry => ({
  account_id,
  debit: value,
  credit: ZERO,
  memo,
});
const credit = (account_id: number, value: Money, memo: string): LedgerEntry => ({
  account_id,
  debit: ZERO,
  credit: value,
  memo,
});
/** A signed amount on its side: a debit when positive, a credit of its size when negative. */
const debitSigned = (account_id: number, value: Money, memo: string): LedgerEntry =>
  value < 0n ? credit(account_id, money(-value), memo) : debit(account_id, value, memo);
const sum = (values: Money[]) => addMoney(ZERO, ...values);

/** The `pay_method` words (English and Arabic) for money that goes through the bank: transfers and cards. */
const BANK_METHODS = new Set(['bank', 'card', 'transfer', 'بنك', 'بطاقة', 'شبكة', 'تحويل', 'تحويل بنكي']);

/** Where the money paid on a document goes: the bank for a bank or card payment, else the cash box. */
export const moneyAccountRole = (payMethod: string | null | undefined): 'bank' | 'cash_box' =>
  BANK_METHODS.has((payMethod ?? '').trim().toLowerCase()) ? 'bank' : 'cash_box';

/** The stock a document's lines move, by its kind's sign: a sale takes out, a purchase brings in, a draft nothing. */
export function stockMovementsOf(kind: KindToken, lines: StockQuantity[]): StockQuantity[] {
  const { stockSign } = kindOf(kind);
  if (stockSign === 0) return [];
  const sign = stockSign < 0 ? '-' : '';
  return lines.map((line) => ({ item_id: line.item_id, quantity: `${sign}${line.quantity}` }));
}

/** An item's stock at cost from the book (or what earlier lines of the same document left). */
function stateOf(costs: CostBook, after: Map<number, CostState>, itemId: number): CostState {
  const state = after.get(itemId) ?? costs.get(itemId);
  if (!state) throw new Error(`no stock at cost of item ${itemId} was loaded`);
  return state;
}

/**
 * The document's lines through the cost rule, in order: stock out at the moving average, stock in at the line's
 * value. Answers the valued movements, the variance of stock that came in below zero, and the states left.
 */
function costLines(doc: TradePostingInput, costs: CostBook) {
  const { stockSign } = kindOf(doc.kind);
  const costsAfter = new Map<number, CostState>();
  const variances: Money[] = [];
  const stockMovements: StockEntry[] = [];
  if (stockSign === 0) return { stockMovements, variance: ZERO, costsAfter };
  for (const line of doc.lines) {
    const quantity = toMilli(line.quantity);
    const costed = applyCost(
      stateOf(costs, costsAfter, line.item_id),
      stockSign < 0
        ? { direction: 'out', quantity }
        : { direction: 'in', quantity, value: amount(line.cost ?? line.tot) },
    );
    costsAfter.set(line.item_id, costed.state);
    variances.push(costed.variance);
    stockMovements.push({
      item_id: line.item_id,
      quantity: `${stockSign < 0 ? '-' : ''}${line.quantity}`,
      value: costed.change,
    });
  }
  return { stockMovements, variance: sum(variances), costsAfter };
}

/** What both sides of trade post from: gross, discount, net (gross less discount), the money paid, and memos. */
function tradeAmounts(doc: TradePostingInput) {
  const { label } = kindOf(doc.kind);
  const gross = amount(doc.tot_pr);
  const discount = amount(doc.discount);
  return {
    gross,
    discount,
    net: money(gross - discount),
    paid: amount(doc.pay),
    memo: postingMemosAr.document(label),
    paymentMemo: postingMemosAr.payment(label),
    costMemo: postingMemosAr.cost(label),
  };
}

/**
 * A final sale: the customer owes the net, the discount is an expense (discount allowed), sales earn the gross; the
 * goods leave inventory at their moving-average cost into cost of sales; and the money paid moves from the customer
 * to the cash box (or the bank, when paid by bank or card). The customer's balance therefore rises by `changee`
 * (net − paid), as the seed's balance rule says.
 */
function postSale(doc: TradePostingInput, accounts: PostingAccounts, costs: CostBook): CostedPosting {
  const { gross, discount, net, paid, memo, paymentMemo, costMemo } = tradeAmounts(doc);
  const { stockMovements, costsAfter } = costLines(doc, costs);
  const cost = money(-sum(stockMovements.map((movement) => movement.value)));
  return {
    stockMovements,
    costsAfter,
    ledgerLines: [
      debit(doc.cust_id, net, memo),
      debit(accounts.discount_allowed, discount, memo),
      credit(accounts.sales, gross, memo),
      debitSigned(accounts.cost_of_sales, cost, costMemo),
      debitSigned(accounts.inventory, money(-cost), costMemo),
      debit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
      credit(doc.cust_id, paid, paymentMemo),
    ],
  };
}

/**
 * A purchase, the mirror of a sale: its goods come into inventory at their value (the gross), the supplier is owed
 * the net and the discount is earned (discount received); the money paid reduces what is owed. Goods that covered
 * stock sold short (negative stock allowed) correct cost of sales by their variance; a value-only purchase, with no
 * goods, is an expense of the purchases account.
 */
function postPurchase(doc: TradePostingInput, accounts: PostingAccounts, costs: CostBook): CostedPosting {
  const { gross, discount, net, paid, memo, paymentMemo } = tradeAmounts(doc);
  const { stockMovements, variance, costsAfter } = costLines(doc, costs);
  const intoStock = sum(stockMovements.map((movement) => movement.value));
  const withoutGoods = money(gross - intoStock - variance);
  return {
    stockMovements,
    costsAfter,
    ledgerLines: [
      debitSigned(accounts.inventory, intoStock, memo),
      debitSigned(accounts.cost_of_sales, variance, memo),
      debitSigned(accounts.purchases, withoutGoods, memo),
      credit(doc.cust_id, net, memo),
      credit(accounts.discount_received, discount, memo),
      debit(doc.cust_id, paid, paymentMemo),
      credit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
    ],
  };
}

/**
 * A sales return, the reverse of a sale: the goods come back into inventory at the cost their sale took them out at
 * (each line's `cost`, from the sale line's kept cost) and out of cost of sales, so the sale's gross profit falls by
 * what came back; sales fall by the gross returned, a discount on the return comes off discount allowed, and the
 * customer owes the net less. The money refunded (cash box, or bank by `pay_method`) settles part of it, so the
 * customer's balance falls by `changee` (net − refunded).
 */
function postSaleReturn(doc: TradePostingInput, accounts: PostingAccounts, costs: CostBook): CostedPosting {
  const { gross, discount, net, paid, memo, paymentMemo, costMemo } = tradeAmounts(doc);
  const { stockMovements, costsAfter } = costLines(doc, costs);
  const intoStock = sum(stockMovements.map((movement) => movement.value));
  return {
    stockMovements,
    costsAfter,
    ledgerLines: [
      debit(accounts.sales, gross, memo),
      credit(accounts.discount_allowed, discount, memo),
      credit(doc.cust_id, net, memo),
      debitSigned(accounts.inventory, intoStock, costMemo),
      // The cost that came back leaves cost of sales; of goods that covered stock sold short, the variance (a
      // correction of that cost, as on a purchase) stays in it: cost of sales falls by what stock rose by.
      debitSigned(accounts.cost_of_sales, money(-intoStock), costMemo),
      debit(doc.cust_id, paid, paymentMemo),
      credit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
    ],
  };
}

/**
 * A purchase return, the reverse of a purchase: the goods leave inventory at the moving average, the supplier owes
 * us the net back and the discount received on it is given up; what the goods were returned for above (or below)
 * their average lowers (or raises) cost of sales. Refunds come in to the cash box or the bank.
 */
function postPurchaseReturn(doc: TradePostingInput, accounts: PostingAccounts, costs: CostBook): CostedPosting {
  const { gross, discount, net, paid, memo, paymentMemo } = tradeAmounts(doc);
  const { stockMovements, costsAfter } = costLines(doc, costs);
  const outOfStock = money(-sum(stockMovements.map((movement) => movement.value)));
  return {
    stockMovements,
    costsAfter,
    ledgerLines: [
      debit(doc.cust_id, net, memo),
      debit(accounts.discount_received, discount, memo),
      credit(accounts.inventory, outOfStock, memo),
      debitSigned(accounts.cost_of_sales, money(outOfStock - gross), memo),
      debit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
      credit(doc.cust_id, paid, paymentMemo),
    ],
  };
}

/** Preliminary invoices and purchase orders change nothing until they are converted (domain.md 5.3). */
const postNothing = (): CostedPosting => ({ stockMovements: [], ledgerLines: [], costsAfter: new Map() });

/** Every rule the registry can name: a kind whose rule is missing here does not compile. */
const rules: Record<
  PostingRule,
  (doc: TradePostingInput, accounts: PostingAccounts, costs: CostBook) => CostedPosting
> = {
  sale: postSale,
  purchase: postPurchase,
  saleReturn: postSaleReturn,
  purchaseReturn: postPurchaseReturn,
  nothing: postNothing,
};

/** Zero lines say nothing: they are left out. */
const withoutZeroLines = <T extends Posting>(posting: T): T => ({
  ...posting,
  ledgerLines: posting.ledgerLines.filter((line) => line.debit !== 0n || line.credit !== 0n),
});

/**
 * What a trade document posts, by its kind's rule, with its items' stock at cost in its year (`costs` must hold
 * every item of its lines). Answers the states it leaves as well, so many documents can be posted in order.
 */
export function postingOf(doc: TradePostingInput, accounts: PostingAccounts, costs: CostBook): CostedPosting {
  return withoutZeroLines(rules[kindOf(doc.kind).posting](doc, accounts, costs));
}

/**
 * An opening quantity: its quantity comes into the store at the start of the year at its stated cost
 * (`perch_price`), into inventory against the opening-balance (equity) account, so the trial balance balances with
 * opening stock included. Entered while the item is below zero (negative stock allowed), its variance corrects cost
 * of sales, like a purchase's.
 */
export function postOpeningQuantityRule(
  opening: { item_id: number; quantity: string; perch_price: string },
  accounts: PostingAccounts,
  costs: CostBook,
): CostedPosting {
  const quantity = toMilli(opening.quantity);
  const value = valueAt(quantity, amount(opening.perch_price));
  const costed = applyCost(stateOf(costs, new Map(), opening.item_id), { direction: 'in', quantity, value });
  const memo = postingMemosAr.openingStock;
  return withoutZeroLines({
    stockMovements: [{ item_id: opening.item_id, quantity: opening.quantity, value: costed.change }],
    costsAfter: new Map([[opening.item_id, costed.state]]),
    ledgerLines: [
      debitSigned(accounts.inventory, costed.change, memo),
      debitSigned(accounts.cost_of_sales, costed.variance, memo),
      debitSigned(accounts.opening_balance, money(-value), memo),
    ],
  });
}

/** Whether debits equal credits: the writer refuses to post anything else. */
export function isBalanced(lines: LedgerEntry[]): boolean {
  const debits = addMoney(ZERO, ...lines.map((line) => line.debit));
  const credits = addMoney(ZERO, ...lines.map((line) => line.credit));
  return debits === credits;
}
