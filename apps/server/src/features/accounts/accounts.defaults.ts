import { defaultAccountType, WALK_IN_CUSTOMER } from '@mizan/contract';
import { isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { store, subAccounts } from '../../db/schema.ts';
import { OPENING_BALANCE_ACCOUNT_NAME } from './openingBalance.ts';

/**
 * The accounts every store starts with: the ones posting and the book need, found later by `role`, and a walk-in
 * customer for counter sales.
 */
type AccountRow = typeof subAccounts.$inferInsert;

/** An account row with the type its class and role give it (`defaultAccountType`), unless it names one. */
export const typed = (
  row: Omit<AccountRow, 'account_type'> & Partial<Pick<AccountRow, 'account_type'>>,
): AccountRow => ({
  ...row,
  account_type: row.account_type ?? defaultAccountType(row.ac_id, row.sub_type, row.role),
});

const storeAccounts = (storeId: number): AccountRow[] => storeAccountsUntyped(storeId).map(typed);

export const storeAccountsUntyped = (storeId: number): Omit<AccountRow, 'account_type'>[] => [
  {
    store_id: storeId,
    ac_id: 4,
    sub_name: 'الخزينة',
    sub_code: '401',
    sub_type: 'debit',
    cat_id: 4,
    role: 'cash_box',
  },
  { store_id: storeId, ac_id: 4, sub_name: 'البنك', sub_code: '402', sub_type: 'debit', cat_id: 4, role: 'bank' },
  {
    store_id: storeId,
    ac_id: 5,
    sub_name: 'المبيعات',
    sub_code: '501',
    sub_type: 'credit',
    cat_id: 5,
    role: 'sales',
  },
  {
    store_id: storeId,
    ac_id: 6,
    sub_name: 'المشتريات',
    sub_code: '601',
    sub_type: 'debit',
    cat_id: 5,
    role: 'purchases',
  },
  { store_id: storeId, ...WALK_IN_CUSTOMER, sub_type: 'debit', cat_id: 1 },
  // The other side of every opening balance (equity): see `openingBalance.ts`.
  {
    store_id: storeId,
    ac_id: 7,
    sub_name: OPENING_BALANCE_ACCOUNT_NAME,
    sub_code: '701',
    sub_type: 'credit',
    cat_id: 5,
    role: 'opening_balance',
  },
  // Perpetual inventory (docs/inventory-costing.md): stock at cost, what sold goods cost, and the discounts.
  {
    store_id: storeId,
    ac_id: 8,
    sub_name: 'المخزون',
    sub_code: '801',
    sub_type: 'debit',
    cat_id: 5,
    role: 'inventory',
  },
  {
    store_id: storeId,
    ac_id: 6,
    sub_name: 'تكلفة المبيعات',
    sub_code: '602',
    sub_type: 'debit',
    cat_id: 5,
    role: 'cost_of_sales',
  },
  {
    store_id: storeId,
    ac_id: 3,
    sub_name: 'الخصم المسموح به',
    sub_code: '390',
    sub_type: 'debit',
    cat_id: 5,
    role: 'discount_allowed',
  },
  {
    store_id: storeId,
    ac_id: 5,
    sub_name: 'الخصم المكتسب',
    sub_code: '502',
    sub_type: 'credit',
    cat_id: 5,
    role: 'discount_received',
  },
  // What earlier years earned (docs/accounting-years.md): read from their profit-and-loss lines, never posted.
  {
    store_id: storeId,
    ac_id: 7,
    sub_name: 'الأرباح المحتجزة',
    sub_code: '702',
    sub_type: 'credit',
    cat_id: 5,
    role: 'retained_earnings',
  },
  // What a stock count finds missing or over, at cost, against inventory (docs/stock-counts.md).
  {
    store_id: storeId,
    ac_id: 6,
    sub_name: 'فروقات الجرد',
    sub_code: '603',
    sub_type: 'debit',
    cat_id: 5,
    role: 'stock_adjustment',
  },
  // VAT (docs/vat.md): what sales charged (owed to the tax authority) and what purchases paid (reclaimed from it).
  {
    store_id: storeId,
    ac_id: 8,
    sub_name: 'ضريبة القيمة المضافة - المخرجات',
    sub_code: '802',
    sub_type: 'credit',
    cat_id: 5,
    role: 'output_vat',
  },
  {
    store_id: storeId,
    ac_id: 8,
    sub_name: 'ضريبة القيمة المضافة - المدخلات',
    sub_code: '803',
    sub_type: 'debit',
    cat_id: 5,
    role: 'input_vat',
  },
  // Till shifts (docs/shifts.md): what a close counts over or short, and the drawer's paid out and paid in by
  // default (a cash move may name another account).
  {
    store_id: storeId,
    ac_id: 3,
    sub_name: 'عجز وزيادة الصندوق',
    sub_code: '391',
    sub_type: 'debit',
    cat_id: 5,
    role: 'cash_over_short',
  },
  {
    store_id: storeId,
    ac_id: 3,
    sub_name: 'مصروفات نثرية من الصندوق',
    sub_code: '392',
    sub_type: 'debit',
    cat_id: 5,
    role: 'cash_paid_out',
  },
  // Stock transfers (docs/transfers.md): the goods a store sent to another (debit) or received from one (credit), at
  // cost. Over the stores together it is what is still on the way: the stores' balances net out as goods arrive.
  {
    store_id: storeId,
    ac_id: 8,
    sub_name: 'بضاعة محولة بين المخازن',
    sub_code: '804',
    sub_type: 'debit',
    cat_id: 5,
    role: 'goods_in_transit',
  },
  {
    store_id: storeId,
    ac_id: 7,
    sub_name: 'مبالغ واردة للصندوق',
    sub_code: '703',
    sub_type: 'credit',
    cat_id: 5,
    role: 'cash_paid_in',
  },
];

export async function createStoreAccounts(tx: DbOrTx, storeId: number) {
  await tx.insert(subAccounts).values(storeAccounts(storeId)).onConflictDoNothing();
}

/**
 * Gives every store the role accounts it lacks (run at start-up): a store created before a role existed gets it, so
 * adding a role never breaks an existing store. A store whose own account already has the name gets the role
 * account with its code after the name.
 */
export async function addMissingRoleAccounts(db: DbOrTx) {
  const stores = await db.select({ id: store.id }).from(store);
  const roles = await db
    .select({ store_id: subAccounts.store_id, role: subAccounts.role })
    .from(subAccounts)
    .where(isNotNull(subAccounts.role));
  const has = new Set(roles.map((row) => `${row.store_id}:${row.role}`));
  const missing = stores.flatMap(({ id }) =>
    storeAccounts(id).filter((row) => row.role && !has.has(`${id}:${row.role}`)),
  );
  for (const row of missing) {
    const added = await db.insert(subAccounts).values(row).onConflictDoNothing().returning({ id: subAccounts.id });
    if (added.length === 0)
      await db
        .insert(subAccounts)
        .values({ ...row, sub_name: `${row.sub_name} ${row.sub_code}`, sub_code: null })
        .onConflictDoNothing();
  }
}
