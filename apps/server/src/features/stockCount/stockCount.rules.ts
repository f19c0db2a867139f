/**
 * What a stock count is, as pure functions (docs/stock-counts.md): each counted line against the system quantity
 * of its date, the lines refused, and what the count posts.
 */
import {
  addMoney,
  type FieldErrors,
  fail,
  fromMilli,
  isWithinAmountBound,
  type Money,
  money,
  ok,
  parseMoney,
  type Result,
  toMilli,
} from '@mizan/contract';
import { valueAt } from '../posting/cost.rules.ts';
import type { Posting } from '../posting/posting.rules.ts';

/** A counted line with the item's prices (the line's snapshot). `field`: where the client sent it, for refusals. */
export type CountedLine = {
  item_id: number;
  item_name: string;
  qtyReal: string;
  pay_price: string;
  perch_price: string;
  field: string;
};

/** A line as it is saved: the system quantity, the difference (availQty − qtyReal: positive a shortage), its value. */
export type CheckedLine = Omit<CountedLine, 'field'> & { availQty: string; quantity: string; tot: Money };

/**
 * Each line against the system quantity of its item at the count's date and time (`system`, by item id): its
 * difference and its value at purchase price, or every refused line at once, each on its field. A line is refused
 * when its counted quantity equals the system quantity (nothing to settle: `COUNT_EQUALS_SYSTEM`), or when its item
 * was counted on an earlier line of the same count (`ITEM_REPEATED`: a counted quantity is the whole shelf).
 */
export function checkCountLines(lines: CountedLine[], system: Map<number, string>): Result<CheckedLine[]> {
  const fields: FieldErrors = {};
  let code: 'COUNT_EQUALS_SYSTEM' | 'ITEM_REPEATED' | 'AMOUNT_TOO_LARGE' | undefined;
  const seen = new Set<number>();
  const checked: CheckedLine[] = [];
  for (const line of lines) {
    const { field, ...kept } = line;
    const availQty = system.get(line.item_id) ?? '0';
    const difference = toMilli(availQty) - toMilli(line.qtyReal);
    const tot = valueAt(difference, parseMoney(line.perch_price) ?? money(0n));
    if (seen.has(line.item_id)) {
      fields[`${field}.item_id`] = 'ITEM_REPEATED';
      code ??= 'ITEM_REPEATED';
    } else if (difference === 0n) {
      fields[`${field}.qtyReal`] = 'COUNT_EQUALS_SYSTEM';
      code = 'COUNT_EQUALS_SYSTEM';
    } else if (!isWithinAmountBound(tot)) {
      fields[`${field}.qtyReal`] = 'AMOUNT_TOO_LARGE';
      code ??= 'AMOUNT_TOO_LARGE';
    }
    seen.add(line.item_id);
    checked.push({ ...kept, availQty: fromMilli(toMilli(availQty)), quantity: fromMilli(difference), tot });
  }
  if (code) return fail(code, fields);
  if (!isWithinAmountBound(countTotal(checked))) return fail('AMOUNT_TOO_LARGE', { items: 'AMOUNT_TOO_LARGE' });
  return ok(checked);
}

/** The count's `tot_pr`: its differences at purchase price, positive when goods are missing. */
export const countTotal = (lines: CheckedLine[]): Money => addMoney(money(0n), ...lines.map((line) => line.tot));

/**
 * What a count posts: one movement per line, by counted − system, valued by the cost engine at the item's moving
 * average on the count's date (`average`: goods found missing leave at it, goods found over come in at it; from an
 * empty shelf, at the item's purchase price). No money lines: its cost part (inventory against stock adjustment)
 * is its whole posting.
 */
export function countPosting(lines: CheckedLine[]): Posting {
  return {
    movements: lines.map((line, line_index) => ({
      item_id: line.item_id,
      quantity: fromMilli(-toMilli(line.quantity)),
      mode: 'average',
      line_index,
    })),
    moneyLines: [],
  };
}
