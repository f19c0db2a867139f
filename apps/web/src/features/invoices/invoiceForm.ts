/**
 * The invoice being typed, as pure data: lines, discount, payment, and the figures the screen shows. The same
 * contract rules the server applies compute them, so the screen shows exactly what will be saved.
 */
import {
  addQuantities,
  discountFromPercent,
  invoiceTotals,
  lineTotal,
  type Money,
  money,
  NO_VAT,
  normalizeNumberInput,
  parseMoney,
  percentFromDiscount,
  toMoneyString,
  type VatTerms,
} from '@mizan/contract';
import { dateInChosenYear } from '../../app/api.ts';

export type DraftLine = {
  /** Identifies the row on screen while its quantity and price are edited. */
  uid: string;
  item_id: number;
  item_name: string;
  quantity: string;
  price: string;
  stock: string;
  /** The item's VAT rate (percent); none: 0. */
  tax?: string | undefined;
  /**
   * A sold line's price as it was given, not typed (docs/price-lists.md): `given` the customer's price then (his
   * list's, else the item's `own`). While the line's price is still `given`, a change of customer re-prices it.
   */
  pricing?: { own: string; given: string } | undefined;
};

export type DraftInvoice = {
  cust_id: number | undefined;
  final: boolean;
  pay_date: string;
  payComment: string;
  nextPay: string;
  discount: string;
  /** The discount as typed in %, while it was typed so: it then follows the total when the lines change. */
  discountPercent?: string | undefined;
  /** What the customer handed over; more than the net is change due, and only the net is recorded as paid. */
  pay: string;
  /**
   * The party is the walk-in customer: a cash sale. Until the cashier types the paid amount (`payTyped`), it follows
   * the net total, and a remainder on him is refused (the server refuses it too: WALK_IN_UNPAID).
   */
  cashSale?: boolean;
  /** The cashier typed the paid amount (or it was saved so): it holds, whatever the total becomes. */
  payTyped?: boolean;
  /**
   * How it charges VAT: a new document the company's settings (`vatTermsOf`), an issued one the terms it was issued
   * under (`documentVatTerms`, docs/vat.md); none when left out.
   */
  vat?: VatTerms | undefined;
  /**
   * An issued document's rate per item, as it was charged: a line of such an item takes it whatever the item's rate
   * is now, as the server's save does (an item the edit adds takes its own).
   */
  keptRates?: ReadonlyMap<number, string> | undefined;
  lines: DraftLine[];
};

