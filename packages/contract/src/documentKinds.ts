/**
 * The document registry: the families of documents and the kinds of each, each described once here. The server
 * (saves, references, stock check, posting, activity log, routes) and the web app (screens, print) read the
 * description instead of deciding by a kind's name (docs/document-families.md).
 *
 * A family is a shape of document: its input, its storage, what its rule posts from. A kind is an entry of its
 * family. Adding a kind is adding an entry: `satisfies` refuses an entry with a field missing, and every `Record`
 * over `DocumentKind`, `PostingRule` or `DocumentFamily` elsewhere (the posting rules, the server's save modules)
 * stops compiling until it learns the new one. Kept free of zod, so the first load of the web app can read it.
 */
import { CUSTOMERS_CLASS, SUPPLIERS_CLASS } from './constants.ts';
import { toWesternDigits } from './digits.ts';
import { postingMemosAr } from './messages.ar.ts';

/**
 * The families. Every family's saves go through one pipeline on the server (features/book/savePipeline.ts), one
 * module per family; `movesStock` says whether its postings move stock (a journal's post money only).
 */
export const documentFamilies = {
  /** Invoices and orders: a party, priced lines and a payment, kept as trade documents (`trade_document`). */
  trade: { movesStock: true },
  /** Goods taken back from one invoice (its original): trade documents of their own kinds, with their own routes. */
  return: { movesStock: true },
  /** Counted quantities against the system's, settled at the moving average (`stock_count`). */
  stockCount: { movesStock: true },
  /** Vouchers and journal entries: lines naming accounts, no goods (`journal`). */
  journal: { movesStock: false },
  /** What a store's book starts with: opening quantities (`firstq`) and the accounts' opening balances (`sub_balance`). */
  opening: { movesStock: true },
  /** A till's shift (docs/shifts.md): its paid in and out, and the over or short its close counted; no goods. */
  shift: { movesStock: false },
  /**
   * Goods sent from one store to another (docs/transfers.md): they leave the sender at its moving average into
   * transit (`stock_transfer`) and come in at exactly that cost where they are received (`transfer_receipt`).
   */
  transfer: { movesStock: true },
} as const satisfies Record<string, { movesStock: boolean }>;
export type DocumentFamily = keyof typeof documentFamilies;

/** Which side of the trade a document's party is on, and how a party of the other side is refused. */
export const partySides = {
  customer: { accountClass: CUSTOMERS_CLASS, wrongParty: 'NOT_A_CUSTOMER' },
  supplier: { accountClass: SUPPLIERS_CLASS, wrongParty: 'NOT_A_SUPPLIER' },
} as const;
export type PartySide = keyof typeof partySides;

/** The posting rules the server has for trade documents, one per way one posts (features/posting/posting.rules.ts). */
export const postingRules = ['sale', 'purchase', 'saleReturn', 'purchaseReturn', 'nothing'] as const;
export type PostingRule = (typeof postingRules)[number];

/** What a trade document of any kind (an invoice, an order, a return) is described by. */
type TradeDocumentSpec = {
  /** The legacy token on the wire, in paths (`pay/createWithItems`) and in the database's `kind` column. */
  wire: string;
  /** The letter of the kind in a reference (`SH-S-000123`). */
  letter: string;
  /**
   * The counter the reference number runs on: one per kind in a store, over all years (the wire token, as the
   * counters were first keyed).
   */
  sequence: string;
  /** Which price a line is typed and valued at. */
  price: 'pay_price' | 'perch_price';
  /** Each line's quantity moves the stock by this sign: −1 out, +1 in, 0 not at all. */
  stockSign: -1 | 0 | 1;
  party: PartySide;
  /** What it posts to the stock and the ledger. */
  posting: PostingRule;
  /** Read with a year (final documents) or without one (preliminary invoices and orders, as the legacy reads). */
  yearScoped: boolean;
  /** It takes a payment: a discount, the money paid and the remainder (a purchase order has none). */
  payment: boolean;
  /** Its print: with the party's balance now, and offered in English (a purchase order sent abroad). */
  print: { partyBalance: boolean; english: boolean };
  /** Its name for people: print headings, ledger memos. */
  label: string;
  /** The noun of its activity-log actions (`insert sales`, `delete purchase order`), as the log has always read. */
  logName: string;
  /** The print heading, when it is not the label (a sales return prints as the legacy "فاتورة مرتجعة مبيعات"). */
  printLabel?: string;
};

/**
 * A kind that becomes another: saved again as the other kind under the call named here (`payinit/convertToFinal`),
 * and (`back`) a document of the other kind saved as this one (`payinit/saveWithItemsAndDeletePay`).
 */
