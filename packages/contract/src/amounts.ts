/**
 * The zod schemas of amounts and quantities on the wire. They live apart from the money module so that a screen
 * that only computes with money (the sales screen's totals) does not load the schema library with it.
 */
import { z } from 'zod';
import { normalizeNumberInput } from './digits.ts';
import { isWithinAmountBound, MAX_QUANTITY_DIGITS, parseMoney, toMoneyString } from './money.ts';

/**
 * Zod schema of an amount on the wire. Accepts a decimal string as typed (Arabic-Indic or Persian digits, ٫ and
 * ٬ too), and a JSON number from legacy clients as long as it has at most 2 decimals; at most `MAX_AMOUNT` either
 * way; answers the canonical string ("12.50").
 */
export const MoneyString = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const typed = normalizeNumberInput(String(value));
  const parsed = parseMoney(typed);
  if (parsed === undefined && /^-?\d{14,}(\.\d{1,2})?$/.test(typed)) {
    ctx.addIssue({ code: 'custom', message: 'AMOUNT_TOO_LARGE' });
    return z.NEVER;
  }
  if (parsed === undefined) {
    ctx.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
    return z.NEVER;
  }
  if (!isWithinAmountBound(parsed)) {
    ctx.addIssue({ code: 'custom', message: 'AMOUNT_TOO_LARGE' });
    return z.NEVER;
  }
  return toMoneyString(parsed);
});

export const PositiveMoneyString = MoneyString.refine((value) => (parseMoney(value) ?? 0n) > 0n, {
  message: 'AMOUNT_NOT_POSITIVE',
});
export const NonNegativeMoneyString = MoneyString.refine((value) => (parseMoney(value) ?? -1n) >= 0n, {
  message: 'AMOUNT_NEGATIVE',
});

/** Quantities are exact decimals too (items may be sold by weight): up to 3 decimals, typed digits of any script. */
export const QuantityString = z
  .union([z.string(), z.number()], { error: 'QUANTITY_INVALID' })
  .transform((value) => normalizeNumberInput(String(value)))
  .refine((value) => /^-?\d+(\.\d{1,3})?$/.test(value), { message: 'QUANTITY_INVALID', abort: true })
  .refine((value) => new RegExp(`^-?0*\\d{1,${MAX_QUANTITY_DIGITS}}(\\.|$)`).test(value), {
    message: 'QUANTITY_TOO_LARGE',
  });

/** A percentage from 0 to 100 with at most 2 decimals (a tax rate, a role's discount limit), in any digits. */
export const Percent = z
  .union([z.string(), z.number()])
  .transform((value) => normalizeNumberInput(String(value)))
  .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, {
    message: 'PERCENT_OUT_OF_RANGE',
  });
