/**
 * The pure rules of a trade save: the totals of invoice arithmetic with their refusals, and whether an edit keeps a
 * document's lines (then only its money is posted again).
 */
import {
  fail,
  invoiceTotals,
  type Money,
  money,
  ok,
  parseMoney,
  type TradeHeaderInput,
  type TradeLineInput,
  toMilli,
  toMoneyString,
  type VatTerms,
  valueOnlyGross,
} from '@mizan/contract';

const MONEY_ZERO = money(0n);

/** A priced line as the rules read it. */
type PricedLine = {
  item_id: number;
  quantity: string;
  pay_price: string;
  perch_price: string;
  price: Money;
  tot: Money;
  /** The item's VAT rate (percent). */
  tax?: string;
};

/**
 * A line total or the document's total past the bound: the field to show is the line's quantity (the line found
 * by its item, since equal lines were merged), or the list of lines for the total.
 */
function amountTooLarge(input: TradeLineInput[] | undefined, priced: { item_id: number }[], line: number | undefined) {
  const itemId = line === undefined ? undefined : priced[line]?.item_id;
  const index = itemId === undefined || !input ? -1 : input.findIndex((l) => l.item_id === itemId);
  const field = index >= 0 ? `items.${index}.quantity` : input ? 'items' : 'tot_pr';
  return fail<never>('AMOUNT_TOO_LARGE', { [field]: 'AMOUNT_TOO_LARGE' });
}

/**
 * The document's totals from its lines (or, value-only, its typed total) and VAT terms, with the refusals of invoice
 * arithmetic. The client's VAT figures are never read: the server computes them from the items' rates. `vatOfLines`
 * turns the VAT each line's base charges into the VAT it takes (a return: its slice of its invoice's VAT). A
 * value-only invoice with a rate (`valueRate`) is taxed as one line of its typed total at that rate
 * (`valueOnlyGross`).
 */
export function checkedTotals(
  input: { header: TradeHeaderInput; lines: TradeLineInput[] | undefined },
  lines: PricedLine[],
  vat?: VatTerms,
  vatOfLines?: (computed: Money[]) => Money[],
  valueRate?: string,
) {
  const typed = parseMoney(input.header.tot_pr ?? '') ?? MONEY_ZERO;
  const gross = input.lines ? lines : valueOnlyGross(typed, valueRate);
  const discount = parseMoney(input.header.discount) ?? MONEY_ZERO;
  // What the bases charge, before any payment (so only the second pass refuses a payment above the total).
  const computed = vatOfLines ? invoiceTotals(gross, discount, MONEY_ZERO, vat) : undefined;
  const totals = invoiceTotals(
    gross,
    discount,
    parseMoney(input.header.pay) ?? MONEY_ZERO,
    vat,
    computed?.ok && vatOfLines ? vatOfLines(computed.totals.lineVat) : undefined,
  );
  if (totals.ok) return ok(totals.totals);
  if (totals.problem === 'AMOUNT_TOO_LARGE') return amountTooLarge(input.lines, lines, totals.line);
  if (totals.problem === 'DISCOUNT_EXCEEDS_TOTAL')
    return fail<never>('DISCOUNT_EXCEEDS_TOTAL', { discount: 'DISCOUNT_EXCEEDS_TOTAL' });
  return fail<never>('NEGATIVE_REMAINDER', { pay: 'NEGATIVE_REMAINDER' });
}

/** Whether a saved document's lines are the lines a save brings (same items, quantities, prices, VAT, in order). */
export function sameLines(
  saved: { item_id: number; quantity: string; pay_price: string; perch_price: string; tot: string; vat?: string }[],
  lines: (PricedLine & { vat?: Money })[],
) {
  const same = (a: string, b: string) => (parseMoney(a) ?? 0n) === (parseMoney(b) ?? 0n);
  return (
    saved.length === lines.length &&
    saved.every((row, index) => {
      const line = lines[index];
      return (
        line !== undefined &&
        row.item_id === line.item_id &&
        toMilli(row.quantity) === toMilli(line.quantity) &&
        same(row.pay_price, line.pay_price) &&
        same(row.perch_price, line.perch_price) &&
        same(row.tot, toMoneyString(line.tot)) &&
        same(row.vat ?? '0', toMoneyString(line.vat ?? MONEY_ZERO))
      );
    })
  );
}
