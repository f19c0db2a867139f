/** The receipt of a sale kept on the device: what the screen computed, printed before the server has answered. */
import { normalizeNumberInput } from '@mizan/contract';
import { type DraftInvoice, figures, lineAmount } from '../invoices/invoiceForm.ts';
import type { PendingReceipt } from './outbox.rules.ts';

/** The device's local time of day, `HH:mm:ss`: the sale's time, kept when it is sent later. */
export const localTime = (now = new Date()) => now.toTimeString().slice(0, 8);

export function pendingReceiptOf(
  draft: DraftInvoice,
  names: { party: string; user: string },
  time: string,
): PendingReceipt {
  const f = figures(draft);
  return {
    pay_date: draft.pay_date,
    pay_time: time,
    sub_name: names.party,
    user_name: names.user,
    tot_pr: f.tot_pr,
    discount: normalizeNumberInput(draft.discount) || '0',
    taxTot: f.taxTot,
    total_with_vat: f.totalWithVat,
    pay: f.paid,
    changee: f.changee,
    items: draft.lines.map((line, index) => ({
      id: index + 1,
      item_name: line.item_name,
      quantity: normalizeNumberInput(line.quantity),
      pay_price: normalizeNumberInput(line.price),
      tot: lineAmount(line),
    })),
  };
}
