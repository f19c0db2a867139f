/**
 * Quantities as exact thousandths (numeric(15,3) in the database), for arithmetic and comparisons without floats;
 * and what an item charged for some of its units, the one rule by which returns pay back (server and screens).
 * Kept free of zod, so the first load of the web app can read it.
 */
import { type Money, money } from './money.ts';

export function toMilli(quantity: string): bigint {
  const negative = quantity.trim().startsWith('-');
  const [whole = '0', fraction = ''] = quantity.trim().replace('-', '').split('.');
  const value = BigInt(whole || '0') * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3) || '0');
  return negative ? -value : value;
}

export function fromMilli(milli: bigint): string {
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  const fraction = String(abs % 1000n).padStart(3, '0');
  return `${negative ? '-' : ''}${abs / 1000n}.${fraction}`;
}

/**
 * What an item charged (its net: its lines' totals less their share of the discount) for its first `units` of
 * `quantity` (thousandths): the net handed out over the units by a running total, rounded half up, so every slice
 * is within a cent of its share and all the units together carry exactly the net. A return of units P+1…P+q pays
 * back at most `chargedForUnits(net, quantity, P + q) − chargedForUnits(net, quantity, P)`.
 */
export function chargedForUnits(net: Money, quantity: bigint, units: bigint): Money {
  if (quantity <= 0n) return money(0n);
  const taken = units < quantity ? units : quantity;
  return money((net * taken * 2n + quantity) / (2n * quantity));
}
