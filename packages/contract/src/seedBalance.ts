/**
 * The seed's balance rule (seed.md 4, domain.md 5.5 rule 1), the one place it is written: debit = changeeTot +
 * fromDebitTot, credit = purchChangeeTot + toCreditTot; equal → 0 and no status; debit greater → the difference
 * to 2 decimals, status debit; otherwise the difference, status credit.
 */
import { type Money, money, parseMoney, toMoneyString } from './money.ts';

export type SeedTotals = { changeeTot: string; fromDebitTot: string; purchChangeeTot: string; toCreditTot: string };
export type SeedBalance = { balance: string; status: 'debit' | 'credit' | null };

const amount = (text: string): Money => parseMoney(text) ?? money(0n);

export function seedBalance(totals: SeedTotals): SeedBalance {
  const debit = amount(totals.changeeTot) + amount(totals.fromDebitTot);
  const credit = amount(totals.purchChangeeTot) + amount(totals.toCreditTot);
  if (debit === credit) return { balance: '0.00', status: null };
  return debit > credit
    ? { balance: toMoneyString(money(debit - credit)), status: 'debit' }
    : { balance: toMoneyString(money(credit - debit)), status: 'credit' };
}
