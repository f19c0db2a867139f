/**
 * What may come back from an invoice, as pure functions over plain values: per item of the original, the quantity
 * it had, what earlier returns took back, what is left, and the most a return may pay back per unit (the original
 * price less the line's share of the invoice discount). Quantities are exact thousandths, money exact cents.
 *
 * Refunds never pass the charge: what the original charged for an item (its net, after its share of the invoice
 * discount) is handed out to its units cumulatively, so the first P units returned carry round(net × P / quantity)
 * and the last units take the rounding remainder. A return refunds at most its slice; what its lines come to above
 * it is taken off as the return's discount, so a full return (at once or in parts) refunds exactly what was charged.
 */
import {
  chargedForUnits,
  fail,
  fromMilli,
  lineTotal,
  type Money,
  mergeLines,
  money,
  ok,
  parseMoney,
  type Result,
  type ReturnableLine,
  type ReturnLineInput,
  shareDiscount,
  toMilli,
  toMoneyString,
} from '@mizan/contract';

/** A line of the original invoice: its unit price in the invoice's own price (selling or purchase). */
export type OriginalLine = { item_id: number; item_name: string; quantity: string; price: string; tot: string };
/** A line some return already took back (and the VAT it took back with it). */
export type ReturnedLine = { item_id: number; quantity: string; vat?: string };

const cents = (text: string) => parseMoney(text) ?? money(0n);
/** a × b / c, rounded half up (all non-negative). */
const mulDiv = (a: bigint, b: bigint, c: bigint) => (c === 0n ? 0n : (a * b * 2n + c) / (2n * c));
/** a / b, rounded up (non-negative). */
const divUp = (a: bigint, b: bigint) => (b === 0n ? 0n : (a + b - 1n) / b);

/** Per item of an invoice: its quantity in thousandths and what it charged net of its share of the discount. */
export type Charges = Map<number, { milli: bigint; net: bigint }>;

/**
 * What each item of an invoice charged. The discount is shared over the lines in proportion to their totals,
 * cumulatively in line order (each line gets round(discount × lines so far / gross) less what the lines before got),
 * so the shares add up to the discount exactly and the items' nets to the invoice's net.
 */
export function itemCharges(discount: string, lines: { item_id: number; quantity: string; tot: string }[]): Charges {
  const gross = lines.reduce((sum, line) => sum + cents(line.tot), 0n);
  const off = cents(discount);
  const charges: Charges = new Map();
  let grossSoFar = 0n;
  let offSoFar = 0n;
  for (const line of lines) {
    grossSoFar += cents(line.tot);
    const share = mulDiv(off, grossSoFar, gross) - offSoFar;
    offSoFar += share;
    const charge = charges.get(line.item_id) ?? { milli: 0n, net: 0n };
    charges.set(line.item_id, {
      milli: charge.milli + toMilli(line.quantity),
      net: charge.net + cents(line.tot) - share,
    });
  }
  return charges;
}

/** What an item charged for its first `milli` units (the contract's rule, which the return screens use too). */
const chargedFor = (charge: { milli: bigint; net: bigint } | undefined, milli: bigint): bigint =>
  charge ? chargedForUnits(money(charge.net), charge.milli, milli) : 0n;

/**
 * The most a unit may pay back: the item's net per unit, rounded up to the cent, so that a return of every unit at
 * that price covers the charge (the excess comes off as the return's discount, `refundDiscount`).
 */
const netUnitPrice = (charge: { milli: bigint; net: bigint }) => divUp(charge.net * 1000n, charge.milli);

/** Quantities (thousandths) per item. */
function quantitiesByItem(lines: { item_id: number; quantity: string }[]) {
  const by = new Map<number, bigint>();
  for (const line of lines) by.set(line.item_id, (by.get(line.item_id) ?? 0n) + toMilli(line.quantity));
  return by;
}

/**
 * Per item of the original (lines of one item at several prices are taken together, at their average price):
 * quantity, returned, remaining, original unit price and its net of the discount share.
 */
