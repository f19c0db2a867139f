/**
 * What the touch POS adds to the sales invoice's draft (features/invoices/invoiceForm.ts), as pure functions: the
 * item a scanned code names, a scale label's quantity, a line's discount and the payment a sale is saved with. The
 * figures themselves are the invoice's (`figures`, over the contract's `invoiceTotals`): the POS computes none.
 */
import {
  type ItemWithStock,
  money,
  normalizeNumberInput,
  parseMoney,
  parseScaleBarcode,
  percentOf,
  type ScaleBarcodeLayout,
  sameBarcode,
  sameItemCode,
  toMoneyString,
} from '@mizan/contract';
import type { DraftInvoice } from '../invoices/invoiceForm.ts';

/** How the customer pays: cash (change given back), card (to the bank, the net exactly) or on credit. */
export type PayMethod = 'cash' | 'card' | 'credit';

/** The item whose barcode or code is exactly the scanned code (a 12-digit UPC-A scan of its EAN-13 too). */
export const exactItem = <T extends Pick<ItemWithStock, 'item_parcode' | 'part_no'>>(items: T[], code: string) =>
  items.find((item) => sameBarcode(item.item_parcode, code) || item.part_no === code);

/** The item a scale label's code names: its code or barcode, leading zeros aside. */
export const labelItem = <T extends Pick<ItemWithStock, 'item_parcode' | 'part_no'>>(items: T[], labelCode: string) =>
  items.find((item) => sameItemCode(item.part_no, labelCode) || sameItemCode(item.item_parcode, labelCode));

/**
 * The quantity a price label stands for: the label's price ÷ the item's unit price, to 3 decimals (half up). The
 * line's total is then quantity × price to the cent, which may differ from the label by less than a thousandth of
 * the unit price; undefined when the result is not a positive quantity.
 */
export function quantityForPrice(labelPrice: string, unitPrice: string): string | undefined {
  const price = parseMoney(labelPrice);
  const unit = parseMoney(unitPrice);
  if (price === undefined || unit === undefined || unit <= 0n || price <= 0n) return undefined;
  const thousandths = (price * 1000n * 2n + unit) / (2n * unit);
  if (thousandths === 0n) return undefined;
  const fraction = String(thousandths % 1000n)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${thousandths / 1000n}${fraction ? `.${fraction}` : ''}`;
}

/** What a scanned scale label adds: the quantity of its item (a weight as printed, a price converted). */
export function scaleLine(
  code: string,
  layout: ScaleBarcodeLayout,
): { labelCode: string; quantityOf: (item: Pick<ItemWithStock, 'pay_price'>) => string | undefined } | undefined {
  const label = parseScaleBarcode(code, layout);
  if (!label) return undefined;
  return {
    labelCode: label.itemCode,
    quantityOf: (item) => (label.kind === 'weight' ? label.value : quantityForPrice(label.value, item.pay_price)),
  };
}

/**
 * A line's unit price after a discount in %, to the cent (the line keeps its discounted price: an invoice line
 * has one price, and the item's own price is unchanged). undefined for a percentage that is not a number from 0
 * up to (not including) 100, or that leaves no price: a sale line's price is above zero (the server refuses 0).
 */
export function discountedPrice(listPrice: string, percent: string): string | undefined {
  const typed = normalizeNumberInput(percent);
  const price = parseMoney(normalizeNumberInput(listPrice));
  if (price === undefined || !/^\d{1,3}(\.\d{1,2})?$/.test(typed)) return undefined;
  const discounted = money(price - percentOf(price, typed));
  return discounted > 0n && discounted <= price ? toMoneyString(discounted) : undefined;
}

/**
 * The sale as the invoice saves it, by how it is paid. Cash and card are paid in full (the paid amount follows the
 * net until cash received is typed; more cash than the net is change given back); on credit what is typed is paid
 * now (nothing by default) and the rest is the customer's to pay.
 */
export function withPayment(sale: DraftInvoice, method: PayMethod, received: string): DraftInvoice {
  const typed = normalizeNumberInput(received);
  if (method === 'card') return { ...sale, cashSale: true, payTyped: false, pay: '0' };
  if (method === 'cash') return { ...sale, cashSale: true, payTyped: typed !== '', pay: typed || '0' };
  return { ...sale, cashSale: false, payTyped: true, pay: typed || '0' };
}

/**
 * The payment method the invoice records: a card payment goes to the bank (the server books `card` to the bank's
 * money account), cash to the cash box (docs/posting.md, "Money paid goes to...").
 */
export const payMethodOf = (method: PayMethod) => (method === 'card' ? 'card' : 'cash');
