/**
 * The return form, pure: what the screen holds (every figure as typed) ⇄ the request body, and the figures shown
 * while the user types. All exact, through the contract's money module.
 */
import {
  addMoney,
  type CreateReturnBody,
  chargedForUnits,
  fromMilli,
  lineTotal,
  money,
  normalizeNumberInput,
  parseMoney,
  type ReturnableLine,
  type ReturnWithLines,
  subtractMoney,
  toMilli,
  toMoneyString,
  ZERO,
} from '@mizan/contract';
import type { z } from 'zod';

export type ReturnFormLine = {
  item_id: number;
  item_name: string;
  /** Sold (or bought) on the original, and what earlier returns took back. */
  sold: string;
  returned: string;
  /** What this return may take back: what is left (plus, on an edit, what this return already took). */
  max: string;
  original_price: string;
  /** The highest price it may pay back: the original's net of the discount share. */
  net_price: string;
  /** What the item charged on the original, net: what all its units together may pay back. */
  net_total: string;
  quantity: string;
  return_price: string;
};

export type ReturnFormValues = {
  original_pay_ref: string;
  return_date: string;
  return_reason: string;
  returnComment: string;
  pay: string;
  return_method: '' | 'bank';
  lines: ReturnFormLine[];
};

/** Quantities without trailing zeros ("2.000" → "2"), as a person types them. */
export const plainQuantity = (quantity: string) => quantity.replace(/\.0+$|(\.\d*?)0+$/, '$1');
const milli = (quantity: string) => toMilli(quantity || '0');
const typedQuantity = (value: bigint) => plainQuantity(fromMilli(value));

/** What is left of a quantity once `returned` came back, as typed ("5.000" less "2.000" → "3"). */
export const quantityLeft = (quantity: string, returned: string) => typedQuantity(milli(quantity) - milli(returned));

/**
 * The lines of a return screen from what the original has and what was returned. On an edit, the return being
 * edited gives back its own quantities: it may keep or change them up to what is left plus what it took.
 */
export function formLines(returnable: ReturnableLine[], editing?: ReturnWithLines): ReturnFormLine[] {
  return returnable.map((line) => {
    const own = editing?.items.filter((l) => l.item_id === line.item_id) ?? [];
    const ownQuantity = own.reduce((sum, l) => sum + milli(l.quantity), 0n);
    return {
      item_id: line.item_id,
      item_name: line.item_name,
      sold: plainQuantity(line.quantity),
      returned: typedQuantity(milli(line.returned_quantity) - ownQuantity),
      max: typedQuantity(milli(line.remaining_quantity) + ownQuantity),
      original_price: line.original_price,
      net_price: line.net_price,
      net_total: line.net_total,
      quantity: ownQuantity > 0n ? typedQuantity(ownQuantity) : '',
      return_price: own[0]?.return_price ?? line.net_price,
    };
  });
}

/** "Return all": every line takes back all it may. */
export const returnAll = (lines: ReturnFormLine[]) => lines.map((line) => ({ ...line, quantity: line.max }));

const typedAmount = (typed: string) => parseMoney(normalizeNumberInput(typed)) ?? ZERO;
const hasQuantity = (line: ReturnFormLine) => milli(normalizeNumberInput(line.quantity) || '0') > 0n;

export function lineAmount(line: ReturnFormLine): string {
  if (!hasQuantity(line)) return '0.00';
  return toMoneyString(
    lineTotal({ quantity: normalizeNumberInput(line.quantity), price: typedAmount(line.return_price) }),
  );
}

/**
 * What a line pays back, as the server will save it: its quantity at its price, but no more than the original
 * charged for those units after what earlier returns took (the server takes the excess off as the return's
 * discount; the last units of an item take the rounding).
 */
function lineRefund(line: ReturnFormLine): bigint {
  const amount = parseMoney(lineAmount(line)) ?? ZERO;
  const sold = milli(line.sold);
  const before = milli(line.returned);
  const net = parseMoney(line.net_total) ?? ZERO;
  const slice =
    chargedForUnits(net, sold, before + milli(normalizeNumberInput(line.quantity))) -
    chargedForUnits(net, sold, before);
  return amount < slice ? amount : slice;
}

/** The return's total (what it pays back), what is refunded now, and what comes off the party's balance. */
export function returnFigures(values: Pick<ReturnFormValues, 'lines' | 'pay'>) {
  const total = addMoney(ZERO, ...values.lines.filter(hasQuantity).map((line) => money(lineRefund(line))));
  const refunded = typedAmount(values.pay);
  return {
    total: toMoneyString(total),
    remaining: toMoneyString(subtractMoney(total, refunded)),
    refundTooLarge: refunded > total,
  };
}

/** The lines that return something, each with its index on the screen (to put the server's errors back). */
export const returnedLines = (lines: ReturnFormLine[]) =>
  lines.map((line, index) => ({ line, index })).filter(({ line }) => hasQuantity(line));

export function toReturnBody(values: ReturnFormValues, idempotencyKey?: string): z.input<typeof CreateReturnBody> {
  return {
    invoice: {
      original_pay_ref: values.original_pay_ref,
      return_date: values.return_date,
      discount: '0',
      pay: normalizeNumberInput(values.pay) || '0',
      return_method: values.return_method || undefined,
      returnComment: values.returnComment.trim() || undefined,
      return_reason: values.return_reason.trim() || undefined,
    },
    items: returnedLines(values.lines).map(({ line }) => ({
      item_id: line.item_id,
      quantity: normalizeNumberInput(line.quantity),
      return_price: normalizeNumberInput(line.return_price),
    })),
    ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
  };
}

/** A server field error on the n-th line sent (`items.1.quantity`) is the field of that line on the screen. */
export function screenField(field: string, lines: ReturnFormLine[]): string | undefined {
  const match = /^items\.(\d+)\.(quantity|return_price)$/.exec(field);
  if (!match) return undefined;
  const sent = returnedLines(lines)[Number(match[1])];
  return sent ? `lines.${sent.index}.${match[2]}` : undefined;
}
