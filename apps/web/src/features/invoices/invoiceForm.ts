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
  parseMoney,
  percentFromDiscount,
  toMoneyString,
} from '@mizan/contract';

export type DraftLine = {
  /** Identifies the row on screen while its quantity and price are edited. */
  uid: string;
  item_id: number;
  item_name: string;
  quantity: string;
  price: string;
  stock: string;
};

export type DraftInvoice = {
  cust_id: number | undefined;
  final: boolean;
  pay_date: string;
  payComment: string;
  nextPay: string;
  discount: string;
  pay: string;
  lines: DraftLine[];
};

export const today = () => new Date().toLocaleDateString('en-CA');

export const emptyInvoice = (): DraftInvoice => ({
  cust_id: undefined,
  final: true,
  pay_date: today(),
  payComment: '',
  nextPay: '',
  discount: '0',
  pay: '0',
  lines: [],
});

const amount = (text: string): Money => parseMoney(text || '0') ?? money(-1n);

/** Adds a line; the same item at the same price is merged, quantities added. Any change of lines resets the discount. */
export function addLine(invoice: DraftInvoice, line: Omit<DraftLine, 'uid'>): DraftInvoice {
  const same = invoice.lines.findIndex((l) => l.item_id === line.item_id && amount(l.price) === amount(line.price));
  const lines =
    same === -1
      ? [...invoice.lines, { ...line, uid: crypto.randomUUID() }]
      : invoice.lines.map((l, i) => (i === same ? { ...l, quantity: addQuantities(l.quantity, line.quantity) } : l));
  return { ...invoice, lines, discount: '0' };
}

export function changeLine(invoice: DraftInvoice, index: number, change: Partial<DraftLine>): DraftInvoice {
  return { ...invoice, lines: invoice.lines.map((l, i) => (i === index ? { ...l, ...change } : l)), discount: '0' };
}

export const removeLine = (invoice: DraftInvoice, index: number): DraftInvoice => ({
  ...invoice,
  lines: invoice.lines.filter((_, i) => i !== index),
  discount: '0',
});

const isQuantity = (q: string) => /^\d{1,12}(\.\d{1,3})?$/.test(q.trim()) && /[1-9]/.test(q);

export function lineAmount(line: DraftLine): string {
  const price = parseMoney(line.price);
  return price !== undefined && isQuantity(line.quantity)
    ? toMoneyString(lineTotal({ quantity: line.quantity.trim(), price }))
    : '';
}

/** What the totals panel shows, or why the invoice cannot be saved yet. */
export function figures(invoice: DraftInvoice) {
  const valid = invoice.lines.every((l) => isQuantity(l.quantity) && (parseMoney(l.price) ?? 0n) > 0n);
  const gross = valid
    ? invoice.lines.map((l) => lineTotal({ quantity: l.quantity.trim(), price: amount(l.price) }))
    : [];
  const tot = gross.reduce((a, b) => money(a + b), money(0n));
  const result = invoiceTotals(tot, amount(invoice.discount), amount(invoice.pay));
  return {
    linesValid: valid,
    tot_pr: toMoneyString(tot),
    discountPercent: percentFromDiscount(tot, amount(invoice.discount) < 0n ? money(0n) : amount(invoice.discount)),
    net: result.ok ? toMoneyString(result.totals.net) : '',
    changee: result.ok ? toMoneyString(result.totals.changee) : '',
    problem: result.ok ? undefined : result.problem,
  };
}

export const discountForPercent = (invoice: DraftInvoice, percent: string) => {
  const tot = figures(invoice).tot_pr;
  return /^\d{1,3}(\.\d{1,2})?$/.test(percent.trim())
    ? toMoneyString(discountFromPercent(amount(tot), percent.trim()))
    : invoice.discount;
};

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
      discount: invoice.discount || '0',
      pay: invoice.pay || '0',
      payComment: invoice.payComment || null,
      nextPay: invoice.nextPay || null,
    },
    items: invoice.lines.map((l) => ({ item_id: l.item_id, quantity: l.quantity.trim(), [price]: l.price.trim() })),
    idempotency_key: idempotencyKey,
  };
}
