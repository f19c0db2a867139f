import { defaultRoles } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { itemColumns } from '../features/items/itemColumns.ts';
import { stockColumns } from '../features/stock/stockColumns.ts';
import { columnsFor, dateFieldLock, mayBackDate } from './permissions.ts';

const cashier = { permissions: [...defaultRoles.cashier.permissions] };
const owner = { permissions: [...defaultRoles.owner.permissions] };
const keeper = { permissions: [...defaultRoles.storeKeeper.permissions] };
const accountant = { permissions: [...defaultRoles.accountant.permissions] };

describe('what the screens show a role (docs/permissions.md)', () => {
  it('a sale’s date is the cashier’s to change only where it posts nothing (a preliminary sale)', () => {
    expect(mayBackDate(cashier, 'pay', true)).toBe(false);
    expect(mayBackDate(cashier, 'payinit', false)).toBe(true);
    expect(mayBackDate(owner, 'pay', true)).toBe(true);
  });
  it('a count’s, voucher’s and journal’s date is locked without that kind’s back-dating, and the hint names it', () => {
    expect(dateFieldLock(keeper, 'stockCount')).toEqual({
      readOnly: true,
      readOnlyHint: expect.stringContaining('التسويات الجردية: بتاريخ سابق'),
    });
    expect(dateFieldLock(accountant, 'voucher').readOnly).toBe(true);
    expect(dateFieldLock(accountant, 'journal').readOnlyHint).toContain('القيود المحاسبية: بتاريخ سابق');
    expect(dateFieldLock(owner, 'voucher')).toEqual({ readOnly: false });
    expect(dateFieldLock({ permissions: ['journal.backDate'] }, 'journal')).toEqual({ readOnly: false });
  });
  it('without readCost the item lists have no purchase price, profit, average cost or value at cost', () => {
    const ids = (columns: { id: string }[]) => columns.map((column) => column.id);
    expect(ids(columnsFor(cashier, itemColumns))).not.toContain('perch_price');
    expect(ids(columnsFor(cashier, itemColumns))).not.toContain('profit');
    expect(ids(columnsFor(cashier, itemColumns))).toContain('pay_price');
    const stock = ids(columnsFor(cashier, stockColumns));
    for (const cost of ['perch_price', 'profit', 'avg_cost', 'stockValuePerchPrice']) expect(stock).not.toContain(cost);
    expect(stock).toContain('stockValuePayPrice');
    expect(columnsFor(owner, itemColumns)).toEqual(itemColumns);
  });
});
