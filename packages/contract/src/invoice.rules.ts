/**
 * Invoice arithmetic (domain.md 5.2), shared: the server computes the authoritative figures from the lines, the
 * screens show the same figures while the cashier types. All exact, in minor units.
 */
import {
  addMoney,
  fitsQuantityColumn,
  isWithinAmountBound,
  type Money,
  money,
  multiplyMoney,
  percentOf,
  subtractMoney,
  ZERO,
} from './money.ts';
import { invoiceVat, NO_VAT, type VatTerms } from './vat.rules.ts';

export type InvoiceLineInput = { item_id: number; quantity: string; price: Money };

/** A line total is quantity × price, rounded once to the cent (what the printed line shows). */
export const lineTotal = (line: { quantity: string; price: Money }) => multiplyMoney(line.price, line.quantity);

/**
 * Lines of the same item at the same price are merged into one, quantities added (the legacy screens did this
 * while typing; doing it again on save keeps a re-sent line from becoming a second row).
 */
export function mergeLines<T extends InvoiceLineInput>(lines: T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = `${line.item_id}:${line.price}`;
    const existing = merged.get(key);
    merged.set(
      key,
      existing ? { ...existing, quantity: addQuantities(existing.quantity, line.quantity) } : { ...line },
    );
  }
  return [...merged.values()];
}

/** Adds two decimal quantities exactly (up to 3 decimals). */
export function addQuantities(a: string, b: string): string {
  const scaled = (q: string) => {
    const [whole = '0', fraction = ''] = q.replace('-', '').split('.');
    const value = BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
    return q.startsWith('-') ? -value : value;
  };
  const sum = scaled(a) + scaled(b);
  const abs = sum < 0n ? -sum : sum;
  const fraction = String(abs % 1000n)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sum < 0n ? '-' : ''}${abs / 1000n}${fraction ? `.${fraction}` : ''}`;
}

export type InvoiceTotals = {
  /** Σ line totals: the gross amount. */
  tot_pr: Money;
  discount: Money;
  /** tot_pr − discount. */
  net: Money;
  /** Each line's VAT, in the lines' order (none on a value-only invoice). */
  lineVat: Money[];
  /** Σ lines' VAT (`vat.rules.ts`); zero when the document charges none. */
  taxTot: Money;
  /** What the party owes in all: net + taxTot when prices exclude VAT, net when they include it (or no VAT). */
  totalWithVat: Money;
  pay: Money;
  /** What remains due: totalWithVat − pay. */
  changee: Money;
};

export type TotalsProblem = 'DISCOUNT_EXCEEDS_TOTAL' | 'NEGATIVE_REMAINDER' | 'NEGATIVE_AMOUNT' | 'AMOUNT_TOO_LARGE';

/**
 * The invoice's figures from its lines (or, for a value-only invoice, its typed total), discount, payment and VAT
 * terms: the one function every sales and purchase screen and the server's save compute an invoice with. Each line
 * carries its VAT rate (`tax`, percent); `vat` says whether the document charges VAT and whether its prices include
 * it (`vatTermsOf`); left out, it charges none. A line total or a document total past `MAX_AMOUNT` is refused
 * (`line` says which line): every figure the invoice stores fits its column.
 */
export function invoiceTotals(
  gross: Money | { quantity: string; price: Money; tax?: string | undefined }[],
  discount: Money,
  pay: Money,
  vat: VatTerms = NO_VAT,
  /** Each line's VAT when it is given rather than computed from its base (a return's: `invoiceVat`). */
  givenVat?: Money[],
): { ok: true; totals: InvoiceTotals } | { ok: false; problem: TotalsProblem; line?: number } {
  const lines = Array.isArray(gross) ? gross : [];
  const lineTotals = lines.map(lineTotal);
  const tooLargeLine = lines.findIndex(
    (line, i) => !fitsQuantityColumn(line.quantity) || !isWithinAmountBound(lineTotals[i] ?? ZERO),
  );
  if (tooLargeLine >= 0) return { ok: false, problem: 'AMOUNT_TOO_LARGE', line: tooLargeLine };
  const tot_pr = Array.isArray(gross) ? addMoney(ZERO, ...lineTotals) : gross;
  if (!isWithinAmountBound(tot_pr)) return { ok: false, problem: 'AMOUNT_TOO_LARGE' };
  if (tot_pr < 0n || discount < 0n || pay < 0n) return { ok: false, problem: 'NEGATIVE_AMOUNT' };
  if (discount > tot_pr) return { ok: false, problem: 'DISCOUNT_EXCEEDS_TOTAL' };
  const net = subtractMoney(tot_pr, discount);
  const { lineVat, taxTot, totalWithVat } = invoiceVat(
    lines.map((line, i) => ({ tot: lineTotals[i] ?? ZERO, tax: line.tax })),
    net,
    discount,
    vat,
    givenVat,
  );
  if (!isWithinAmountBound(totalWithVat)) return { ok: false, problem: 'AMOUNT_TOO_LARGE' };
  const changee = subtractMoney(totalWithVat, pay);
  if (changee < 0n) return { ok: false, problem: 'NEGATIVE_REMAINDER' };
  return { ok: true, totals: { tot_pr, discount, net, lineVat, taxTot, totalWithVat, pay, changee } };
}

/**
 * A value-only invoice's gross as `invoiceTotals` takes it (docs/vat.md): its typed total, or, with a VAT rate, one
 * line of that total at the rate, so its VAT is computed, rounded and posted as a line's. The server's save and the
 * value-only screen call it alike.
 */
export function valueOnlyGross(total: Money, rate: string | undefined) {
  return rate === undefined ? total : [{ quantity: '1', price: total, tax: rate }];
}

/** Why an invoice being typed cannot be saved yet: the server refuses the same (a party, a date, one line). */
export type InvoiceDraftProblem = 'NO_LINES' | 'NO_PARTY' | 'NO_DATE' | TotalsProblem;

/** The first thing to fix before an invoice can be saved, in the order a cashier fixes them; none when it can. */
export function invoiceDraftProblem(draft: {
  lineCount: number;
  partyId: number | undefined;
  date: string;
  totals: TotalsProblem | undefined;
}): InvoiceDraftProblem | undefined {
  if (draft.lineCount === 0) return 'NO_LINES';
  if (draft.partyId === undefined) return 'NO_PARTY';
  if (!draft.date) return 'NO_DATE';
  return draft.totals;
}

/** A discount typed as a percentage becomes an amount, rounded to the cent. */
export const discountFromPercent = (tot_pr: Money, percent: string) => percentOf(tot_pr, percent);

/**
 * The percent a document keeps beside its discount (issue 35: 12.5 % of 10.01 is 1.25, which reads back as
 * 12.49 %): the one typed, only while it gives that very amount of the total; otherwise none (the amount is what
 * is posted, so a percent that no longer gives it would lie).
 */
export function keptDiscountPercent(tot_pr: Money, discount: Money, percent: string | null | undefined) {
  if (!percent || !/^\d{1,3}(\.\d{1,2})?$/.test(percent) || Number(percent) > 100) return null;
  return discountFromPercent(tot_pr, percent) === discount ? percent : null;
}

/** The percentage an amount discount represents, for display (2 decimals). */
export function percentFromDiscount(tot_pr: Money, discount: Money): string {
  if (tot_pr === 0n) return '0';
  const basisPoints = (discount * 10000n * 2n + tot_pr) / (2n * tot_pr);
  return `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, '0')}`;
}

export { money };
