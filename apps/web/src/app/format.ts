/**
 * Numbers, money and dates for the eye, in one place. Amounts arrive as decimal strings ("1500.50"): they are
 * formatted from their digits, never through a float, so what is shown is exactly what is stored.
 */
import { normalizeNumberInput } from '@mizan/contract';

const grouping = new Intl.NumberFormat('ar-SD-u-nu-latn', { useGrouping: true });
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "1234567.5" → "1,234,567.50" with the given number of decimals (Latin digits, as shop staff type them). */
export function formatDecimal(value: string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  // A value still being typed (any digits, or not a number yet) is shown as typed, never a crash.
  const plain = normalizeNumberInput(value);
  if (!DECIMAL.test(plain)) return value;
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = ''] = plain.replace('-', '').split('.');
  const grouped = grouping.format(BigInt(whole));
  const digits = decimals > 0 ? `.${fraction.padEnd(decimals, '0').slice(0, decimals)}` : '';
  return `${negative ? '-' : ''}${grouped}${digits}`;
}

/** A quantity without trailing zeros: "12.500" → "12.5". */
export function formatQuantity(value: string | null | undefined): string {
  if (!value) return '';
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return formatDecimal(trimmed ? `${whole}.${trimmed}` : whole, trimmed.length);
}

/** The profit percentage of a selling price over a purchase price, for display: (pay − perch) / perch × 100. */
export function profitPercent(perch: string, pay: string): string {
  if (!DECIMAL.test(normalizeNumberInput(perch)) || !DECIMAL.test(normalizeNumberInput(pay))) return '';
  const cents = (typed: string) => {
    const v = normalizeNumberInput(typed);
    const [w = '0', f = ''] = v.split('.');
    return BigInt(w) * 100n + BigInt(f.padEnd(2, '0').slice(0, 2));
  };
  const cost = cents(perch);
  if (cost <= 0n) return '';
  const basis = ((cents(pay) - cost) * 10000n * 2n + (cents(pay) >= cost ? cost : -cost)) / (2n * cost);
  const sign = basis < 0n ? '-' : '';
  const abs = basis < 0n ? -basis : basis;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
