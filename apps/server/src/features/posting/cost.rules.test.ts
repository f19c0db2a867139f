import { money, parseMoney, toMilli, toMoneyString } from '@mizan/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCost, type CostMovement, type CostState, divideRounded } from './cost.rules.ts';

const cents = (text: string) => parseMoney(text) ?? money(0n);
const state = (quantity: string, value: string, fallback = '0'): CostState => ({
  quantity: toMilli(quantity),
  value: cents(value),
  fallbackUnitCost: cents(fallback),
});
const buy = (quantity: string, value: string): CostMovement => ({
  direction: 'in',
  quantity: toMilli(quantity),
  value: cents(value),
});
const sell = (quantity: string): CostMovement => ({ direction: 'out', quantity: toMilli(quantity) });

/** Runs movements from a state; answers the end state and each movement's change and variance as text. */
function run(start: CostState, movements: CostMovement[]) {
  let current = start;
  const steps: [string, string][] = [];
  for (const movement of movements) {
    const costed = applyCost(current, movement);
    current = costed.state;
    steps.push([toMoneyString(costed.change), toMoneyString(costed.variance)]);
  }
  return { quantity: current.quantity, value: toMoneyString(current.value), steps };
}

describe('the moving-average cost rule', () => {
  it('adds stock in at its value and takes stock out at the average', () => {
    const result = run(state('0', '0'), [buy('10', '100.00'), buy('10', '200.00'), sell('5')]);
    expect(result.steps).toEqual([
      ['100.00', '0.00'],
      ['200.00', '0.00'],
      ['-75.00', '0.00'],
    ]);
    expect(result).toMatchObject({ quantity: toMilli('15'), value: '225.00' });
  });

  it('rounds each line half up to the cent, and the line that empties the stock takes what is left', () => {
    // 3 for 10.00: the average is 3.333…; one goes out at 3.33, then two at 6.67 (half up), then nothing is left.
    const result = run(state('0', '0'), [buy('3', '10.00'), sell('1'), sell('2')]);
    expect(result.steps.map(([change]) => change)).toEqual(['10.00', '-3.33', '-6.67']);
    expect(result).toMatchObject({ quantity: 0n, value: '0.00' });
    // Half a cent rounds up: 1 of 2 worth 0.01 goes out at 0.01 (0.005 → 0.01).
    expect(run(state('2', '0.01'), [sell('1')]).steps[0]?.[0]).toBe('-0.01');
    // A weight: 0.250 of 1 kg at 9.99 goes out at 2.50 (2.4975 → 2.50).
    expect(run(state('1', '9.99'), [sell('0.25')]).steps[0]?.[0]).toBe('-2.50');
  });

  it('sells past zero at the last average, and the next purchase resets the value at its own cost', () => {
    const result = run(state('2', '20.00'), [sell('5'), buy('10', '150.00')]);
    // 5 out at the average 10.00: stock −3 worth −30.00 (the average is kept).
    expect(result.steps[0]).toEqual(['-50.00', '0.00']);
    // 10 in at 15.00: 7 remain, valued 105.00 at the new cost; the 3 sold short cost 15.00 each, not 10.00: the
    // 15.00 difference corrects the cost of sales.
    expect(result.steps[1]).toEqual(['135.00', '15.00']);
    expect(result).toMatchObject({ quantity: toMilli('7'), value: '105.00' });
  });

  it('keeps the last average while a purchase covers only part of a shortfall', () => {
    const result = run(state('-10', '-100.00'), [buy('4', '60.00'), sell('1')]);
    // −6 left at the old average 10.00 (−60.00): the stock value rose by 40.00; 20.00 corrects the cost of sales.
    expect(result.steps[0]).toEqual(['40.00', '20.00']);
    expect(result.steps[1]).toEqual(['-10.00', '0.00']);
  });

  it('sells from zero stock at the fallback cost (the purchase price) when no average is known', () => {
    const result = run(state('0', '0', '7.50'), [sell('2'), sell('1')]);
    expect(result.steps.map(([change]) => change)).toEqual(['-15.00', '-7.50']);
    expect(result).toMatchObject({ quantity: toMilli('-3'), value: '-22.50' });
  });

  it('clears a value left at zero quantity (an edit after sales) into the variance of the next stock in', () => {
    const result = run(state('0', '-5.00'), [buy('2', '8.00')]);
    expect(result.steps[0]).toEqual(['13.00', '-5.00']);
    expect(result).toMatchObject({ quantity: toMilli('2'), value: '8.00' });
  });

  it('is exact in both directions of division rounding', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(-4n, -3n)).toBe(1n);
    expect(() => divideRounded(1n, 0n)).toThrow();
  });

  it('change + variance is always the value brought in, and the value follows the changes exactly', () => {
    let current = state('0', '0', '3.00');
    let total = 0n;
    const moves: CostMovement[] = [
      sell('4'),
      buy('1', '2.00'),
      buy('7', '22.22'),
      sell('3.5'),
      sell('9'),
      buy('1', '1'),
    ];
    for (const movement of moves) {
      const costed = applyCost(current, movement);
      if (movement.direction === 'in') expect(costed.change + costed.variance).toBe(movement.value);
      total += costed.change;
      current = costed.state;
    }
    expect(current.value).toBe(total);
  });

  it('follows the exact moving average within half a cent per sale, and an emptied stock is worth exactly zero', () => {
    // Buys and sales (never past zero, the default), against the average kept as an exact fraction (cents).
    const move = fc.oneof(
      fc.record({
        buy: fc.constant(true),
        quantity: fc.integer({ min: 1, max: 9_000 }),
        cents: fc.integer({ min: 0, max: 10_000_000 }),
      }),
      fc.record({ buy: fc.constant(false), share: fc.integer({ min: 1, max: 100 }) }),
    );
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 40 }), (moves) => {
        let current = state('0', '0', '1.00');
        let num = 0n; // the exact value is num / den cents
        let den = 1n;
        let sales = 0n;
        for (const m of moves) {
          if (m.buy) {
            const costed = applyCost(current, {
              direction: 'in',
              quantity: BigInt(m.quantity),
              value: money(BigInt(m.cents)),
            });
            expect(costed.variance).toBe(0n);
            current = costed.state;
            num += BigInt(m.cents) * den;
            continue;
          }
          const q = (current.quantity * BigInt(m.share)) / 100n;
          if (q === 0n) continue;
          const before = current;
          const costed = applyCost(current, { direction: 'out', quantity: q });
          // The cost is quantity × average (value / quantity before it), to the half cent.
          const exactCost2 = 2n * q * before.value;
          const diff = -2n * costed.change * before.quantity - exactCost2;
          expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(before.quantity);
          current = costed.state;
          num *= before.quantity - q;
          den *= before.quantity;
          sales += 1n;
        }
        // The kept value strays from the exact average by at most half a cent per sale.
        const stray = current.value * den - num;
        expect(2n * (stray < 0n ? -stray : stray)).toBeLessThanOrEqual(sales * den);
        if (current.quantity === 0n) expect(current.value).toBe(0n);
      }),
      { numRuns: 300 },
    );
  });
});
