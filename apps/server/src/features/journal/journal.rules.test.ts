import { postingMemosAr } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { isBalanced } from '../posting/posting.rules.ts';
import { balances, figures } from '../posting/postingTesting.ts';
import { checkAccounts, journalPosting, journalReference } from './journal.rules.ts';

const CASH = 46;
const CUSTOMER = 101;
const RENT = 301;
const line = (ac_id: number, debit: string, credit: string, j_desc: string | null = null) => ({
  ac_id,
  debit,
  credit,
  j_desc,
});

describe('what a journal posts', () => {
  it('a receipt voucher posts each line to its account on its side, balanced, and moves no stock', () => {
    const posting = journalPosting({
      j_details: 'سند قبض من العميل',
      j_desc: null,
      j_type: 'سند قبض',
      lines: [line(CASH, '150.00', '0.00'), line(CUSTOMER, '0.00', '150.00', 'دفعة فاتورة 12')],
    });
    expect(posting?.movements).toEqual([]);
    expect(figures(posting?.moneyLines ?? [])).toEqual([
      [CASH, '150.00', '0.00'],
      [CUSTOMER, '0.00', '150.00'],
    ]);
    expect(posting?.moneyLines.map((l) => l.memo)).toEqual(['سند قبض من العميل', 'دفعة فاتورة 12']);
    expect(isBalanced(posting?.moneyLines ?? [])).toBe(true);
    expect(balances(posting?.moneyLines ?? [])).toEqual({ [CASH]: '150.00', [CUSTOMER]: '-150.00' });
  });

  it('an entry of several lines per side keeps every line', () => {
    const posting = journalPosting({
      j_details: null,
      j_desc: null,
      j_type: null,
      lines: [
        line(RENT, '100.00', '0'),
        line(RENT, '0.01', '0'),
        line(CASH, '0', '60.00'),
        line(CUSTOMER, '0', '40.01'),
      ],
    });
    expect(posting?.moneyLines).toHaveLength(4);
    expect(posting?.moneyLines.every((l) => l.memo === postingMemosAr.journal)).toBe(true);
    expect(balances(posting?.moneyLines ?? [])).toEqual({ [RENT]: '100.01', [CASH]: '-60.00', [CUSTOMER]: '-40.01' });
  });

  it('posts nothing until its two sides are equal and non-zero', () => {
    const notes = { j_details: null, j_desc: null, j_type: 'سند دفع' };
    expect(journalPosting({ ...notes, lines: [] })).toBeUndefined();
    expect(journalPosting({ ...notes, lines: [line(RENT, '20.00', '0')] })).toBeUndefined();
    expect(journalPosting({ ...notes, lines: [line(RENT, '20.00', '0'), line(CASH, '0', '19.99')] })).toBeUndefined();
    expect(journalPosting({ ...notes, lines: [line(RENT, '20.00', '0'), line(CASH, '0', '20')] })).toBeDefined();
  });

  it('a line without a note of its own reads what the user wrote, else the template, else the type', () => {
    const lines = [line(RENT, '5', '0'), line(CASH, '0', '5')];
    const memos = (notes: { j_details: string | null; j_desc: string | null; j_type: string | null }) =>
      journalPosting({ ...notes, lines })?.moneyLines.map((l) => l.memo);
    expect(memos({ j_details: 'البيان', j_desc: 'القالب', j_type: 'سند دفع' })).toEqual(['البيان', 'البيان']);
    expect(memos({ j_details: null, j_desc: 'القالب', j_type: 'سند دفع' })).toEqual(['القالب', 'القالب']);
    expect(memos({ j_details: null, j_desc: null, j_type: 'سند دفع' })).toEqual(['سند دفع', 'سند دفع']);
  });

  it('names every line whose account is not the store’s, or is the inventory account, at once', () => {
    const found = new Map<number, string | null>([
      [CASH, 'cash_box'],
      [RENT, null],
      [80, 'inventory'],
    ]);
    expect(checkAccounts([{ ac_id: CASH }, { ac_id: RENT }], found)).toEqual({ ok: true, value: undefined });
    expect(checkAccounts([{ ac_id: 999 }, { ac_id: CASH }, { ac_id: 80 }], found)).toEqual({
      ok: false,
      code: 'ACCOUNT_NOT_FOUND',
      fields: { 'items.0.ac_id': 'ACCOUNT_NOT_FOUND', 'items.2.ac_id': 'ACCOUNT_KEPT_BY_STOCK' },
    });
    expect(checkAccounts([{ ac_id: 80 }], found, '')).toEqual({
      ok: false,
      code: 'ACCOUNT_KEPT_BY_STOCK',
      fields: { '0.ac_id': 'ACCOUNT_KEPT_BY_STOCK' },
    });
  });

  it('a journal’s reference is the store’s prefix, J and its number', () => {
    expect(journalReference('sh', 12)).toBe('SH-J-000012');
  });
});