export function returnableLines(
  original: { tot_pr: string; discount: string },
  lines: OriginalLine[],
  returned: ReturnedLine[],
): ReturnableLine[] {
  const charges = itemCharges(original.discount, lines);
  const byItem = new Map<number, { item_name: string; milli: bigint; tot: bigint; prices: Set<string> }>();
  for (const line of lines) {
    const sum = byItem.get(line.item_id) ?? { item_name: line.item_name, milli: 0n, tot: 0n, prices: new Set() };
    sum.milli += toMilli(line.quantity);
    sum.tot += cents(line.tot);
    sum.prices.add(toMoneyString(cents(line.price)));
    byItem.set(line.item_id, sum);
  }
  const back = quantitiesByItem(returned);

  return [...byItem].map(([item_id, sum]) => {
    const returnedMilli = back.get(item_id) ?? 0n;
    const [onlyPrice] = sum.prices;
    const unitPrice = sum.prices.size === 1 && onlyPrice ? cents(onlyPrice) : mulDiv(sum.tot, 1000n, sum.milli);
    const charge = charges.get(item_id) ?? { milli: sum.milli, net: sum.tot };
    return {
      item_id,
      item_name: sum.item_name,
      quantity: fromMilli(sum.milli),
      returned_quantity: fromMilli(returnedMilli),
      remaining_quantity: fromMilli(sum.milli - returnedMilli),
      original_price: toMoneyString(money(unitPrice)),
      net_price: toMoneyString(money(netUnitPrice(charge))),
      net_total: toMoneyString(money(charge.net)),
    };
  });
}

/**
 * The discount a return carries so that it refunds no more than the original charged for the units it takes back:
 * per item, its lines may come to the item's next slice of the charge (what the first P + q units carry less what
 * the first P carried, P being what the other returns took); what they come to above that is taken off. As a
 * safety net for returns edited out of order, the return also refunds no more than the original charged for all
 * units returned less what the other returns refunded. A larger discount asked for is kept.
 */
export function refundDiscount(input: {
  charges: Charges;
  /** The other returns of the original: their lines and what they refunded (each one's total less its discount). */
  returned: ReturnedLine[];
  refunded: Money;
  lines: { item_id: number; quantity: string; price: Money }[];
  discount: Money;
}): Money {
  const before = quantitiesByItem(input.returned);
  const now = quantitiesByItem(input.lines);
  // The totals the save will give the lines: merged by item and price, each rounded once.
  const totals = new Map<number, bigint>();
  for (const line of mergeLines(input.lines))
    totals.set(line.item_id, (totals.get(line.item_id) ?? 0n) + lineTotal(line));
  let gross = 0n;
  let aboveSlices = 0n;
  for (const [itemId, tot] of totals) {
    const charge = input.charges.get(itemId);
    const p = before.get(itemId) ?? 0n;
    const slice = chargedFor(charge, p + (now.get(itemId) ?? 0n)) - chargedFor(charge, p);
    gross += tot;
    if (tot > slice) aboveSlices += tot - slice;
  }
  let chargedForAll = 0n;
  for (const [itemId, charge] of input.charges)
    chargedForAll += chargedFor(charge, (before.get(itemId) ?? 0n) + (now.get(itemId) ?? 0n));
  const aboveTotal = gross - (chargedForAll - input.refunded);
  let needed = aboveSlices > aboveTotal ? aboveSlices : aboveTotal;
  if (needed > gross) needed = gross;
  return money(needed > input.discount ? needed : input.discount);
}

/**
 * Whether an edit of an invoice would leave its returns paying back more than it charges: an item priced (net of
 * its discount share) below what a return paid back per unit answers `item.<id>`; less charged for all the units
 * returned than the returns refunded answers `discount`. Only what the edit lowers is refused, so saving an
 * invoice again as it is always passes.
 */
export function refundedAboveCharge(input: {
  before: { discount: string; lines: { item_id: number; quantity: string; tot: string }[] };
  after: { discount: string; lines: { item_id: number; quantity: string; tot: string }[] };
  /** Every line of the invoice's returns, at the unit price it paid back. */
  returned: { item_id: number; quantity: string; price: string }[];
  refunded: Money;
}): string | undefined {
  const before = itemCharges(input.before.discount, input.before.lines);
  const after = itemCharges(input.after.discount, input.after.lines);
  const unit = (charges: Charges, itemId: number) => {
    const charge = charges.get(itemId);
    return charge ? netUnitPrice(charge) : 0n;
  };
  for (const line of input.returned) {
    const now = unit(after, line.item_id);
    if (now < cents(line.price) && now < unit(before, line.item_id)) return `item.${line.item_id}`;
  }
  const back = quantitiesByItem(input.returned);
  const charged = (charges: Charges) =>
    [...back].reduce((sum, [itemId, milli]) => sum + chargedFor(charges.get(itemId), milli), 0n);
  const now = charged(after);
  return now < input.refunded && now < charged(before) ? 'discount' : undefined;
}

