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
  type StockSourceKind,
  stockCostOf,
  toMilli,
} from '@mizan/contract';
import { valueAt } from './cost.rules.ts';

/** A signed stock quantity of an item: positive into the store, negative out of it (what the stock check reads). */
export type StockQuantity = { item_id: number; quantity: string };
/**
 * How a movement's value at cost is found (docs/inventory-costing.md): `fixed` in at its own value (`in_value`);
 * `average` out at the moving average of what moved before it; `returned` back in at what its original took out;
 * `transferred` in at its share of what a transfer's line took out of another store (`in_value`, kept by the
 * transfers' cost step, docs/transfers.md). A `fixed` movement's money lines carry its value; a `transferred` one's
 * whole value is its cost part.
 */
export type MovementMode = 'fixed' | 'average' | 'returned' | 'transferred';
/** A movement a document makes, before it is valued: the cost engine values it in date order. */
export type StockMove = StockQuantity & {
  mode: MovementMode;
  /** A `fixed` or `transferred` movement's value in (a purchase line's total, a received transfer's share). */
  in_value?: Money;
  /** The document line it moves for (its index in the document's lines). */
  line_index: number;
};
/** One ledger line; its memo is the Arabic text a statement shows beside the document's reference. */
export type LedgerEntry = { account_id: number; debit: Money; credit: Money; memo: string };
/**
 * What a document posts from its content alone: its stock movements (not yet valued) and its money lines (balanced).
 * What its goods are worth at cost is posted apart by the cost engine (`costLines`), from the movements' values.
 */
export type Posting = { movements: StockMove[]; moneyLines: LedgerEntry[] };

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
  /** A stock count's differences at cost (an expense when goods are missing), against inventory. */
  stock_adjustment: number;
  /** VAT charged on sales, owed to the tax authority (docs/vat.md). */
  output_vat: number;
  /** VAT paid on purchases, reclaimed from it. */
  input_vat: number;
  /** Goods sent to another store and not yet received there, at cost (docs/transfers.md). */
  goods_in_transit: number;
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
  'stock_adjustment',
  'output_vat',
  'input_vat',
  'goods_in_transit',
] as const satisfies readonly (keyof PostingAccounts)[];

