import { money, parseMoney, toMoneyString } from '@mizan/contract';

import { vouchersText } from './vouchersText.ts';

/** The button's words (the catalogue's). */
export const settleText = vouchersText.settle;

/**
 * The voucher screen opened for an invoice's remainder ("receive payment" on a sale, "pay" on a purchase): the
 * invoice's party, the kind, the remainder, settled on that invoice (docs/vouchers.md). None when nothing is left.
 */
export function settlePath(doc: { kind: string; pay_id: number; cust_id: number; changee: string; settled: string }) {
  const kind = doc.kind === 'pay' ? 'receipt' : doc.kind === 'perch' ? 'payment' : undefined;
  if (!kind) return undefined;
  const remaining = (parseMoney(doc.changee) ?? 0n) - (parseMoney(doc.settled) ?? 0n);
  if (remaining <= 0n) return undefined;
  const amount = toMoneyString(money(remaining));
  return `/folder/cash2?kind=${kind}&account=${doc.cust_id}&amount=${amount}&pay_id=${doc.pay_id}`;
}
