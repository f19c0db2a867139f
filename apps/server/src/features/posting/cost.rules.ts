/**
 * The moving-average cost rule (docs/inventory-costing.md), as a pure function of plain values: an item's stock at
 * cost in a year (quantity and value) and one movement in, the new stock at cost and what the movement is worth.
 * Quantities are exact thousandths, values exact cents; the average (`value / quantity`) is never stored, and every
 * division rounds half away from zero to the cent, once per movement (so a sale's posted cost is the sum of its
 * printed line costs).
 */
import { type Money, money } from '@mizan/contract';

/** An item's stock at cost in a year; `fallbackUnitCost` (its purchase price) values a sale when no average is known. */
export type CostState = { quantity: bigint; value: Money; fallbackUnitCost: Money };

export type CostMovement =
  /** Stock coming in at its own value at cost (a purchase line, an opening quantity, a sales return's kept cost). */
  | { direction: 'in'; quantity: bigint; value: Money }
  /** Stock going out at the current average (a sale, a purchase return). */
  | { direction: 'out'; quantity: bigint };

export type Costed = {
  state: CostState;
  /** What the movement changed the stock value by, signed (its `stock_movement.value`): a sale's cost is −change. */
  change: Money;
  /**
   * Stock that came in while the quantity was below zero: the part of its value that corrects the cost of the goods
   * sold short at the last average (posted to cost of sales). Zero otherwise: `change + variance` is the value in.
   */
  variance: Money;
};

/** `numerator / denominator` rounded half away from zero (both signs), exact in bigints. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** Quantity (thousandths) × a unit amount (cents), to the cent. */
export const valueAt = (quantity: bigint, unitCost: Money): Money => money(divideRounded(quantity * unitCost, 1000n));

/**
 * One movement through the moving average.
 * - In, with stock at or above zero: quantity and value add up.
 * - In, with stock below zero (negative stock allowed): the goods first cover what was sold short. Once the quantity
 *   is back at or above zero, the value is reset to what remains at the incoming unit cost; while still below zero,
 *   the remaining shortfall keeps the last average. The difference from the value brought in is the variance.
 * - Out: at the average `value / quantity` (the whole value when it empties the stock); past zero at the last
 *   average, and at the fallback unit cost when the quantity is exactly zero (no average is known).
 */
export function applyCost(state: CostState, movement: CostMovement): Costed {
  const { quantity: q0, value: v0 } = state;
  if (movement.direction === 'out') {
    const q = movement.quantity;
    let cost: bigint;
    if (q0 === 0n) cost = valueAt(q, state.fallbackUnitCost);
    else if (q === q0) cost = v0;
    else cost = divideRounded(q * v0, q0);
    return {
      state: { ...state, quantity: q0 - q, value: money(v0 - cost) },
      change: money(-cost),
      variance: money(0n),
    };
  }
  const { quantity: q, value: w } = movement;
  const q1 = q0 + q;
  let v1: bigint;
  if (q0 > 0n || (q0 === 0n && v0 === 0n)) v1 = v0 + w;
  else if (q1 >= 0n) v1 = q1 === 0n ? 0n : divideRounded(q1 * w, q);
  else v1 = divideRounded(q1 * v0, q0);
  const change = v1 - v0;
  return { state: { ...state, quantity: q1, value: money(v1) }, change: money(change), variance: money(w - change) };
}