/** A trade document as its rule reads it: amounts are the saved decimal strings. */
export type TradePostingInput = {
  kind: KindToken;
  cust_id: number;
  tot_pr: string;
  discount: string;
  pay: string;
  /** Its VAT (docs/vat.md); none when left out. */
  taxTot?: string | undefined;
  /** What the party owes in all (`total_with_vat`); left out: the net (a document without VAT). */
  total_with_vat?: string | undefined;
  pay_method?: string | null | undefined;
  /** The cash box or bank chosen for its payment; none: by `pay_method` (`moneyAccountRole`). */
  money_account_id?: number | null | undefined;
  /**
   * Each line's `tot` is its quantity × the document's price: a purchase line's value at cost.
   */
  lines: { item_id: number; quantity: string; tot: string }[];
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

/**
 * A document's movements, one per line in order: out at the average (a sale, a purchase return), in at the line's
 * total (a purchase), or back at what the original took out (a sales return).
 */
function movesOf(doc: TradePostingInput): StockMove[] {
  const { stockSign, posting } = kindOf(doc.kind);
  if (stockSign === 0) return [];
  return doc.lines.map((line, line_index): StockMove => {
    if (stockSign < 0) return { item_id: line.item_id, quantity: `-${line.quantity}`, mode: 'average', line_index };
    if (posting === 'saleReturn')
      return { item_id: line.item_id, quantity: line.quantity, mode: 'returned', line_index };
    return { item_id: line.item_id, quantity: line.quantity, mode: 'fixed', in_value: amount(line.tot), line_index };
  });
}

/**
 * What both sides of trade post from: gross, discount, net (gross less discount), VAT, what the party owes in all
 * (`total`: the net, plus the VAT when prices exclude it), the revenue or cost before VAT and before the discount
 * (`beforeVat`: total + discount − VAT, which is the gross when prices exclude VAT), the money paid, and memos.
 */
function tradeAmounts(doc: TradePostingInput) {
  const { label } = kindOf(doc.kind);
  const gross = amount(doc.tot_pr);
  const discount = amount(doc.discount);
  const net = money(gross - discount);
  const vat = amount(doc.taxTot ?? '0');
  const total = doc.total_with_vat === undefined ? net : amount(doc.total_with_vat);
  return {
    gross,
    discount,
    net,
    vat,
    total,
    beforeVat: money(total + discount - vat),
    paid: amount(doc.pay),
    memo: postingMemosAr.document(label),
    paymentMemo: postingMemosAr.payment(label),
  };
}

/**
 * The money paid on a document, between its party and its money account (the one chosen, else the cash box, or the
 * bank by `pay_method`): `in` when the
 * party pays the shop (a sale, a purchase return's refund), `out` when the shop pays the party.
 */
function paymentLines(doc: TradePostingInput, accounts: PostingAccounts, direction: 'in' | 'out'): LedgerEntry[] {
  const { paid, paymentMemo } = tradeAmounts(doc);
  const moneyAccount = doc.money_account_id ?? accounts[moneyAccountRole(doc.pay_method)];
  return direction === 'in'
    ? [debit(moneyAccount, paid, paymentMemo), credit(doc.cust_id, paid, paymentMemo)]
    : [debit(doc.cust_id, paid, paymentMemo), credit(moneyAccount, paid, paymentMemo)];
}

/**
 * A final sale: the customer owes the total (the net, with its VAT), the discount is an expense (discount allowed),
 * sales earn the gross before VAT and the VAT is owed to the tax authority (output VAT); and the money paid moves
 * from the customer to the cash box (or the bank, when paid by bank or card). The customer's balance therefore rises
 * by `changee` (total − paid), as the seed's balance rule says. Its goods leave inventory into cost of sales at their
 * moving-average cost (the cost part).
 */
function saleMoney(doc: TradePostingInput, accounts: PostingAccounts): LedgerEntry[] {
  const { total, discount, vat, beforeVat, memo } = tradeAmounts(doc);
  return [
    debit(doc.cust_id, total, memo),
    debit(accounts.discount_allowed, discount, memo),
    credit(accounts.sales, beforeVat, memo),
    credit(accounts.output_vat, vat, memo),
    ...paymentLines(doc, accounts, 'in'),
  ];
}

/**
 * A purchase, the mirror of a sale: its goods come into inventory at their value (the lines' totals), the supplier
 * is owed the net and the discount is earned (discount received); the money paid reduces what is owed. A
 * value-only purchase, with no goods, is an expense of the purchases account. Goods that covered stock sold short
 * (negative stock allowed) move their variance from inventory to cost of sales (the cost part).
 */
function purchaseMoney(doc: TradePostingInput, accounts: PostingAccounts): LedgerEntry[] {
  const { gross, discount, vat, total, memo } = tradeAmounts(doc);
  const goods = sum(doc.lines.map((line) => amount(line.tot)));
  // Purchase prices are before VAT (docs/vat.md): the goods come in at their lines' totals, the VAT paid is reclaimed.
  return [
    debit(accounts.inventory, goods, memo),
    debitSigned(accounts.purchases, money(gross - goods), memo),
    debit(accounts.input_vat, vat, memo),
    credit(doc.cust_id, total, memo),
    credit(accounts.discount_received, discount, memo),
    ...paymentLines(doc, accounts, 'out'),
  ];
}

/**
 * A sales return, the reverse of a sale: sales fall by the gross returned (before VAT), its VAT comes off output VAT,
 * a discount on the return comes off discount allowed, and the customer owes the total less; the money refunded (cash box, or bank by `pay_method`)
 * settles part of it, so the customer's balance falls by `changee` (net − refunded). The goods come back into
 * inventory, out of cost of sales, at the cost their sale took them out at (the cost part).
 */
function saleReturnMoney(doc: TradePostingInput, accounts: PostingAccounts): LedgerEntry[] {
  const { total, discount, vat, beforeVat, memo } = tradeAmounts(doc);
  return [
    debit(accounts.sales, beforeVat, memo),
    debit(accounts.output_vat, vat, memo),
    credit(accounts.discount_allowed, discount, memo),
    credit(doc.cust_id, total, memo),
    ...paymentLines(doc, accounts, 'out'),
  ];
}

/**
 * A purchase return, the reverse of a purchase: the supplier owes us the total back (with its VAT, which comes off
 * input VAT) and the discount received on it is given up; the goods' value as returned (the gross) comes off cost of sales here, and the cost part moves what
 * they were worth at the moving average from inventory into cost of sales, so cost of sales changes by the
 * difference. Refunds come in to the cash box or the bank.
 */
function purchaseReturnMoney(doc: TradePostingInput, accounts: PostingAccounts): LedgerEntry[] {
  const { gross, discount, vat, total, memo } = tradeAmounts(doc);
  return [
    debit(doc.cust_id, total, memo),
    debit(accounts.discount_received, discount, memo),
    credit(accounts.cost_of_sales, gross, memo),
    credit(accounts.input_vat, vat, memo),
    ...paymentLines(doc, accounts, 'in'),
  ];
}

/** Every rule the registry can name: a kind whose rule is missing here does not compile. */
const moneyRules: Record<PostingRule, (doc: TradePostingInput, accounts: PostingAccounts) => LedgerEntry[]> = {
  sale: saleMoney,
  purchase: purchaseMoney,
  saleReturn: saleReturnMoney,
  purchaseReturn: purchaseReturnMoney,
  // Preliminary invoices and purchase orders change nothing until they are converted (domain.md 5.3).
  nothing: () => [],
};

/** Zero lines say nothing: they are left out. */
const withoutZeroLines = (lines: LedgerEntry[]) => lines.filter((line) => line.debit !== 0n || line.credit !== 0n);

/** What a trade document posts from its content, by its kind's rule: its movements and its money lines. */
export function postingOf(doc: TradePostingInput, accounts: PostingAccounts): Posting {
  return { movements: movesOf(doc), moneyLines: withoutZeroLines(moneyRules[kindOf(doc.kind).posting](doc, accounts)) };
}

/**
 * An opening quantity: its quantity comes into the store at the start of the year at its stated cost
 * (`perch_price`), into inventory against the opening-balance (equity) account, so the trial balance balances with
 * opening stock included.
 */
export function openingPosting(
  opening: { item_id: number; quantity: string; perch_price: string },
  accounts: PostingAccounts,
): Posting {
  const value = valueAt(toMilli(opening.quantity), amount(opening.perch_price));
  const memo = postingMemosAr.openingStock;
  return {
    movements: [
      { item_id: opening.item_id, quantity: opening.quantity, mode: 'fixed', in_value: value, line_index: 0 },
    ],
    moneyLines: withoutZeroLines([
      debit(accounts.inventory, value, memo),
      credit(accounts.opening_balance, value, memo),
    ]),
  };
}

/**
 * An account's opening balance (docs/accounting-years.md), posted on its day: the account on its side (its
 * `sub_balance` is positive on its nature's side, negative on the other) against the store's opening-balance
 * account, whose line names the account. No goods. An opening of 0 posts nothing.
 */
export function openingBalancePosting(
  account: { sub_name: string; sub_type: 'debit' | 'credit'; sub_balance: string },
  accounts: { account_id: number; opening_balance: number },
): Posting {
  const value = amount(account.sub_balance);
  const debitSide = account.sub_type === 'debit' ? value : money(-value);
  return {
    movements: [],
    moneyLines: withoutZeroLines([
      debitSigned(accounts.account_id, debitSide, postingMemosAr.openingBalance),
      debitSigned(accounts.opening_balance, money(-debitSide), postingMemosAr.openingBalanceOf(account.sub_name)),
    ]),
  };
}

/**
 * A document's cost part: what its goods' values at cost add to inventory beyond what its money lines already put
 * there (`costDelta`: the sum of its movements' values, less the `fixed` values its money lines carry), against cost
 * of sales. A sale's is minus its cost of goods; a purchase's is minus its variance (zero unless it covered stock
 * sold short); a sales return's is the cost that came back.
 */
export const costLines = (
  costDelta: Money,
  accounts: PostingAccounts,
  memo: string,
  against: number = accounts.cost_of_sales,
): LedgerEntry[] =>
  withoutZeroLines([debitSigned(accounts.inventory, costDelta, memo), debitSigned(against, money(-costDelta), memo)]);

/**
 * The cost part of a source (what `costing.ts` writes from its movements' values), as its kind says in the registry
 * (`stockCostOf`): a trade document's against cost of sales under its label, an opening quantity's under «بضاعة أول
 * المدة», a stock count's against the stock-adjustment account (its whole posting: a count moves goods and no money).
 */
export function costPartOf(sourceKind: string, costDelta: Money, accounts: PostingAccounts): LedgerEntry[] {
  const { against, memo } = stockCostOf(sourceKind as StockSourceKind);
  return costLines(costDelta, accounts, memo, accounts[against]);
}

/** Whether debits equal credits: the writer refuses to post anything else. */
export function isBalanced(lines: LedgerEntry[]): boolean {
  const debits = addMoney(ZERO, ...lines.map((line) => line.debit));
  const credits = addMoney(ZERO, ...lines.map((line) => line.credit));
  return debits === credits;
}
