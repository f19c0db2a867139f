import { parseMoney } from '@mizan/contract';

/**
 * Today against another day, as the tile shows it: the change in percent, rounded to a whole percent (exact decimals
 * to the division, which is only for the eye). Undefined when the other day had nothing to compare with.
 */
export function changePercent(today: string, other: string): number | undefined {
  const now = parseMoney(today);
  const then = parseMoney(other);
  if (now === undefined || then === undefined || then === 0n) return undefined;
  return Math.round((Number(now - then) * 100) / Number(then < 0n ? -then : then));
}
