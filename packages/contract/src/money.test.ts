import { describe, expect, it } from 'vitest';
import { MoneyString, PositiveMoneyString } from './amounts.ts';
import { addMoney, compareDecimals, multiplyMoney, parseMoney, percentOf, toMoneyString } from './money.ts';

const m = (text: string) => {
  const parsed = parseMoney(text);
  if (parsed === undefined) throw new Error(text);
  return parsed;
};

describe('money', () => {
  it('parses decimal text into exact minor units and prints it back with 2 decimals', () => {
    expect(parseMoney('12.5')).toBe(1250n);
    expect(parseMoney('0.07')).toBe(7n);
    expect(parseMoney('-3')).toBe(-300n);
    expect(toMoneyString(m('12.5'))).toBe('12.50');
    expect(toMoneyString(m('-0.75'))).toBe('-0.75');
    expect(toMoneyString(m('1234567.8'))).toBe('1234567.80');
  });

  it('refuses text that is not an amount, or has more than 2 decimals', () => {
    for (const bad of ['', 'abc', '1.234', '1,5', '1e3', '--1', '0.30000000000000004']) {
      expect(parseMoney(bad), bad).toBeUndefined();
    }
  });

  it('adds without float error: 0.1 + 0.2 is exactly 0.30', () => {
    expect(toMoneyString(addMoney(m('0.1'), m('0.2')))).toBe('0.30');
  });

  it('multiplies by a quantity and rounds half away from zero once', () => {
    expect(toMoneyString(multiplyMoney(m('3.33'), '3'))).toBe('9.99');
    expect(toMoneyString(multiplyMoney(m('10.00'), '0.125'))).toBe('1.25');
    expect(toMoneyString(multiplyMoney(m('0.05'), '0.5'))).toBe('0.03');
    expect(toMoneyString(multiplyMoney(m('-0.05'), '0.5'))).toBe('-0.03');
    expect(toMoneyString(percentOf(m('199.99'), '10'))).toBe('20.00');
  });

  it('the wire schema accepts strings and legacy numbers and answers the canonical string', () => {
    expect(MoneyString.parse('5')).toBe('5.00');
    expect(MoneyString.parse(12.5)).toBe('12.50');
    expect(MoneyString.safeParse(0.1 + 0.2).success).toBe(false);
    expect(PositiveMoneyString.safeParse('0').success).toBe(false);
    expect(PositiveMoneyString.safeParse('-1').success).toBe(false);
    expect(PositiveMoneyString.parse('0.01')).toBe('0.01');
  });
});

describe('comparing decimals', () => {
  it('compares exactly, whatever the number of decimals', () => {
    expect(compareDecimals('5', '4.999')).toBe(1);
    expect(compareDecimals('1500.50', '1500.5')).toBe(0);
    expect(compareDecimals('-0.1', '0')).toBe(-1);
    expect(compareDecimals('abc', '1')).toBeUndefined();
  });
});
