/**
 * VAT arithmetic (docs/vat.md), shared: the server computes the VAT an invoice carries from its lines, and every
 * sales screen (the keyboard screen, the touch POS, the receipt) shows the same figures from the same functions.
 * Exact, in minor units; no float anywhere.
 *
 * The rule, per line: its taxable base is its total less its share of the invoice discount (shared pro rata to the
 * line totals, the cents left over going to the largest remainders, so the shares add up to the discount exactly);
 * its VAT is base × rate / 100 when prices exclude VAT, base × rate / (100 + rate) when they include it, rounded half
 * away from zero to the cent once. The invoice's VAT (`taxTot`) is the sum of its lines' VAT, so the printed lines add
 * up to the printed total.
 */
import { addMoney, type Money, money, ZERO } from './money.ts';

/** Whether a document charges VAT and whether its prices already include it (`vatTermsOf`). */
export type VatTerms = { charged: boolean; pricesIncludeVat: boolean };

/** A document that charges no VAT: a company not registered for VAT, a value-only invoice. */
export const NO_VAT: VatTerms = { charged: false, pricesIncludeVat: false };

/** The company's VAT settings as the rules read them. */
export type CompanyVat = { vat_registered: boolean; prices_include_vat: boolean };

/**
 * How a document of this side charges VAT: only a VAT-registered company charges (and reclaims) it. "Prices include
 * VAT" is about the shop's selling prices, so it applies to sales and sales returns; purchase prices are the
 * supplier's before VAT (their invoices add it on top).
 */
export function vatTermsOf(side: 'sale' | 'purchase', company: CompanyVat): VatTerms {
  if (!company.vat_registered) return NO_VAT;
  return { charged: true, pricesIncludeVat: side === 'sale' && company.prices_include_vat };
}

/**
 * A saved document's own VAT terms, kept on it from when it was issued (`vat_charged`, `vat_included`): its edits,
 * payments and returns use them, whatever the company's settings say now (docs/vat.md).
 */
export function documentVatTerms(doc: { vat_charged: boolean; vat_included: boolean }): VatTerms {
  return doc.vat_charged ? { charged: true, pricesIncludeVat: doc.vat_included } : NO_VAT;
}

/** A VAT rate (percent, at most 2 decimals, 0–100) in hundredths of a percent: "15" → 1500n. */
export function rateBasisPoints(rate: string): bigint {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!match) throw new Error(`not a VAT rate: ${rate}`);
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const abs = numerator < 0n ? -numerator : numerator;
  const rounded = (abs * 2n + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/**
 * The VAT in (or on) one taxable base at a rate: base × rate / 100 when the base excludes VAT, base × rate /
 * (100 + rate) when it includes it; rounded half away from zero to the cent.
 */
export function vatOf(base: Money, rate: string, pricesIncludeVat: boolean): Money {
  const bp = rateBasisPoints(rate);
  if (bp === 0n) return ZERO;
  return money(divideRounded(base * bp, pricesIncludeVat ? 10_000n + bp : 10_000n));
}

/**
 * The invoice discount shared over the lines pro rata to their totals, each share rounded down to the cent and the
 * cents left over given one each to the lines with the largest remainders (the first line on a tie): the shares add
 * up to the discount exactly and none passes its line's total.
 */
export function shareDiscount(lineTotals: Money[], discount: Money): Money[] {
  const gross = lineTotals.reduce((sum, tot) => sum + tot, 0n);
  if (gross <= 0n || discount === 0n) return lineTotals.map(() => ZERO);
  const exact = lineTotals.map((tot) => tot * discount);
  const shares = exact.map((value) => value / gross);
  let left = discount - shares.reduce((sum, share) => sum + share, 0n);
  const order = exact.map((value, index) => ({ index, remainder: value % gross }));
  order.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(money);
}

export type InvoiceVat = {
  /** Each line's VAT, in the lines' order. */
  lineVat: Money[];
  /** Σ lines' VAT (`taxTot` on the wire). */
  taxTot: Money;
  /** What the customer pays in all: net + VAT when prices exclude VAT, the net itself when they include it. */
  totalWithVat: Money;
};

/**
 * The VAT of an invoice whose lines have these totals and rates, after this discount. `net` is the gross less the
 * discount. A document that charges no VAT (`terms.charged` false) carries none. `given`: each line's VAT when it is
 * not what its base charges (a return takes back its slice of its invoice's VAT: returns.rules.ts `returnLineVat`).
 */
export function invoiceVat(
  lines: { tot: Money; tax?: string | undefined }[],
  net: Money,
  discount: Money,
  terms: VatTerms,
  given?: Money[],
): InvoiceVat {
  if (!terms.charged) return { lineVat: lines.map(() => ZERO), taxTot: ZERO, totalWithVat: net };
  const shares = shareDiscount(
    lines.map((line) => line.tot),
    discount,
  );
  const lineVat = lines.map(
    (line, i) => given?.[i] ?? vatOf(money(line.tot - (shares[i] ?? 0n)), line.tax ?? '0', terms.pricesIncludeVat),
  );
  const taxTot = addMoney(ZERO, ...lineVat);
  return { lineVat, taxTot, totalWithVat: terms.pricesIncludeVat ? net : addMoney(net, taxTot) };
}

/** A price as the shelf shows it: with its VAT when prices exclude VAT (the touch POS's tiles). */
export function priceWithVat(price: Money, rate: string, terms: VatTerms): Money {
  if (!terms.charged || terms.pricesIncludeVat) return price;
  return addMoney(price, vatOf(price, rate, false));
}