type Conversion = { to: string; call: string; back?: string };

/** An invoice or an order. */
type TradeKindSpec = TradeDocumentSpec & {
  family: 'trade';
  /** Its unpaid remainders are due on a next payment date (`paynotif`, the payment-due notifications). */
  dueDates: boolean;
  /** A new one starts with the walk-in customer chosen (the counter sells to him most of the day). */
  walkInCustomer: boolean;
  /** Its lines read their gross profit: the line net of its discount share, less its cost. */
  grossProfit: boolean;
  conversion?: Conversion;
};

/** A return: goods taken back from one invoice of the kind it names (its original). */
type ReturnKindSpec = TradeDocumentSpec & { family: 'return'; returnOf: string };

/** A trade document's kind as the server and the screens read it: the fields of its family are there. */
export type DocumentKindSpec = TradeDocumentSpec & {
  family: 'trade' | 'return';
  dueDates?: boolean;
  walkInCustomer?: boolean;
  grossProfit?: boolean;
  conversion?: Conversion;
  returnOf?: string;
};

/** The kinds kept as trade documents: the trade family's and the return family's. */
export const documentKinds = {
  sale: {
    family: 'trade',
    wire: 'pay',
    letter: 'S',
    sequence: 'pay',
    price: 'pay_price',
    stockSign: -1,
    party: 'customer',
    posting: 'sale',
    yearScoped: true,
    payment: true,
    print: { partyBalance: true, english: false },
    dueDates: true,
    walkInCustomer: true,
    grossProfit: true,
    label: 'فاتورة مبيعات',
    logName: 'sales',
  },
  purchase: {
    family: 'trade',
    wire: 'perch',
    letter: 'P',
    sequence: 'perch',
    price: 'perch_price',
    stockSign: 1,
    party: 'supplier',
    posting: 'purchase',
    yearScoped: true,
    payment: true,
    print: { partyBalance: true, english: false },
    dueDates: true,
    walkInCustomer: false,
    grossProfit: false,
    label: 'فاتورة مشتريات',
    logName: 'purchase',
  },
  // A preliminary invoice (quotation) and a purchase order change nothing until converted (domain.md 5.3).
  draftSale: {
    family: 'trade',
    wire: 'payinit',
    letter: 'D',
    sequence: 'payinit',
    price: 'pay_price',
    stockSign: 0,
    party: 'customer',
    posting: 'nothing',
    yearScoped: false,
    payment: true,
    print: { partyBalance: true, english: false },
    dueDates: false,
    walkInCustomer: false,
    grossProfit: false,
    // Made final (with the stock check); a final sale is made preliminary again by the "back" call.
    conversion: { to: 'pay', call: 'convertToFinal', back: 'saveWithItemsAndDeletePay' },
    label: 'فاتورة مبدئية',
    logName: 'preliminary sales',
  },
  purchaseOrder: {
    family: 'trade',
    wire: 'perchOrder',
    letter: 'O',
    sequence: 'perchOrder',
    price: 'perch_price',
    stockSign: 0,
    party: 'supplier',
    posting: 'nothing',
    yearScoped: false,
    payment: false,
    print: { partyBalance: false, english: true },
    dueDates: false,
    walkInCustomer: false,
    grossProfit: false,
    conversion: { to: 'perch', call: 'convertToPurchase' },
    // The legacy print heading, kept as users know it.
    label: 'امر شراء',
    logName: 'purchase order',
  },
  // A return takes goods back from one invoice (its original): a sales return brings them back into stock, a
  // purchase return sends them back to the supplier (so it is refused when they are no longer in stock). Every kind
  // that moves stock is checked on every date by the cost engine when the store forbids negative stock.
  saleReturn: {
    family: 'return',
    wire: 'sales_returns',
    letter: 'SR',
    sequence: 'sales_returns',
    price: 'pay_price',
    stockSign: 1,
    party: 'customer',
    posting: 'saleReturn',
    yearScoped: true,
    payment: true,
    print: { partyBalance: true, english: false },
    label: 'مرتجع مبيعات',
    printLabel: 'فاتورة مرتجعة مبيعات',
    logName: 'sales return',
    returnOf: 'pay',
  },
  purchaseReturn: {
    family: 'return',
    wire: 'purchase_returns',
    letter: 'PR',
    sequence: 'purchase_returns',
    price: 'perch_price',
    stockSign: -1,
    party: 'supplier',
    posting: 'purchaseReturn',
    yearScoped: true,
    payment: true,
    print: { partyBalance: true, english: false },
    label: 'مرتجع مشتريات',
    logName: 'purchase return',
    returnOf: 'perch',
  },
} as const satisfies Record<string, TradeKindSpec | ReturnKindSpec>;

