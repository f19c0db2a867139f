/**
 * The value-only invoice form, pure: what the screen holds (the party's id, every figure as typed) ⇄ the header the
 * server checks (`HeaderOnlyBody`), and the VAT, total and remainder shown while the user types, computed as the
 * server's save computes them (`invoiceTotals` over `valueOnlyGross`, docs/vat.md).
 */
import {
  HeaderOnlyBody,
  invoiceTotals,
  normalizeNumberInput,
  parseMoney,
  subtractMoney,
  type TradeDocument,
  toMoneyString,
  type VatTerms,
  valueOnlyGross,
  ZERO,
} from '@mizan/contract';
import type { z } from 'zod';
import { contractForm } from '../../ui/form/useContractForm.ts';
import { today } from './invoiceForm.ts';

export type ValueInvoiceValues = {
  cust_id: number | undefined;
  pay_date: string;
  payComment: string;
  tot_pr: string;
  /** The VAT rate typed (percent); empty: a new invoice takes the company's standard rate, an edit keeps its own. */
  vat_rate: string;
  pay: string;
  nextPay: string;
};

export const blankValueInvoice = (): ValueInvoiceValues => ({
  cust_id: undefined,
  pay_date: today(),
  payComment: '',
  tot_pr: '',
  vat_rate: '',
  pay: '0',
  nextPay: '',
});

export const valueInvoiceValues = (saved: TradeDocument): ValueInvoiceValues => ({
  cust_id: saved.cust_id,
  pay_date: saved.pay_date,
  payComment: saved.payComment ?? '',
  tot_pr: saved.tot_pr,
  // One saved before value-only invoices had a rate charged none, and keeps charging none.
  vat_rate: saved.vat_rate ?? '0',
  pay: saved.pay,
  nextPay: saved.nextPay ?? '',
});

export const toValueInvoiceBody = (values: ValueInvoiceValues): z.input<typeof HeaderOnlyBody> => ({
  ...values,
  tot_pr: normalizeNumberInput(values.tot_pr),
  vat_rate: normalizeNumberInput(values.vat_rate) || undefined,
  pay: normalizeNumberInput(values.pay) || '0',
  // A value-only invoice posts at once; a header without this waits for lines (the legacy two-call save).
  value_only: true,
});

/** The form over the contract's header: an empty note or due date is sent as none, the party must be chosen. */
export const valueInvoiceForm = contractForm(toValueInvoiceBody, HeaderOnlyBody);

/**
 * What the invoice comes to as typed: its VAT at the rate typed (else `defaultRate`: the company's standard rate, or
 * the opened invoice's own) under `terms`, the total with VAT and what stays owed once the payment is taken off ("" for
 * each while the total, the payment or the rate is not a figure yet).
 */
export function valueInvoiceFigures(
  values: Pick<ValueInvoiceValues, 'tot_pr' | 'pay' | 'vat_rate'>,
  terms: VatTerms,
  defaultRate: string,
): { vat: string; totalWithVat: string; remaining: string } {
  const none = { vat: '', totalWithVat: '', remaining: '' };
  const total = parseMoney(normalizeNumberInput(values.tot_pr));
  const paid = parseMoney(normalizeNumberInput(values.pay) || '0');
  const rate = normalizeNumberInput(values.vat_rate) || defaultRate;
  if (total === undefined || paid === undefined || !/^\d{1,3}(\.\d{1,2})?$/.test(rate) || Number(rate) > 100)
    return none;
  const figures = invoiceTotals(valueOnlyGross(total, rate), ZERO, ZERO, terms);
  if (!figures.ok) return none;
  const { taxTot, totalWithVat } = figures.totals;
  return {
    vat: toMoneyString(taxTot),
    totalWithVat: toMoneyString(totalWithVat),
    remaining: toMoneyString(subtractMoney(totalWithVat, paid)),
  };
}
