import { describe, expect, it } from 'vitest';
import { assumingTyped, canSave, emptyForm, fromTemplate, newRow, toBody, totalsOf } from './journalForm.ts';

describe('the journal form', () => {
  const form = (debit: [number | undefined, string][], credit: [number | undefined, string][]) => ({
    ...emptyForm('2026-04-05'),
    debit: debit.map(([id, amount]) => newRow(id, amount)),
    credit: credit.map(([id, amount]) => newRow(id, amount)),
  });

  it('a row whose account is typed whole and not found yet is offered to the save, which finds it; an untyped one is not', () => {
    const typed = form([[11, '100']], [[undefined, '100']]);
    expect(canSave(typed)).toBe(false);
    const creditKey = typed.credit[0]?.key ?? -1;
    expect(canSave(assumingTyped(typed, new Set([creditKey])))).toBe(true);
    expect(canSave(assumingTyped(typed, new Set([creditKey + 1000])))).toBe(false);
    // Rows that have their account keep it.
    expect(assumingTyped(typed, new Set([typed.debit[0]?.key ?? -1])).debit[0]?.ac_id).toBe(11);
  });

  it('saves two debit rows against one credit row only when the sides match; Arabic digits are read', () => {
    const rent = form(
      [
        [11, '١٠٠'],
        [12, '50.5'],
      ],
      [[46, '150.50']],
    );
    expect(totalsOf(rent)).toEqual({ debit: '150.50', credit: '150.50', difference: '0.00' });
    expect(canSave(rent)).toBe(true);
    expect(toBody(rent, 1).items).toEqual([
      { ac_id: 11, debit: '100', credit: '0', j_desc: null },
      { ac_id: 12, debit: '50.5', credit: '0', j_desc: null },
      { ac_id: 46, debit: '0', credit: '150.50', j_desc: null },
    ]);
    expect(canSave(form([[11, '100']], [[46, '99.99']]))).toBe(false);
    expect(canSave(form([[11, '100']], [[undefined, '']]))).toBe(false);
    // A half-filled row (an account without an amount) is not left out silently.
    expect(
      canSave(
        form(
          [
            [11, '100'],
            [12, ''],
          ],
          [[46, '100']],
        ),
      ),
    ).toBe(false);
    expect(
      canSave(
        form(
          [
            [11, '100'],
            [undefined, ''],
          ],
          [[46, '100']],
        ),
      ),
    ).toBe(true);
  });

  it('a template fills its accounts, its rows and its amount', () => {
    const filled = fromTemplate(
      emptyForm('2026-04-05'),
      {
        id: 3,
        store_id: 1,
        type_name: 'إيداع نقدية في البنك',
        type_desc: 'إيداع من الخزينة في البنك',
        default_val: '200.00',
        default_details: null,
        from_count: 1,
        to_count: 2,
        debitac_id: 47,
        creditac_id: 46,
      },
      [
        { id: 1, jType_id: 3, store_id: 1, ac_id: 47, sub_name: 'البنك', type_ac: 'debit' },
        { id: 2, jType_id: 3, store_id: 1, ac_id: 46, sub_name: 'الخزينة', type_ac: 'credit' },
        { id: 3, jType_id: 9, store_id: 1, ac_id: 5, sub_name: 'أخرى', type_ac: 'credit' },
      ],
    );
    expect(filled.j_type).toBe('إيداع نقدية في البنك');
    expect(filled.debit.map((r) => [r.ac_id, r.amount])).toEqual([[47, '200.00']]);
    expect(filled.credit.map((r) => [r.ac_id, r.amount])).toEqual([
      [46, '200.00'],
      [undefined, ''],
    ]);
  });
});
