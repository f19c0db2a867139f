import { describe, expect, it } from 'vitest';
import { allocateOldestFirst, checkAllocations, voucherLines } from './vouchers.rules.ts';

describe('voucher rules', () => {
  it('a receipt debits the money account, a payment or an expense credits it', () => {
    expect(voucherLines('receipt', 1, 2, '10.5')).toEqual([
      { ac_id: 1, debit: '10.50', credit: '0.00' },
      { ac_id: 2, debit: '0.00', credit: '10.50' },
    ]);
    expect(voucherLines('expense', 1, 2, '3')).toEqual([
      { ac_id: 2, debit: '3.00', credit: '0.00' },
      { ac_id: 1, debit: '0.00', credit: '3.00' },
    ]);
  });

  it('allocates oldest first, each invoice up to its remainder, until the amount is spent', () => {
    const open = [
      { pay_id: 1, remaining: '100' },
      { pay_id: 2, remaining: '0' },
      { pay_id: 3, remaining: '250.50' },
      { pay_id: 4, remaining: '40' },
    ];
    expect(allocateOldestFirst('300', open)).toEqual([
      { pay_id: 1, amount: '100.00' },
      { pay_id: 3, amount: '200.00' },
    ]);
    expect(allocateOldestFirst('1000', open).map((a) => a.amount)).toEqual(['100.00', '250.50', '40.00']);
  });

  it('refuses an invoice not open, one twice, beyond its remainder, or a sum beyond the payment, naming the fields', () => {
    const open = new Map([
      [1, '100.00'],
      [2, '50.00'],
    ]);
    expect(
      checkAllocations(
        '150',
        [
          { pay_id: 1, amount: '100' },
          { pay_id: 2, amount: '50' },
        ],
        open,
      ).ok,
    ).toBe(true);
    expect(checkAllocations('500', [{ pay_id: 1, amount: '100.01' }], open)).toEqual({
      ok: false,
      code: 'ALLOCATION_EXCEEDS_INVOICE',
      fields: { 'allocations.0.amount': 'ALLOCATION_EXCEEDS_INVOICE' },
    });
    expect(
      checkAllocations(
        '120',
        [
          { pay_id: 1, amount: '100' },
          { pay_id: 2, amount: '30' },
        ],
        open,
      ),
    ).toEqual({
      ok: false,
      code: 'ALLOCATION_EXCEEDS_PAYMENT',
      fields: { amount: 'ALLOCATION_EXCEEDS_PAYMENT' },
    });
    expect(
      checkAllocations(
        '500',
        [
          { pay_id: 9, amount: '1' },
          { pay_id: 1, amount: '1' },
          { pay_id: 1, amount: '1' },
        ],
        open,
      ),
    ).toEqual({
      ok: false,
      code: 'ALLOCATION_NOT_OPEN_INVOICE',
      fields: {
        'allocations.0.pay_id': 'ALLOCATION_NOT_OPEN_INVOICE',
        'allocations.2.pay_id': 'ALLOCATION_NOT_OPEN_INVOICE',
      },
    });
  });
});
