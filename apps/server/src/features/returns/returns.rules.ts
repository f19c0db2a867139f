/**
 * What may come back from an invoice, as pure functions over plain values: per item of the original, the quantity
 * it had, what earlier returns took back, what is left, and the most a return may pay back per unit (the original
 * price less the line's share of the invoice discount). Quantities are exact thousandths, money exact cents.
 */
import {
  fail,
  type Money,
  money,
  ok,
  parseMoney,
  type Result,
  type ReturnableLine,
  type ReturnLineInput,
  toMoneyString,
} from '@mizan/contract';
import { divideRounded } from '../posting/cost.rules.ts';
import { fromMilli, toMilli } from '../trade/quantity.ts';

/** A line of the original invoice: its unit price in the invoice's own price (selling or purchase). */
export type OriginalLine = { item_id: number; item_name: string; quantity: string; price: string; tot: string };
/** A line some return already took back. */
export type ReturnedLine = { item_id: number; quantity: string };

const cents = (text: string) => parseMoney(text) ?? money(0n);
/** a × b / c, rounded half up (all non-negative). */
const mulDiv = (a: bigint, b: bigint, c: bigint) => (c === 0n ? 0n : (a * b * 2n + c) / (2n * c));

/**
 * Per item of the original (lines of one item at several prices are taken together, at their average price):
 * quantity, returned, remaining, original unit price and its net of the discount share.
 */
export function returnableLines(
  original: { tot_pr: string; discount: string },
  lines: OriginalLine[],
  returned: ReturnedLine[],
): ReturnableLine[] {
  const gross = cents(original.tot_pr);
  const net = gross - cents(original.discount);
  const byItem = new Map<number, { item_name: string; milli: bigint; tot: bigint; prices: Set<string> }>();
  for (const line of lines) {
    const sum = byItem.get(line.item_id) ?? { item_name: line.item_name, milli: 0n, tot: 0n, prices: new Set() };
    sum.milli += toMilli(line.quantity);
    sum.tot += cents(line.tot);
    sum.prices.add(toMoneyString(cents(line.price)));
    byItem.set(line.item_id, sum);
  }
  const back = new Map<number, bigint>();
  for (const line of returned) back.set(line.item_id, (back.get(line.item_id) ?? 0n) + toMilli(line.quantity));

  return [...byItem].map(([item_id, sum]) => {
    const returnedMilli = back.get(item_id) ?? 0n;
    const [onlyPrice] = sum.prices;
    const unitPrice = sum.prices.size === 1 && onlyPrice ? cents(onlyPrice) : mulDiv(sum.tot, 1000n, sum.milli);
    // The line's share of the discount, in proportion to its total (domain.md 5.1: price × (1 − discount/tot_pr)).
    const netTot = gross === 0n ? sum.tot : mulDiv(sum.tot, net, gross);
    return {
      item_id,
      item_name: sum.item_name,
      quantity: fromMilli(sum.milli),
      returned_quantity: fromMilli(returnedMilli),
      remaining_quantity: fromMilli(sum.milli - returnedMilli),
      original_price: toMoneyString(money(unitPrice)),
      net_price: toMoneyString(money(mulDiv(netTot, 1000n, sum.milli))),
    };
  });
}

export type CheckedReturnLine = { item_id: number; quantity: string; price: Money; original_price: string };

/**
 * A return's lines checked against what is left of its original: every item must be on it, the quantities of an
 * item (summed over the return's lines) may not pass what is left, and a price may not pass the net price (it
 * defaults to it). Also tells whether the return takes back everything that was left.
 */
export function checkReturnLines(
  returnable: ReturnableLine[],
  input: ReturnLineInput[],
): Result<{ lines: CheckedReturnLine[]; takesAll: boolean }> {
  const byItem = new Map(returnable.map((line) => [line.item_id, line]));
  const asked = new Map<number, bigint>();
  const lines: CheckedReturnLine[] = [];
  for (const [index, line] of input.entries()) {
    const original = byItem.get(line.item_id);
    if (!original) return fail('ITEM_NOT_ON_ORIGINAL', { [`items.${index}.item_id`]: 'ITEM_NOT_ON_ORIGINAL' });
    const total = (asked.get(line.item_id) ?? 0n) + toMilli(line.quantity);
    asked.set(line.item_id, total);
    if (total > toMilli(original.remaining_quantity))
      return fail('RETURN_EXCEEDS_REMAINING', {
        // A code only: the screen shows what is left to return beside the line.
        [`items.${index}.quantity`]: 'RETURN_EXCEEDS_REMAINING',
      });
    const ceiling = cents(original.net_price);
    const price = line.return_price === undefined ? ceiling : cents(line.return_price);
    if (price > ceiling)
      return fail('RETURN_PRICE_ABOVE_ORIGINAL', {
        [`items.${index}.return_price`]: 'RETURN_PRICE_ABOVE_ORIGINAL',
      });
    lines.push({ item_id: line.item_id, quantity: line.quantity, price, original_price: original.original_price });
  }
  const takesAll = returnable.every((line) => (asked.get(line.item_id) ?? 0n) === toMilli(line.remaining_quantity));
  return ok({ lines, takesAll });
}

/**
 * What the returned quantities cost when they were sold: each original line's kept cost, in proportion to the
 * quantity returned (rounded half up to the cent). A line kept without a cost (never posted) is left to its price.
 */
export function returnedCosts(
  originals: { item_id: number; quantity: string; cost: string | null }[],
  returned: { item_id: number; quantity: string }[],
): Map<number, Money> {
  const byItem = new Map(originals.map((line) => [line.item_id, line]));
  // Lines of one item are one line once saved (merged), so their quantities are costed together.
  const quantities = new Map<number, bigint>();
  for (const line of returned)
    quantities.set(line.item_id, (quantities.get(line.item_id) ?? 0n) + toMilli(line.quantity));
  const costs = new Map<number, Money>();
  for (const [itemId, quantity] of quantities) {
    const original = byItem.get(itemId);
    const kept = original?.cost === null || original === undefined ? undefined : parseMoney(original.cost);
    if (!original || kept === undefined) continue;
    costs.set(itemId, money(divideRounded(kept * quantity, toMilli(original.quantity))));
  }
  return costs;
}