/** A trade document's kind by its English name (`sale`). */
export type DocumentKind = keyof typeof documentKinds;
/** A trade document's kind by its wire token (`pay`). */
export type KindToken = (typeof documentKinds)[DocumentKind]['wire'];

const kindNames = Object.keys(documentKinds) as DocumentKind[];

/** The wire tokens of every trade document kind, in the registry's order (the `kind` column, the routes per kind). */
export const kindTokens = kindNames.map((name) => documentKinds[name].wire) as [KindToken, ...KindToken[]];

const byToken = new Map<string, DocumentKindSpec & { name: DocumentKind }>(
  kindNames.map((name) => [documentKinds[name].wire, { ...documentKinds[name], name }]),
);

/** The description of the kind a wire token names. */
export function kindOf(token: KindToken): DocumentKindSpec & { name: DocumentKind } {
  const spec = byToken.get(token);
  if (!spec) throw new Error(`unknown document kind ${token}`);
  return spec;
}

/** Whether a text from outside (a query parameter) is a wire token of a kind. */
export const isKindToken = (text: string): text is KindToken => byToken.has(text);

type TokenOfFamily<F extends DocumentFamily> = {
  [N in DocumentKind]: (typeof documentKinds)[N]['family'] extends F ? (typeof documentKinds)[N]['wire'] : never;
}[DocumentKind];
/** The wire tokens of the returns (they have their own routes). */
export type ReturnKindToken = TokenOfFamily<'return'>;
/** The wire tokens of invoices and orders (each gets the invoice routes). */
export type TradeKindToken = TokenOfFamily<'trade'>;

/** Whether a kind is an invoice or an order (not a return). */
export const isTradeKind = (token: KindToken): token is TradeKindToken => kindOf(token).family === 'trade';

/** The kinds of invoices and orders: every kind of the trade family. */
export const tradeKindTokens: TradeKindToken[] = kindTokens.filter(isTradeKind);

/** The trade kinds whose unpaid remainders are due (`paynotif`): sales and purchases. */
export type DueKindToken = {
  [N in DocumentKind]: (typeof documentKinds)[N] extends { dueDates: true } ? (typeof documentKinds)[N]['wire'] : never;
}[DocumentKind];
export const dueKindTokens = tradeKindTokens.filter((token) => kindOf(token).dueDates) as DueKindToken[];

/** The kind that a conversion of `from` saves (a preliminary invoice becomes a sale). */
export const convertedKind = (from: TradeKindToken) => kindOf(from).conversion?.to as TradeKindToken | undefined;

/** The trade kinds whose lines read their gross profit. */
export const grossProfitKindTokens = tradeKindTokens.filter((token) => kindOf(token).grossProfit);

/**
 * The kinds of the other families, kept in their family's own tables: each names its family, the token its
 * postings are kept under (`source_kind`, when it posts through the one writer) and, for one that moves stock, the
 * account its goods' value at cost moves against; nothing of an invoice (no party, no priced lines).
 */
export const bookKinds = {
  stockCount: {
    family: 'stockCount',
    wire: 'tswia',
    letter: 'T',
    sequence: 'tswia',
    label: 'تسوية جردية',
    cost: { against: 'stock_adjustment', memo: postingMemosAr.stockCount },
  },
  journal: { family: 'journal', wire: 'journal', letter: 'J', sequence: 'journal', label: 'قيد محاسبي' },
  openingQuantity: {
    family: 'opening',
    wire: 'firstq',
    label: 'كمية افتتاحية',
    cost: { against: 'cost_of_sales', memo: postingMemosAr.openingStock },
  },
  // Typed on its account (`sub_balance`, dated `opening_date`), posted under the account's id on that day: the
  // account against the opening-balance account (features/accounts/openingBalance.ts). No goods.
  openingBalance: { family: 'opening', wire: 'sub_balance', label: 'رصيد افتتاحي' },
  // A till's shift (features/shifts): its close posts the cash over or short on the day it closed, under the shift's
  // id; each paid in or out posts on its own day, under its own id. Both carry the shift's reference (`SH-Z-000001`).
  tillShift: { family: 'shift', wire: 'till_shift', letter: 'Z', sequence: 'till_shift', label: 'إقفال وردية' },
  shiftCashMove: { family: 'shift', wire: 'shift_cash_move', label: 'حركة نقدية في وردية' },
  // A transfer between stores (features/transfers): its goods leave the sending store against the goods-in-transit
  // account; each receipt brings its share in against the same account of the store it comes into.
  stockTransfer: {
    family: 'transfer',
    wire: 'transfer',
    letter: 'TF',
    sequence: 'transfer',
    label: 'تحويل مخزني',
    cost: { against: 'goods_in_transit', memo: postingMemosAr.transferOut },
  },
  transferReceipt: {
    family: 'transfer',
    wire: 'transfer_receipt',
    letter: 'TR',
    sequence: 'transfer_receipt',
    label: 'استلام تحويل مخزني',
    cost: { against: 'goods_in_transit', memo: postingMemosAr.transferIn },
  },
} as const satisfies Record<string, BookKindSpec>;

