/**
 * What the POS receipt says of a document, by its kind (issue 35, findings 7 and 14): a sale is a simplified tax
 * invoice (a sales receipt when the company is not VAT-registered) with what was paid and what is left on the
 * customer; a sales return is a credit note that names its original and says what goes back to the customer
 * (refunded now, credited to his account), never what "remains on" him. VAT words only where VAT is: a company
 * that is not registered prints no "including VAT" for a document that carries none.
 */
import { type KindToken, kindOf, money, parseMoney, subtractMoney, toMoneyString } from '@mizan/contract';
import { receiptText as text } from './printText.ts';

export type ReceiptTotalsDoc = {
  tot_pr: string;
  discount: string;
  taxTot: string;
  total_with_vat: string;
  pay: string;
  changee: string;
};
export type ReceiptRow = { label: string; value: string; grand?: boolean };

const amount = (value: string | undefined) => parseMoney(value ?? '') ?? money(0n);
const isZero = (value: string) => amount(value) === 0n;

/** The receipt's words of a kind: its title, what its reference is called, who its party is. */
export function receiptWords(kind: KindToken, vatRegistered: boolean) {
  const spec = kindOf(kind);
  const isReturn = spec.family === 'return';
  const title =
    spec.posting === 'sale'
      ? vatRegistered
        ? text.simplifiedTaxInvoice
        : text.salesReceipt
      : spec.posting === 'saleReturn'
        ? vatRegistered
          ? text.simplifiedCreditNote
          : text.creditNote
        : spec.label;
  return {
    title,
    isReturn,
    ref: isReturn ? text.returnRef : text.ref,
    party: spec.party === 'supplier' ? text.supplier : text.customer,
    price: spec.price,
  };
}

/**
 * The totals rows of a receipt. `received` is the cash handed over at the counter (a sale's change is printed);
 * a return hands money back, so it prints no change.
 */
export function receiptTotals(
  d: ReceiptTotalsDoc,
  { kind, vatRegistered, received }: { kind: KindToken; vatRegistered: boolean; received?: string | null },
): ReceiptRow[] {
  const spec = kindOf(kind);
  const isReturn = spec.family === 'return';
  const supplier = spec.party === 'supplier';
  const hasVat = !isZero(d.taxTot);
  // "Including VAT" only where there is VAT: a registered company's document, or one that carries VAT.
  const vatWords = hasVat || vatRegistered;
  const rows: ReceiptRow[] = [{ label: isReturn ? text.returnGross : text.gross, value: d.tot_pr }];
  if (!isZero(d.discount)) rows.push({ label: text.discount, value: d.discount });
  if (hasVat)
    rows.push(
      { label: text.beforeVat, value: toMoneyString(subtractMoney(amount(d.total_with_vat), amount(d.taxTot))) },
      { label: text.vat, value: d.taxTot },
    );
  const grand = isReturn
    ? vatWords
      ? text.returnTotalWithVat
      : text.returnNet
    : vatWords
      ? text.totalWithVat
      : text.net;
  rows.push({ label: grand, value: d.total_with_vat, grand: true });
  if (isReturn) {
    // What goes back: refunded now, and the rest credited to the customer's account (debited to the supplier's).
    if (!isZero(d.pay) || isZero(d.changee))
      rows.push({ label: supplier ? text.refundedBySupplier : text.refundedToCustomer, value: d.pay });
    if (!isZero(d.changee))
      rows.push({ label: supplier ? text.debitedToSupplier : text.creditedToCustomer, value: d.changee });
    return rows;
  }
  const cash = parseMoney(received ?? '');
  const paid = amount(d.pay);
  const change = cash !== undefined && cash > paid ? toMoneyString(subtractMoney(cash, paid)) : undefined;
  if (change && cash !== undefined) rows.push({ label: text.received, value: toMoneyString(cash) });
  rows.push({ label: text.paid, value: d.pay });
  if (change) rows.push({ label: text.change, value: change });
  if (!isZero(d.changee)) rows.push({ label: supplier ? text.remainingToSupplier : text.remaining, value: d.changee });
  return rows;
}
