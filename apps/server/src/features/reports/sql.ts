/** What the reports' SQL shares: an amount as text with 2 decimals, and the side a signed balance is on. */
import type { AccountNature } from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';

/** A sum as the contract carries money: text with exactly 2 decimals. */
export const amountText = (expression: SQL) => sql`round(${expression}, 2)::numeric(20, 2)::text`;

/** The side of a balance signed on an account's nature: its nature when positive, the other when negative. */
export function sideOf(nature: AccountNature, signed: string): AccountNature | null {
  if (/^-?0*(\.0*)?$/.test(signed)) return null;
  if (!signed.startsWith('-')) return nature;
  return nature === 'debit' ? 'credit' : 'debit';
}
