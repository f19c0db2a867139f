/** What the posting rules' unit tests share: the store's accounts by role, two parties, and ledger arithmetic. */
import { type Money, money, parseMoney, toMoneyString } from '@mizan/contract';
import type { LedgerEntry, PostingAccounts } from './posting.rules.ts';

export const testAccounts: PostingAccounts = {
  sales: 48,
  purchases: 49,
  cash_box: 46,
  bank: 47,
  inventory: 80,
  cost_of_sales: 60,
  discount_allowed: 30,
  discount_received: 50,
  opening_balance: 70,
};
export const CUSTOMER = 101;
export const SUPPLIER = 202;

export const cents = (text: string) => parseMoney(text) ?? money(0n);

/** Each account's balance (debit − credit). */
export const balances = (entries: LedgerEntry[]) => {
  const by = new Map<number, bigint>();
  for (const e of entries) by.set(e.account_id, (by.get(e.account_id) ?? 0n) + e.debit - e.credit);
  return Object.fromEntries([...by].map(([id, v]) => [id, toMoneyString(money(v) as Money)]));
};
