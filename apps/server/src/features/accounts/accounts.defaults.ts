import { WALK_IN_CUSTOMER } from '@mizan/contract';
import type { DbOrTx } from '../../db/client.ts';
import { subAccounts } from '../../db/schema.ts';
import { OPENING_BALANCE_ACCOUNT_NAME } from './openingBalance.ts';

/**
 * The accounts every store starts with: the ones posting needs, found later by `role`, and a walk-in customer
 * for counter sales.
 */
export async function createStoreAccounts(tx: DbOrTx, storeId: number) {
  await tx
    .insert(subAccounts)
    .values([
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
    ])
    .onConflictDoNothing();
}
