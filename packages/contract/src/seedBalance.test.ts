import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money, toMoneyString } from './money.ts';
import { seedBalance } from './seedBalance.ts';

describe('the seed balance rule', () => {
  it('equal sides: 0 and no status', () => {
    expect(seedBalance({ changeeTot: '100', fromDebitTot: '50', purchChangeeTot: '120', toCreditTot: '30' })).toEqual({
      balance: '0.00',
      status: null,
    });
  });
  it('debit greater: the difference to 2 decimals, status debit', () => {
    expect(seedBalance({ changeeTot: '100.5', fromDebitTot: '0', purchChangeeTot: '0', toCreditTot: '40.25' })).toEqual(
      { balance: '60.25', status: 'debit' },
    );
  });
  it('credit greater: status credit', () => {
    expect(seedBalance({ changeeTot: '0', fromDebitTot: '10', purchChangeeTot: '25', toCreditTot: '0.01' })).toEqual({
      balance: '15.01',
      status: 'credit',
    });
  });
  it('negative parts count on their own side (a sales return left a customer owed)', () => {
    expect(seedBalance({ changeeTot: '-30', fromDebitTot: '0', purchChangeeTot: '0', toCreditTot: '0' })).toEqual({
      balance: '30.00',
      status: 'credit',
    });
  });
  it('for any totals: balance = |debit − credit|, status by the larger side', () => {
    const cents = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
    fc.assert(
      fc.property(cents, cents, cents, cents, (a, b, c, d) => {
        const text = (v: bigint) => toMoneyString(money(v));
        const result = seedBalance({
          changeeTot: text(a),
          fromDebitTot: text(b),
          purchChangeeTot: text(c),
          toCreditTot: text(d),
        });
        const difference = a + b - (c + d);
        expect(result.balance).toBe(text(difference < 0n ? -difference : difference));
        expect(result.status).toBe(difference === 0n ? null : difference > 0n ? 'debit' : 'credit');
      }),
    );
  });
});
