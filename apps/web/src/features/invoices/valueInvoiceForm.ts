/**
 * The value-only invoice form, pure: what the screen holds (the party's id, every figure as typed) ⇄ the header the
 * server checks (`HeaderOnlyBody`), and the remainder shown while the user types.
 */
import {
  HeaderOnlyBody,
  normalizeNumberInput,
  parseMoney,
  subtractMoney,
  type TradeDocument,
  toMoneyString,
} from '@mizan/contract';
import type { z } from 'zod';
import { contractForm } from '../../ui/form/useContractForm.ts';
import { today } from './invoiceForm.ts';

export type ValueInvoiceValues = {
  cust_id: number | undefined;
  pay_date: string;
  payComment: string;
  tot_pr: string;
  pay: string;
  nextPay: string;
};

export const blankValueInvoice = (): ValueInvoiceValues => ({
  cust_id: undefined,
  pay_date: today(),
  payComment: '',
  tot_pr: '',
  pay: '0',
  nextPay: '',
});

export const valueInvoiceValues = (saved: TradeDocument): ValueInvoiceValues => ({
  cust_id: saved.cust_id,
  pay_date: saved.pay_date,
  payComment: saved.payComment ?? '',
  tot_pr: saved.tot_pr,
  pay: saved.pay,
  nextPay: saved.nextPay ?? '',
});

export const toValueInvoiceBody = (values: ValueInvoiceValues): z.input<typeof HeaderOnlyBody> => ({
  ...values,
  tot_pr: normalizeNumberInput(values.tot_pr),
  pay: normalizeNumberInput(values.pay) || '0',
  // A value-only invoice posts at once; a header without this waits for lines (the legacy two-call save).
  value_only: true,
});

/** The form over the contract's header: an empty note or due date is sent as none, the party must be chosen. */
export const valueInvoiceForm = contractForm(toValueInvoiceBody, HeaderOnlyBody);

/** What stays owed once the payment is taken off the total ("" while either is not an amount yet). */
export function remainderOf(values: Pick<ValueInvoiceValues, 'tot_pr' | 'pay'>): string {
  const total = parseMoney(normalizeNumberInput(values.tot_pr));
  const paid = parseMoney(normalizeNumberInput(values.pay) || '0');
  return total !== undefined && paid !== undefined ? toMoneyString(subtractMoney(total, paid)) : '';
}
