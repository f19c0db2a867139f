/**
 * Numbers, money, quantities, percentages and dates for the eye, in one place. Amounts arrive as decimal strings
 * ("1500.50"): they are formatted from their digits, never through a float, so what is shown is exactly what is
 * stored. Digits are Latin, as shop staff type them. Dates are shown and typed day first (23/11/2026) whatever the
 * browser's language. In JSX a value inside Arabic text goes in `<bdi className="num">`; in a plain string (a
 * toast, a confirmation) `isolate` keeps its digits, sign and symbol in order.
 */
import { normalizeNumberInput, toWesternDigits } from '@mizan/contract';

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A comma before each group of three digits from the right. By hand, not Intl.NumberFormat: building the Arabic
 * locale's formatter took about 17 ms of the sales screen's start on a fast machine (70 ms on a cheap phone). */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** "1234567.5" → "1,234,567.50" with the given number of decimals (Latin digits, as shop staff type them). */
export function formatDecimal(value: string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  // A value still being typed (any digits, or not a number yet) is shown as typed, never a crash.
  const plain = normalizeNumberInput(value);
  if (!DECIMAL.test(plain)) return value;
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = ''] = plain.replace('-', '').split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(THOUSANDS, ',');
  const digits = decimals > 0 ? `.${fraction.padEnd(decimals, '0').slice(0, decimals)}` : '';
  return `${negative ? '-' : ''}${grouped}${digits}`;
}

/** The company's currency as amounts show it: its symbol and how many decimals it keeps. */
export type Currency = { currency_symbol: string; currency_decimals: number };

/** "1234.5" → "1,234.50" and the company's currency symbol after it, or the plain amount when none is known yet. */
export function formatMoney(value: string | null | undefined, currency?: Currency | null): string {
  const amount = formatDecimal(value, currency?.currency_decimals ?? 2);
  return amount && currency?.currency_symbol ? `${amount} ${currency.currency_symbol}` : amount;
}

/** "12.5" → "12.50 %" (the sign after a space, as the item form has always shown it). */
export function formatPercent(value: string | null | undefined): string {
  const figure = formatDecimal(value);
  return figure && `${figure} %`;
}

/** A value inside a plain Arabic string (Unicode first-strong isolate), as `<bdi>` does in the page. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2026-11-23" (or a timestamp starting so) → "23/11/2026"; anything else is shown as it is. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const parts = ISO_DATE.exec(iso);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : iso;
}

/** A moment (an ISO timestamp) in the device's local time: "02/12/2026 09:30". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getDate())}/${two(at.getMonth() + 1)}/${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** A file's size: "371 KB", "18.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A date typed day first ("23/11/2026", "23-11-2026", "٢٣/١١/٢٠٢٦", a two-digit year is this century) → "2026-11-23";
 * undefined when it is not a day of the calendar.
 */
export function parseDate(typed: string): string | undefined {
  const plain = toWesternDigits(typed).replace(/[\u200e\u200f\u061c\u2066-\u2069\s]/g, '');
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(plain);
  if (!parts) return undefined;
  const [, day = '', month = '', typedYear = ''] = parts;
  const year = typedYear.length === 2 ? `20${typedYear}` : typedYear;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return undefined;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
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
