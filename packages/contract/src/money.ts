/**
 * The one money module. An amount is a `Money`: a bigint of minor units (1/100 of the currency unit), so
 * arithmetic is exact. On the wire and in PostgreSQL `numeric` it is a decimal string such as "12.50".
 * Never a JavaScript float.
 */

export type Money = bigint & { readonly __brand: 'Money' };

/** Minor units per unit: amounts keep 2 decimals (seed section 9: balances and totals to 2 decimals). */
export const MONEY_DECIMALS = 2;
const SCALE = 10n ** BigInt(MONEY_DECIMALS);

const MONEY_PATTERN = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

export const money = (minorUnits: bigint) => minorUnits as Money;
export const ZERO = money(0n);

/** Parses "12.5", "12.50" or "-3" into minor units; undefined when the text is not an amount. */
export function parseMoney(text: string): Money | undefined {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, sign, units = '0', fraction = ''] = match;
  const value = BigInt(units) * SCALE + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  return money(sign ? -value : value);
}

/** The wire form: always 2 decimals, no grouping: "1234.50", "-0.75". */
export function toMoneyString(amount: Money): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const fraction = String(abs % SCALE).padStart(MONEY_DECIMALS, '0');
  return `${negative ? '-' : ''}${abs / SCALE}.${fraction}`;
}

export const addMoney = (...amounts: Money[]) => money(amounts.reduce((sum, a) => sum + a, 0n));
export const subtractMoney = (a: Money, b: Money) => money(a - b);

/**
 * Money × a decimal factor (a quantity such as "2.5" or a percentage ratio), rounded half away from zero
 * to the cent once: a line total equals what is printed on the line.
 */
export function multiplyMoney(amount: Money, factor: string, divideByPowerOfTen = 0): Money {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(factor.trim());
  if (!match) throw new Error(`not a decimal factor: ${factor}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const factorScale = 10n ** BigInt(fraction.length + divideByPowerOfTen);
  const fractionScale = 10n ** BigInt(fraction.length);
  const scaled = amount * (BigInt(whole) * fractionScale + BigInt(fraction || '0'));
  const abs = scaled < 0n ? -scaled : scaled;
  const rounded = (abs * 2n + factorScale) / (2n * factorScale);
  const negative = scaled < 0n !== Boolean(sign);
  return money(negative ? -rounded : rounded);
}

/** A percentage of an amount (e.g. a 10 % discount), rounded to the cent. */
export const percentOf = (amount: Money, percent: string) => multiplyMoney(amount, percent, 2);

/**
 * The largest amount the contract accepts anywhere: a price, a payment, an opening balance, and also any figure the
 * server computes from them (a line's quantity × price, a document's total). Money columns are numeric(15,2)
 * (under 10^13); this bound leaves them a factor of ten, and keeps the year's sums of an account (numeric(20,2))
 * out of reach.
 */
export const MAX_AMOUNT = money(99_999_999_999_999n);
export const MAX_AMOUNT_TEXT = toMoneyString(MAX_AMOUNT);
export const isWithinAmountBound = (amount: Money) => amount <= MAX_AMOUNT && amount >= -MAX_AMOUNT;

/**
 * The largest quantity of one line, one opening or one stock figure: quantity columns are numeric(15,3) (under
 * 10^12), and this bound keeps the sum of up to 1000 such lines inside them.
 */
export const MAX_QUANTITY_DIGITS = 9;

/**
 * Whether a quantity fits a quantity column (numeric(15,3): at most 12 digits before the point). One typed quantity
 * has at most 9; a sum of merged lines (legacy clients add lines to a document call after call) may have more.
 */
export const fitsQuantityColumn = (quantity: string) => /^-?0*\d{1,12}(\.\d*)?$/.test(quantity);

/** Compares two decimal strings exactly (amounts or quantities, up to 6 decimals): -1, 0 or 1; undefined if not decimals. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | undefined {
  const scaled = (text: string) => {
    const match = /^(-)?(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
    if (!match) return undefined;
    const value = BigInt(match[2] ?? '0') * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0'));
    return match[1] ? -value : value;
  };
  const x = scaled(a);
  const y = scaled(b);
  if (x === undefined || y === undefined) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
}