type BookKindSpec = {
  family: Exclude<DocumentFamily, 'trade' | 'return'>;
  /** The token its postings are kept under (`source_kind`); none: it posts nothing through the one writer. */
  wire?: string;
  /** The letter and counter of its references (`SH-T-000001`), when it has any. */
  letter?: string;
  sequence?: string;
  label: string;
  /** Its goods' value at cost: the account it moves against, opposite inventory, and the memo (moving stock). */
  cost?: CostPart;
};
type CostPart = { against: 'cost_of_sales' | 'stock_adjustment' | 'goods_in_transit'; memo: string };
type BookKind = keyof typeof bookKinds;
/** The tokens of the book kinds that post through the one writer, with goods (a cost part) or without. */
type BookSourceOf<Goods extends boolean> = {
  [N in BookKind]: (typeof bookKinds)[N] extends { wire: infer W }
    ? ((typeof bookKinds)[N] extends { cost: CostPart } ? true : false) extends Goods
      ? W
      : never
    : never;
}[BookKind];

/** What moves stock, as its postings are kept (`source_kind`): a trade document's kind, a count, an opening quantity. */
export type StockSourceKind = KindToken | BookSourceOf<true>;
/** What posts money lines only and never moves stock: a journal, an account's opening balance. */
export type LedgerOnlySourceKind = BookSourceOf<false>;

/**
 * The cost part of a source that moves stock: the account opposite inventory and the memo of its lines. A trade
 * document's goods move against cost of sales («تكلفة فاتورة مبيعات»); another family's kind names its own.
 */
export function stockCostOf(token: StockSourceKind): CostPart {
  if (isKindToken(token)) return { against: 'cost_of_sales', memo: postingMemosAr.cost(kindOf(token).label) };
  const spec = Object.values(bookKinds).find((kind) => 'wire' in kind && kind.wire === token);
  if (!spec || !('cost' in spec)) throw new Error(`${token} moves no stock`);
  return spec.cost;
}

/** `SH-S-000123`: the store's prefix, the kind's letter, the number on its counter. */
export const formatReference = (storeRef: string, token: KindToken, sequence: number) =>
  referenceOf(storeRef, kindOf(token).letter, sequence);

/** What a kind's references start with in a store (`SH-S-`): the number follows, at least six digits. */
export const referencePrefix = (storeRef: string, token: KindToken) => prefixOf(storeRef, kindOf(token).letter);

/** A reference of another family's kind (`SH-T-000001`, `SH-J-000012`). */
export const formatBookReference = (
  storeRef: string,
  kind: 'stockCount' | 'journal' | 'tillShift' | 'stockTransfer' | 'transferReceipt',
  sequence: number,
) => referenceOf(storeRef, bookKinds[kind].letter, sequence);

/**
 * The full reference a short one stands for, as a cashier reads it off a receipt: "1", "s-1", "sh-s-000001", in
 * any case and any digits, are `SH-S-000001` of the store's sales. Undefined when the text is not a short form of
 * this kind's references (another kind's letter, another store's prefix, a legacy client's own reference).
 */
export function expandReference(typed: string, storeRef: string, token: KindToken): string | undefined {
  const text = toWesternDigits(typed).replace(/\s+/g, '').toUpperCase();
  const match = /^(?:(?:([A-Z0-9]+)-)?([A-Z]+)-)?(\d{1,9})$/.exec(text);
  if (!match) return undefined;
  const [, prefix, letter, digits] = match;
  if (prefix !== undefined && prefix !== storeRef.toUpperCase()) return undefined;
  if (letter !== undefined && letter !== kindOf(token).letter) return undefined;
  return formatReference(storeRef, token, Number(digits));
}

const referenceOf = (storeRef: string, letter: string, sequence: number) =>
  `${prefixOf(storeRef, letter)}${String(sequence).padStart(6, '0')}`;
const prefixOf = (storeRef: string, letter: string) => `${storeRef.toUpperCase()}-${letter}-`;