/** Per item of an invoice: its quantity in thousandths and the VAT its lines charged. */
export type VatCharges = Map<number, { milli: bigint; vat: bigint }>;

/** What VAT each item of an invoice charged (its lines' `vat`, as saved). */
export function itemVat(lines: { item_id: number; quantity: string; vat: string }[]): VatCharges {
  const charges: VatCharges = new Map();
  for (const line of lines) {
    const charge = charges.get(line.item_id) ?? { milli: 0n, vat: 0n };
    charges.set(line.item_id, { milli: charge.milli + toMilli(line.quantity), vat: charge.vat + cents(line.vat) });
  }
  return charges;
}

/** Per item of a return: the most VAT it takes back, and whether it refunds the whole of its units' net. */
export type ReturnVat = Map<number, { slice: Money; full: boolean }>;

/**
 * The VAT a return takes back per item, handed out to the item's units as its net is (`refundDiscount`): the first
 * P units returned carry round(VAT × P / quantity), so a return of q units after P takes the slice between the two
 * and the last units take what is left; a full return, at once or in parts, takes back exactly the VAT the item
 * charged. As a safety net for returns edited out of order, never more than the VAT charged for every unit returned
 * so far less what the other returns took. A return that refunds less than its units' net (a lower price, a larger
 * discount asked for) takes the VAT of what it refunds, up to its slice (`returnLineVat`).
 */
export function returnVatSlices(input: {
  charges: Charges;
  vat: VatCharges;
  /** The other returns' lines, with the VAT each took back. */
  returned: ReturnedLine[];
  lines: { item_id: number; quantity: string; price: Money }[];
  /** A larger discount than the refund needs was asked for: no item refunds its whole net. */
  extraDiscount: boolean;
}): ReturnVat {
  const before = quantitiesByItem(input.returned);
  const now = quantitiesByItem(input.lines);
  const vatBack = new Map<number, bigint>();
  for (const line of input.returned)
    vatBack.set(line.item_id, (vatBack.get(line.item_id) ?? 0n) + cents(line.vat ?? '0'));
  const totals = new Map<number, bigint>();
  for (const line of mergeLines(input.lines))
    totals.set(line.item_id, (totals.get(line.item_id) ?? 0n) + lineTotal(line));
  const slices: ReturnVat = new Map();
  for (const [itemId, tot] of totals) {
    const p = before.get(itemId) ?? 0n;
    const upTo = p + (now.get(itemId) ?? 0n);
    const charge = input.vat.get(itemId);
    const vatFor = (milli: bigint) => (charge ? chargedForUnits(money(charge.vat), charge.milli, milli) : 0n);
    const slice = vatFor(upTo) - vatFor(p);
    const left = vatFor(upTo) - (vatBack.get(itemId) ?? 0n);
    const most = slice < left ? slice : left;
    const netSlice = chargedFor(input.charges.get(itemId), upTo) - chargedFor(input.charges.get(itemId), p);
    slices.set(itemId, { slice: money(most > 0n ? most : 0n), full: !input.extraDiscount && tot >= netSlice });
  }
  return slices;
}

/**
 * Each line's VAT on a return: per item, its slice when it refunds its units' whole net, else the VAT its base
 * charges (`computed`) up to its slice; an item on several lines (several prices) has it shared over them pro rata.
 */
export function returnLineVat(lines: { item_id: number; tot: Money }[], computed: Money[], slices: ReturnVat): Money[] {
  const result = [...computed];
  const byItem = new Map<number, number[]>();
  lines.forEach((line, index) => {
    byItem.set(line.item_id, [...(byItem.get(line.item_id) ?? []), index]);
  });
  for (const [itemId, indexes] of byItem) {
    const slice = slices.get(itemId);
    if (!slice) continue;
    const charged = indexes.reduce((sum, i) => sum + (computed[i] ?? 0n), 0n);
    const take = slice.full || charged > slice.slice ? slice.slice : charged;
    const shares =
      indexes.length === 1
        ? [take]
        : shareDiscount(
            indexes.map((i) => lines[i]?.tot ?? money(0n)),
            money(take),
          );
    indexes.forEach((lineIndex, k) => {
      result[lineIndex] = money(shares[k] ?? 0n);
    });
  }
  return result;
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
