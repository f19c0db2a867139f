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

/** A signed stock movement of an item: positive into the store, negative out of it. */
export type StockEntry = { item_id: number; quantity: string };
/** One ledger line; its memo is the Arabic text a statement shows beside the document's reference. */
export type LedgerEntry = { account_id: number; debit: Money; credit: Money; memo: string };
export type Posting = { stockMovements: StockEntry[]; ledgerLines: LedgerEntry[] };

/** The store's accounts that posting needs, found by their role (never by a hard-coded id). */
export type PostingAccounts = { sales: number; purchases: number; cash_box: number; bank: number };

/** A trade document as its rule reads it: amounts are the saved decimal strings. */
export type TradePostingInput = {
  kind: KindToken;
  cust_id: number;
  tot_pr: string;
  discount: string;
  pay: string;
  pay_method?: string | null | undefined;
  lines: { item_id: number; quantity: string }[];
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

/** The `pay_method` words (English and Arabic) for money that goes through the bank: transfers and cards. */
const BANK_METHODS = new Set(['bank', 'card', 'transfer', 'بنك', 'بطاقة', 'شبكة', 'تحويل', 'تحويل بنكي']);

/** Where the money paid on a document goes: the bank for a bank or card payment, else the cash box. */
export const moneyAccountRole = (payMethod: string | null | undefined): 'bank' | 'cash_box' =>
  BANK_METHODS.has((payMethod ?? '').trim().toLowerCase()) ? 'bank' : 'cash_box';

/** The stock a document's lines move, by its kind's sign: a sale takes out, a purchase brings in, a draft nothing. */
export function stockMovementsOf(kind: KindToken, lines: { item_id: number; quantity: string }[]): StockEntry[] {
  const { stockSign } = kindOf(kind);
  if (stockSign === 0) return [];
  const sign = stockSign < 0 ? '-' : '';
  return lines.map((line) => ({ item_id: line.item_id, quantity: `${sign}${line.quantity}` }));
}

/** What both sides of trade post from: the net amount (gross less discount), the money paid, and their memos. */
function tradeAmounts(doc: TradePostingInput) {
  const { label } = kindOf(doc.kind);
  return {
    net: money(amount(doc.tot_pr) - amount(doc.discount)),
    paid: amount(doc.pay),
    memo: postingMemosAr.document(label),
    paymentMemo: postingMemosAr.payment(label),
  };
}

/**
 * A final sale: the customer owes the net amount to sales, and the money paid moves from the customer to the cash
 * box (or the bank, when paid by bank or card). The customer's balance therefore rises by `changee` (net − paid), as
 * the seed's balance rule says.
 */
function postSale(doc: TradePostingInput, accounts: PostingAccounts): Posting {
  const { net, paid, memo, paymentMemo } = tradeAmounts(doc);
  return {
    stockMovements: stockMovementsOf(doc.kind, doc.lines),
    ledgerLines: [
      debit(doc.cust_id, net, memo),
      credit(accounts.sales, net, memo),
      debit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
      credit(doc.cust_id, paid, paymentMemo),
    ],
  };
}

/** A purchase, the mirror of a sale: the supplier is owed the net amount, the money paid reduces that. */
function postPurchase(doc: TradePostingInput, accounts: PostingAccounts): Posting {
  const { net, paid, memo, paymentMemo } = tradeAmounts(doc);
  return {
    stockMovements: stockMovementsOf(doc.kind, doc.lines),
    ledgerLines: [
      debit(accounts.purchases, net, memo),
      credit(doc.cust_id, net, memo),
      debit(doc.cust_id, paid, paymentMemo),
      credit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
    ],
  };
}

/**
 * A sales return, the reverse of a sale: the goods come back into stock, sales fall by the net amount returned and
 * the customer owes that much less; the money refunded (cash box, or bank by `pay_method`) settles part of it, so
 * the customer's balance falls by `changee` (net − refunded).
 */
function postSaleReturn(doc: TradePostingInput, accounts: PostingAccounts): Posting {
  const { net, paid, memo, paymentMemo } = tradeAmounts(doc);
  return {
    stockMovements: stockMovementsOf(doc.kind, doc.lines),
    ledgerLines: [
      debit(accounts.sales, net, memo),
      credit(doc.cust_id, net, memo),
      debit(doc.cust_id, paid, paymentMemo),
      credit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
    ],
  };
}

/** A purchase return, the reverse of a purchase: the goods leave, the supplier owes us back, refunds come in. */
function postPurchaseReturn(doc: TradePostingInput, accounts: PostingAccounts): Posting {
  const { net, paid, memo, paymentMemo } = tradeAmounts(doc);
  return {
    stockMovements: stockMovementsOf(doc.kind, doc.lines),
    ledgerLines: [
      debit(doc.cust_id, net, memo),
      credit(accounts.purchases, net, memo),
      debit(accounts[moneyAccountRole(doc.pay_method)], paid, paymentMemo),
      credit(doc.cust_id, paid, paymentMemo),
    ],
  };
}

/** Preliminary invoices and purchase orders change nothing until they are converted (domain.md 5.3). */
const postNothing = (): Posting => ({ stockMovements: [], ledgerLines: [] });

/** Every rule the registry can name: a kind whose rule is missing here does not compile. */
const rules: Record<PostingRule, (doc: TradePostingInput, accounts: PostingAccounts) => Posting> = {
  sale: postSale,
  purchase: postPurchase,
  saleReturn: postSaleReturn,
  purchaseReturn: postPurchaseReturn,
  nothing: postNothing,
};

/** What a trade document posts, by its kind's rule. Zero lines are left out (they say nothing). */
export function postingOf(doc: TradePostingInput, accounts: PostingAccounts): Posting {
  const posting = rules[kindOf(doc.kind).posting](doc, accounts);
  return {
    ...posting,
    ledgerLines: posting.ledgerLines.filter((line) => line.debit !== 0n || line.credit !== 0n),
  };
}

/**
 * An opening quantity: its quantity comes into the store at the start of the year. It posts no ledger lines: opening
 * stock is not valued in the ledger yet (purchases post to an expense-like purchases account, not to inventory).
 */
export const postOpeningQuantityRule = (opening: { item_id: number; quantity: string }): Posting => ({
  stockMovements: [{ item_id: opening.item_id, quantity: opening.quantity }],
  ledgerLines: [],
});

/** Whether debits equal credits: the writer refuses to post anything else. */
export function isBalanced(lines: LedgerEntry[]): boolean {
  const debits = addMoney(ZERO, ...lines.map((line) => line.debit));
  const credits = addMoney(ZERO, ...lines.map((line) => line.credit));
  return debits === credits;
}
