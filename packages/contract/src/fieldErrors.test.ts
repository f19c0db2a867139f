import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MoneyString } from './amounts.ts';
import { IsoDate } from './dates.ts';
import { fieldErrorOf } from './fieldErrors.ts';
import { Text } from './text.ts';
import { TradeLineInput } from './trade.ts';

/** The code the first issue of a failed parse gets, as the server's error handler and the web's forms read it. */
const codeOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return fieldErrorOf(parsed.error.issues[0] as Parameters<typeof fieldErrorOf>[0]);
};

// As the server and the web app configure zod: issues are named where they are made.
z.config({ customError: fieldErrorOf });

describe('field error codes', () => {
  it('zod’s own checks become codes by their kind', () => {
    const Name = z.object({ name: Text().trim().min(1).max(5) });
    expect(codeOf(Name, {})).toBe('REQUIRED');
    expect(codeOf(Name, { name: ' ' })).toBe('REQUIRED');
    expect(codeOf(Name, { name: 'abcdefgh' })).toBe('TOO_LONG');
    expect(codeOf(Name, { name: 12 })).toBe('INVALID');
    expect(codeOf(z.object({ n: z.number() }), { n: 'x' })).toBe('NOT_A_NUMBER');
    expect(codeOf(z.enum(['a', 'b']), 'c')).toBe('NOT_AN_OPTION');
    expect(codeOf(z.strictObject({}), { extra: 1 })).toBe('UNKNOWN_FIELD');
    expect(codeOf(z.array(z.number()).min(1), [])).toBe('NO_LINES');
  });

  it('the contract’s own checks carry their code as their message', () => {
    expect(codeOf(MoneyString, '1.005')).toBe('AMOUNT_INVALID');
    expect(codeOf(MoneyString, '1'.repeat(20))).toBe('AMOUNT_TOO_LARGE');
    expect(codeOf(IsoDate, '2026-02-30')).toBe('DATE_INVALID');
    expect(codeOf(TradeLineInput, { item_id: 1, quantity: '0', price: '1' })).toBe('QUANTITY_NOT_POSITIVE');
    expect(codeOf(Text(), 'a\u0000b')).toBe('TEXT_UNSTORABLE');
  });
});
