/**
 * The document kinds: each is described once here, and the server (saves, references, stock check, posting,
 * activity log) and the web app (screens, print) read the description instead of deciding by kind again.
 *
 * Adding a kind is adding an entry: `satisfies` refuses an entry with a field missing, and every `Record` over
 * `DocumentKind` or `PostingRule` elsewhere (the posting rules on the server) stops compiling until it learns the
 * new kind. Kept free of zod, so the first load of the web app can read it.
 */
import { CUSTOMERS_CLASS, SUPPLIERS_CLASS } from './accounts.ts';

/** Which side of the trade a document's party is on, and how a party of the other side is refused. */
export const partySides = {
  customer: { accountClass: CUSTOMERS_CLASS, wrongParty: 'NOT_A_CUSTOMER' },
  supplier: { accountClass: SUPPLIERS_CLASS, wrongParty: 'NOT_A_SUPPLIER' },
} as const;
export type PartySide = keyof typeof partySides;

/** The posting rules the server has, one per way a document posts (see features/posting/posting.rules.ts). */
export const postingRules = ['sale', 'purchase', 'saleReturn', 'purchaseReturn', 'nothing'] as const;
export type PostingRule = (typeof postingRules)[number];

export type DocumentKindSpec = {
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
  /** Its name for people: print headings, ledger memos. */
  label: string;
  /** The noun of its activity-log actions (`insert sales`, `delete purchase order`), as the log has always read. */
  logName: string;
  /**
   * A return names the kind of invoice it takes goods back from (its original): it has its own routes
   * (`sales_returns/...`), not the invoice routes every other kind gets.
   */
  returnOf?: string;
  /** The print heading, when it is not the label (a sales return prints as the legacy "فاتورة مرتجعة مبيعات"). */
  printLabel?: string;
};

export const documentKinds = {
  sale: {
    wire: 'pay',
    letter: 'S',
    sequence: 'pay',
    price: 'pay_price',
    stockSign: -1,
    party: 'customer',
    posting: 'sale',
    yearScoped: true,
    label: 'فاتورة مبيعات',
    logName: 'sales',
  },
  purchase: {
    wire: 'perch',
    letter: 'P',
    sequence: 'perch',
    price: 'perch_price',
    stockSign: 1,
    party: 'supplier',
    posting: 'purchase',
    yearScoped: true,
    label: 'فاتورة مشتريات',
    logName: 'purchase',
  },
  // A preliminary invoice (quotation) and a purchase order change nothing until converted (domain.md 5.3).
  draftSale: {
    wire: 'payinit',
    letter: 'D',
    sequence: 'payinit',
    price: 'pay_price',
    stockSign: 0,
    party: 'customer',
    posting: 'nothing',
    yearScoped: false,
    label: 'فاتورة مبدئية',
    logName: 'preliminary sales',
  },
  purchaseOrder: {
    wire: 'perchOrder',
    letter: 'O',
    sequence: 'perchOrder',
    price: 'perch_price',
    stockSign: 0,
    party: 'supplier',
    posting: 'nothing',
    yearScoped: false,
    // The legacy print heading, kept as users know it.
    label: 'امر شراء',
    logName: 'purchase order',
  },
  // A return takes goods back from one invoice (its original): a sales return brings them back into stock, a
  // purchase return sends them back to the supplier (so it is refused when they are no longer in stock). Every kind
  // that moves stock is checked on every date by the cost engine when the store forbids negative stock.
  saleReturn: {
    wire: 'sales_returns',
    letter: 'SR',
    sequence: 'sales_returns',
    price: 'pay_price',
    stockSign: 1,
    party: 'customer',
    posting: 'saleReturn',
    yearScoped: true,
    label: 'مرتجع مبيعات',
    printLabel: 'فاتورة مرتجعة مبيعات',
    logName: 'sales return',
    returnOf: 'pay',
  },
  purchaseReturn: {
    wire: 'purchase_returns',
    letter: 'PR',
    sequence: 'purchase_returns',
    price: 'perch_price',
    stockSign: -1,
    party: 'supplier',
    posting: 'purchaseReturn',
    yearScoped: true,
    label: 'مرتجع مشتريات',
    logName: 'purchase return',
    returnOf: 'perch',
  },
} as const satisfies Record<string, DocumentKindSpec>;

/** A kind by its English name (`sale`). */
export type DocumentKind = keyof typeof documentKinds;
/** A kind by its wire token (`pay`). */
export type KindToken = (typeof documentKinds)[DocumentKind]['wire'];

const kindNames = Object.keys(documentKinds) as DocumentKind[];

/** The wire tokens of every kind, in the registry's order (a database enum, the routes registered per kind). */
export const kindTokens = kindNames.map((name) => documentKinds[name].wire) as [KindToken, ...KindToken[]];

/** The wire tokens of the returns: the kinds that name an original (they have their own routes). */
export type ReturnKindToken = {
  [N in DocumentKind]: (typeof documentKinds)[N] extends { returnOf: string }
    ? (typeof documentKinds)[N]['wire']
    : never;
}[DocumentKind];
/** The wire tokens of invoices and orders: every kind but the returns (each gets the invoice routes). */
export type TradeKindToken = Exclude<KindToken, ReturnKindToken>;

/** Whether a kind is an invoice or an order (not a return). */
export const isTradeKind = (token: KindToken): token is TradeKindToken =>
  !('returnOf' in documentKinds[kindNameOf(token)]);

/** The kinds of invoices and orders: every kind but the returns (they have their own routes). */
export const tradeKindTokens: TradeKindToken[] = kindTokens.filter(isTradeKind);

function kindNameOf(token: KindToken): DocumentKind {
  const name = kindNames.find((n) => documentKinds[n].wire === token);
  if (!name) throw new Error(`unknown document kind ${token}`);
  return name;
}

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

/** `SH-S-000123`: the store's prefix, the kind's letter, the number on its counter. */
export const formatReference = (storeRef: string, token: KindToken, sequence: number) =>
  `${storeRef.toUpperCase()}-${kindOf(token).letter}-${String(sequence).padStart(6, '0')}`;
