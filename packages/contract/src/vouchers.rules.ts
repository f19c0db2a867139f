/**
 * The rules of a voucher (docs/vouchers.md), pure and free of zod so a screen checks a voucher as the server does:
 * the journal lines a voucher is, its default allocation (oldest invoice first), and the refusals of allocations.
 */
import { type FieldErrors, fail, ok, type Result } from './errors.ts';
import { type Money, money, parseMoney, toMoneyString } from './money.ts';

export const voucherKinds = ['receipt', 'payment', 'expense'] as const;
type VoucherKind = (typeof voucherKinds)[number];

/** The Arabic name of each kind: also the journal's `j_type`, as the legacy screens wrote it. */
export const voucherKindLabelsAr: Record<VoucherKind, string> = {
  receipt: 'سند قبض',
  payment: 'سند دفع',
  expense: 'سند مصروفات',
};

/**
 * The invoices a voucher of this kind settles: a receipt a customer's sales (`pay`), a payment a supplier's
 * purchases (`perch`); an expense none.
 */
export const settledKindOf: Record<VoucherKind, 'pay' | 'perch' | undefined> = {
  receipt: 'pay',
  payment: 'perch',
  expense: undefined,
};

const ZERO = money(0n);
const amountOf = (text: string): Money => parseMoney(text) ?? ZERO;

/**
 * The two lines a voucher is: a receipt debits the money account and credits the account (money comes in); a
 * payment or an expense debits the account and credits the money account (money goes out).
 */
export function voucherLines(kind: VoucherKind, moneyAccountId: number, accountId: number, amount: string) {
  const value = toMoneyString(amountOf(amount));
  const debit = (ac_id: number) => ({ ac_id, debit: value, credit: '0.00' });
  const credit = (ac_id: number) => ({ ac_id, debit: '0.00', credit: value });
  return kind === 'receipt' ? [debit(moneyAccountId), credit(accountId)] : [debit(accountId), credit(moneyAccountId)];
}

export type OpenInvoiceRemainder = { pay_id: number; remaining: string };
export type Allocation = { pay_id: number; amount: string };

/** The amount over open invoices, oldest first (the order given), each up to its remainder, until it is spent. */
export function allocateOldestFirst(amount: string, invoices: OpenInvoiceRemainder[]): Allocation[] {
  let left = amountOf(amount);
  const allocations: Allocation[] = [];
  for (const invoice of invoices) {
    if (left <= 0n) break;
    const remaining = amountOf(invoice.remaining);
    if (remaining <= 0n) continue;
    const take = remaining < left ? remaining : left;
    allocations.push({ pay_id: invoice.pay_id, amount: toMoneyString(money(take)) });
    left = money(left - take);
  }
  return allocations;
}

/**
 * Refuses allocations that do not fit (every refused one named by its field): an invoice that is not one of the
 * account's open invoices (`allocations.2.pay_id`), an amount beyond its remainder (`allocations.2.amount`), an
 * invoice twice, and a sum beyond the voucher's amount (`amount`). `open`: each open invoice's remainder, without
 * what this voucher allocated before (an edit replaces its allocations).
 */
export function checkAllocations(
  amount: string,
  allocations: Allocation[],
  open: Map<number, string>,
): Result<Allocation[]> {
  const fields: FieldErrors = {};
  let code: 'ALLOCATION_NOT_OPEN_INVOICE' | 'ALLOCATION_EXCEEDS_INVOICE' | 'ALLOCATION_EXCEEDS_PAYMENT' | undefined;
  const seen = new Set<number>();
  let total = ZERO;
  allocations.forEach((allocation, index) => {
    const remaining = open.get(allocation.pay_id);
    if (remaining === undefined || seen.has(allocation.pay_id)) {
      code ??= 'ALLOCATION_NOT_OPEN_INVOICE';
      fields[`allocations.${index}.pay_id`] = 'ALLOCATION_NOT_OPEN_INVOICE';
      return;
    }
    seen.add(allocation.pay_id);
    const value = amountOf(allocation.amount);
    total = money(total + value);
    if (value > amountOf(remaining)) {
      code ??= 'ALLOCATION_EXCEEDS_INVOICE';
      fields[`allocations.${index}.amount`] = 'ALLOCATION_EXCEEDS_INVOICE';
    }
  });
  if (total > amountOf(amount)) {
    code ??= 'ALLOCATION_EXCEEDS_PAYMENT';
    fields.amount = 'ALLOCATION_EXCEEDS_PAYMENT';
  }
  return code ? fail(code, fields) : ok(allocations.map((a) => ({ ...a, amount: toMoneyString(amountOf(a.amount)) })));
}
