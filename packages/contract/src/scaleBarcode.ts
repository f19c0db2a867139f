/**
 * Scale barcodes: the EAN-13 labels a shop's weighing scale prints (in-store numbers, prefixes 20–29). After the
 * two-digit prefix come the item's code and a value, then the EAN check digit: 2 + code + value + 1 = 13 digits.
 * How many digits the code takes and whether the value is a weight or a price is the scale's setting (the store's,
 * `ScaleBarcodeLayout`); the POS reads a label with `parseScaleBarcode` and nothing else.
 */
import { z } from 'zod';
import { ean13CheckDigit } from './labels.rules.ts';

/** How the store's scales print their labels. */
export const ScaleBarcodeLayout = z.object({
  /** Digits of the item's code after the prefix (the value takes the rest: 10 − codeDigits). */
  codeDigits: z.number().int().min(4).max(6),
  /** What the value is: the weight (in the item's unit, kg) or the price to pay. */
  value: z.enum(['weight', 'price']),
  /** Decimals of the value: 3 for a weight in grams (01250 = 1.250 kg), 2 for a price in cents. */
  decimals: z.number().int().min(0).max(3),
});
export type ScaleBarcodeLayout = z.infer<typeof ScaleBarcodeLayout>;

/** What most scales print: a 5-digit code and the weight in grams. */
export const DEFAULT_SCALE_LAYOUT: ScaleBarcodeLayout = { codeDigits: 5, value: 'weight', decimals: 3 };

export type ScaleBarcode = {
  /** The item's code as printed (leading zeros kept; `sameItemCode` compares codes without them). */
  itemCode: string;
  /** A decimal string: a quantity (weight) or an amount (price), as the layout says. */
  value: string;
  kind: ScaleBarcodeLayout['value'];
};

/** Digits as a decimal string with `decimals` places, without leading zeros ("01250", 3 → "1.25"). */
function decimalOf(digits: string, decimals: number): string {
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * A scale label's item code and value, or undefined when the code is not one: not 13 digits, a prefix outside
 * 20–29, a wrong check digit (a misread), or a value of zero. The code must already be in Western digits.
 */
export function parseScaleBarcode(code: string, layout: ScaleBarcodeLayout): ScaleBarcode | undefined {
  if (!/^2\d{12}$/.test(code)) return undefined;
  if (ean13CheckDigit(code.slice(0, 12)) !== Number(code[12])) return undefined;
  const itemCode = code.slice(2, 2 + layout.codeDigits);
  const value = decimalOf(code.slice(2 + layout.codeDigits, 12), layout.decimals);
  if (!/[1-9]/.test(value)) return undefined;
  return { itemCode, value, kind: layout.value };
}

/** Whether an item's code (or barcode) is the code a label carries: "00123" on the label is item code "123". */
export function sameItemCode(itemCode: string | null | undefined, labelCode: string): boolean {
  if (!itemCode || !/^\d+$/.test(itemCode.trim())) return false;
  return itemCode.trim().replace(/^0+/, '') === labelCode.replace(/^0+/, '');
}

/** A test's or a settings preview's label: the digits and their check digit (`code` and `value` are digit strings). */
export function makeScaleBarcode(prefix: string, code: string, value: string): string {
  const first12 = `${prefix}${code}${value}`;
  if (!/^2\d{11}$/.test(first12)) throw new Error(`not 12 digits: ${first12}`);
  return `${first12}${ean13CheckDigit(first12)}`;
}