/** Today, or the nearest day of the chosen accounting year when today lies outside it (an earlier year). */
export const today = () => {
  // The device's local day as YYYY-MM-DD (by hand: an Intl date formatter is slow to build on a cheap phone).
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return dateInChosenYear(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
};

export const emptyInvoice = (cust_id?: number): DraftInvoice => ({
  cust_id,
  payTyped: false,
  final: true,
  pay_date: today(),
  payComment: '',
  nextPay: '',
  discount: '0',
  pay: '0',
  lines: [],
});

/** A quantity as typed, in Western digits ("٣" → "3"). */
const quantityOf = (line: DraftLine) => normalizeNumberInput(line.quantity);
const amount = (text: string): Money => parseMoney(normalizeNumberInput(text) || '0') ?? money(-1n);

/**
 * The invoice with other lines. A discount typed in % stays that % of the new total; one typed as an amount
 * stays as it is (the totals show it refused if it now exceeds the total).
 */
function withLines(invoice: DraftInvoice, lines: DraftLine[]): DraftInvoice {
  const changed = { ...invoice, lines };
  return invoice.discountPercent === undefined
    ? changed
    : { ...changed, discount: discountForPercent(changed, invoice.discountPercent) };
}

/** Adds a line; the same item at the same price is merged, quantities added. */
export function addLine(invoice: DraftInvoice, line: Omit<DraftLine, 'uid'>): DraftInvoice {
  const same = invoice.lines.findIndex((l) => l.item_id === line.item_id && amount(l.price) === amount(line.price));
  const lines =
    same === -1
      ? [...invoice.lines, { ...line, uid: crypto.randomUUID() }]
      : invoice.lines.map((l, i) =>
          i === same ? { ...l, quantity: addQuantities(quantityOf(l), normalizeNumberInput(line.quantity)) } : l,
        );
  return withLines(invoice, lines);
}

/** What items sell at to the chosen customer: his list's price by item id (an item it leaves out: its own). */
export type PriceBook = ReadonlyMap<number, string>;

/** The price an item starts at on a sale to the customer whose prices `book` holds. */
export const startPrice = (book: PriceBook, item: { id: number; pay_price: string }) =>
  book.get(item.id) ?? item.pay_price;

/**
 * The lines re-priced for another customer's `book`: each still at the price it was given follows it; a price
 * typed, discounted or saved before (no `pricing`) stays. Nothing changed: the same invoice.
 */
export function repriceLines(invoice: DraftInvoice, book: PriceBook): DraftInvoice {
  let changed = false;
  const lines = invoice.lines.map((line) => {
    if (!line.pricing || amount(line.price) !== amount(line.pricing.given)) return line;
    const price = book.get(line.item_id) ?? line.pricing.own;
    if (amount(price) === amount(line.price)) return line;
    changed = true;
    return { ...line, price, pricing: { ...line.pricing, given: price } };
  });
  return changed ? withLines(invoice, lines) : invoice;
}

export const changeLine = (invoice: DraftInvoice, index: number, change: Partial<DraftLine>): DraftInvoice =>
  withLines(
    invoice,
    invoice.lines.map((l, i) => (i === index ? { ...l, ...change } : l)),
  );

export const removeLine = (invoice: DraftInvoice, index: number): DraftInvoice =>
  withLines(
    invoice,
    invoice.lines.filter((_, i) => i !== index),
  );

const isQuantity = (q: string) => /^\d{1,12}(\.\d{1,3})?$/.test(q) && /[1-9]/.test(q);

export function lineAmount(line: DraftLine): string {
  const price = parseMoney(normalizeNumberInput(line.price));
  return price !== undefined && isQuantity(quantityOf(line))
    ? toMoneyString(lineTotal({ quantity: quantityOf(line), price }))
    : '';
}

/** Whether the paid amount follows the total (with VAT): a cash sale whose paid amount the cashier has not typed. */
export const paysNet = (invoice: DraftInvoice) => invoice.cashSale === true && invoice.payTyped !== true;

/** The paid amount as typed (it holds from now on). */
export const withPay = (invoice: DraftInvoice, pay: string): DraftInvoice => ({
  ...invoice,
  pay: normalizeNumberInput(pay),
  payTyped: true,
});

/**
 * What the totals panel shows, or why the invoice cannot be saved yet: the contract's `invoiceTotals` over the lines
 * (with their VAT rates and the invoice's VAT terms), so the screen shows what the server will save.
 */
export function figures(invoice: DraftInvoice) {
  const valid = invoice.lines.every((l) => isQuantity(quantityOf(l)) && amount(l.price) > 0n);
  const priced = valid
    ? invoice.lines.map((l) => ({
        quantity: quantityOf(l),
        price: amount(l.price),
        tax: invoice.keptRates?.get(l.item_id) ?? (l.tax || '0'),
      }))
    : [];
  const tot = priced.map(lineTotal).reduce((a, b) => money(a + b), money(0n));
  const discount = amount(invoice.discount);
  const vat = invoice.vat ?? NO_VAT;
  // What is owed in all (with VAT), whatever the payment: a payment of nothing is always a valid remainder.
  const owed = invoiceTotals(priced, discount, money(0n), vat);
  const total = owed.ok ? owed.totals.totalWithVat : money(tot - discount);
  // A cash sale's paid amount follows the total until the cashier types one.
  const received = paysNet(invoice) ? (total > 0n ? total : money(0n)) : amount(invoice.pay);
  // Cash handed over above the total is change given back: the total is what is paid.
  const paid = discount >= 0n && discount <= tot && received > total ? total : received;
  const result = invoiceTotals(priced, discount, paid, vat);
  return {
    linesValid: valid,
    tot_pr: toMoneyString(tot),
    discountPercent: percentFromDiscount(tot, discount < 0n ? money(0n) : discount),
    net: result.ok ? toMoneyString(result.totals.net) : '',
    /** The VAT and the total with it ('0.00' and the net when the invoice charges none). */
    taxTot: result.ok ? toMoneyString(result.totals.taxTot) : '',
    totalWithVat: result.ok ? toMoneyString(result.totals.totalWithVat) : '',
    paid: result.ok ? toMoneyString(result.totals.pay) : '',
    changee: result.ok ? toMoneyString(result.totals.changee) : '',
    /** Change to hand back to the customer (received − net), '' when nothing is due back. */
    changeDue: result.ok && received > paid ? toMoneyString(money(received - paid)) : '',
    problem: result.ok ? undefined : result.problem,
    /** A remainder on the walk-in customer: refused (a cash sale is paid in full). */
    walkInUnpaid: result.ok && invoice.cashSale === true && result.totals.changee > 0n,
  };
}

export const discountForPercent = (invoice: DraftInvoice, percent: string) => {
  const tot = figures(invoice).tot_pr;
  const typed = normalizeNumberInput(percent);
  return /^\d{1,3}(\.\d{1,2})?$/.test(typed)
    ? toMoneyString(discountFromPercent(amount(tot), typed))
    : invoice.discount;
};

/**
 * The percent a saved document kept as typed ("12.50" → "12.5", "10.00" → "10"), so an invoice opened again shows
 * what was typed, not the amount's percent (1.25 of 10.01 reads 12.49 %); none when it was typed as an amount.
 */
export const typedPercentOf = (kept: string | null | undefined) =>
  kept ? kept.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : undefined;

/** A discount typed in %: the amount follows, and keeps following the total while the lines change. */
export function withDiscountPercent(invoice: DraftInvoice, percent: string): DraftInvoice {
  const typed = normalizeNumberInput(percent);
  return /^\d{1,3}(\.\d{1,2})?$/.test(typed)
    ? { ...invoice, discount: discountForPercent(invoice, typed), discountPercent: typed }
    : invoice;
}

/** The request of `pay/createWithItems` (or `payinit/...`) for this invoice. */
export function toRequest(
  invoice: DraftInvoice,
  idempotencyKey: string,
  price: 'pay_price' | 'perch_price' = 'pay_price',
) {
  return {
    invoice: {
      cust_id: invoice.cust_id,
      pay_date: invoice.pay_date,
      discount: normalizeNumberInput(invoice.discount) || '0',
      // The percent as typed, kept on the document beside the amount (none: typed as an amount).
      discount_percent: invoice.discountPercent ?? null,
      // Only the net is paid when more cash was handed over (the rest is change given back).
      pay: figures(invoice).paid || normalizeNumberInput(invoice.pay) || '0',
      payComment: invoice.payComment || null,
      nextPay: invoice.nextPay || null,
    },
    items: invoice.lines.map((l) => ({
      item_id: l.item_id,
      quantity: normalizeNumberInput(l.quantity),
      [price]: normalizeNumberInput(l.price),
    })),
    idempotency_key: idempotencyKey,
  };
}
