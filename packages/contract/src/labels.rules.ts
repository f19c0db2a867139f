/**
 * Barcode labels (issue 34, part 3; docs/labels.md): what a shelf label carries, as pure functions. The web app's
 * label screen draws what these decide; the server gives items without a barcode one of the store's own EAN-13s
 * (`storeEan13`) and nothing else. Money stays exact (minor units); no float anywhere. Free of zod, so the screens
 * that only open the labels screen (the sales and purchase invoice) load none (docs/first-load.md).
 */
import { type Money, parseMoney, toMoneyString } from './money.ts';
import { type CompanyVat, priceWithVat, vatTermsOf } from './vat.rules.ts';

/** The EAN-13 check digit of the first 12 digits (weights 1, 3, 1, 3, ... from the left). */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Whether a code is a valid EAN-13: 13 Western digits whose last is the check digit of the first 12. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/**
 * The characters Code 128 prints and every scanner sends back unchanged: printable ASCII (space to tilde). A code
 * with anything else (an Arabic letter, a control character) cannot be printed as a barcode.
 */
const CODE128_PRINTABLE = /^[\x20-\x7e]{1,48}$/;

export type Symbology = 'ean13' | 'code128';

/**
 * How a code is drawn: EAN-13 when it is a valid EAN-13 (the retail barcode every scanner reads), Code 128 for any
 * other printable code (a 13-digit code with a wrong check digit too: drawn as EAN-13 it would read back as another
 * number); undefined when it cannot be a barcode at all.
 */
export function symbologyOf(code: string): Symbology | undefined {
  if (isValidEan13(code)) return 'ean13';
  return CODE128_PRINTABLE.test(code) && code.trim() === code ? 'code128' : undefined;
}

/** A UPC-A as a scanner sends it: 12 Western digits. */
const UPC_A = /^\d{12}$/;

/**
 * The barcodes a scanned code may stand for: itself, and for 12 digits the EAN-13 of that UPC-A too. An EAN-13 that
 * starts with 0 is a UPC-A (the store's own 04… among them), and many scanners send a UPC-A as its 12 digits.
 */
export const barcodeForms = (scanned: string): string[] => (UPC_A.test(scanned) ? [scanned, `0${scanned}`] : [scanned]);

/** Whether a scanned code names this barcode (`barcodeForms`). */
export const sameBarcode = (barcode: string | null | undefined, scanned: string): boolean =>
  Boolean(barcode) && barcodeForms(scanned).includes(barcode as string);

/** What a label's barcode encodes and how. */
export type LabelBarcode = { code: string; symbology: Symbology };

/**
 * The barcode a label prints for an item: its barcode; else its item code (the POS finds an item by either, so a
 * scan of the label adds the item); undefined when it has neither in a printable form (`storeEan13` gives it one).
 */
export function labelBarcodeOf(item: {
  item_parcode: string | null;
  part_no: string | null;
}): LabelBarcode | undefined {
  for (const code of [item.item_parcode, item.part_no]) {
    const symbology = code ? symbologyOf(code) : undefined;
    if (code && symbology) return { code, symbology };
  }
  return undefined;
}

/**
 * The price a label shows: the selling price as the customer pays it, with its VAT when the company is VAT
 * registered and its prices exclude VAT (the same rule as the touch POS's tiles: `priceWithVat`).
 */
export function labelPrice(item: { pay_price: string; tax: string }, company: CompanyVat): string {
  const price = parseMoney(item.pay_price);
  if (price === undefined) throw new Error(`not an amount: ${item.pay_price}`);
  return toMoneyString(priceWithVat(price as Money, item.tax, vatTermsOf('sale', company)));
}

/** The most labels one print asks for (a sheet screen drawing more becomes slow on a phone). */
export const MAX_LABELS = 1000;

/**
 * How many labels a received quantity asks for: one per unit of a whole quantity ("12" → 12, "12.000" → 12), one for
 * a quantity by weight ("1.250" kg is one package), none for zero or less; at most `MAX_LABELS`.
 */
export function labelsForQuantity(quantity: string): number {
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(quantity.trim());
  if (!match || match[1]) return 0;
  const whole = BigInt(match[2] ?? '0');
  const fractional = /[1-9]/.test(match[3] ?? '');
  if (fractional) return 1;
  if (whole === 0n) return 0;
  return whole > BigInt(MAX_LABELS) ? MAX_LABELS : Number(whole);
}

/**
 * The store's own EAN-13 prefix (a setting of the store, `ean_prefix`): 2 to 9 Western digits; the rest up to 12
 * digits is the store's running number. The default is GS1's 04, the numbers a company keeps for use inside itself
 * (040–049), which no manufacturer's barcode carries. Refused: 20–29 and 02, the range weighing scales print their
 * labels in (the store's scale layout reads every 2x label; UPC's number system 2, 02 as an EAN-13, is the
 * random-weight label of North American scales): a scale label that read as one of ours would add the wrong item, and
 * one of ours for an item since deleted would be read as a weight. A shop with its own GS1 company prefix (628…) may
 * use that instead (docs/labels.md).
 */
export function eanPrefixError(prefix: string): 'EAN_PREFIX_FORMAT' | 'EAN_PREFIX_SCALE_RANGE' | undefined {
  if (!/^\d{2,9}$/.test(prefix)) return 'EAN_PREFIX_FORMAT';
  return /^(2|02)/.test(prefix) ? 'EAN_PREFIX_SCALE_RANGE' : undefined;
}
export const DEFAULT_EAN_PREFIX = '04';

/** How many running numbers a prefix leaves: 10^(12 − its length) − 1 (number 0 is never given). */
export const eanCapacity = (prefix: string) => 10n ** BigInt(12 - prefix.length) - 1n;

/** The store's EAN-13 with this running number (1 ≤ serial ≤ `eanCapacity`): prefix + number + check digit. */
export function storeEan13(prefix: string, serial: bigint): string {
  if (eanPrefixError(prefix)) throw new Error(`not a store EAN prefix: ${prefix}`);
  if (serial < 1n || serial > eanCapacity(prefix)) throw new Error(`serial out of range: ${serial}`);
  const first12 = `${prefix}${String(serial).padStart(12 - prefix.length, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/**
 * The running number a code of 13 digits under the prefix holds (its check digit right or not), or undefined when
 * the code is not one. New numbers are given after the largest such code, so none is given twice, even over a code
 * typed with a wrong check digit.
 */
export function storeEanSerial(prefix: string, code: string): bigint | undefined {
  if (!/^\d{13}$/.test(code) || !code.startsWith(prefix)) return undefined;
  return BigInt(code.slice(prefix.length, 12));
}

/**
 * `count` new store EAN-13s after every code already in the store (its barcodes and item codes): unique, in order,
 * check digit right; undefined when the prefix's numbers are used up.
 */
export function nextStoreEan13s(prefix: string, existing: Iterable<string>, count: number): string[] | undefined {
  let last = 0n;
  for (const code of existing) {
    const serial = storeEanSerial(prefix, code);
    if (serial !== undefined && serial > last) last = serial;
  }
  if (last + BigInt(count) > eanCapacity(prefix)) return undefined;
  return Array.from({ length: count }, (_, i) => storeEan13(prefix, last + 1n + BigInt(i)));
}
