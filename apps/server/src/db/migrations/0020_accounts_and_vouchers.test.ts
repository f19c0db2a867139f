/**
 * Migration 0020 on a database saved before it: every existing account gets its type from its class and role, an
 * account inserted later without one gets it the same way, and the voucher tables take their first rows.
 */
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0020: account types and vouchers', () => {
  it('types every account by class and role, and types accounts inserted without one', () =>
    acrossMigrations(
      17,
      20,
      async (pool) => {
        await pool.query(`
        insert into store (id, store_ref, store_name) values (1, 'sh', 'المخزن الرئيسي');
        insert into sub_accounts (store_id, ac_id, sub_name, sub_type, role) values
          (1, 1, 'عميل', 'debit', null), (1, 2, 'مورد', 'credit', null), (1, 3, 'إيجار', 'debit', null),
          (1, 4, 'الخزينة', 'debit', 'cash_box'), (1, 5, 'المبيعات', 'credit', 'sales'),
          (1, 6, 'المشتريات', 'debit', 'purchases'), (1, 3, 'الخصم المسموح به', 'debit', 'discount_allowed'),
          (1, 7, 'رأس المال', 'credit', null), (1, 8, 'المخزون', 'debit', 'inventory'),
          (1, 8, 'قرض', 'credit', null), (1, 6, 'فروقات الجرد', 'debit', 'stock_adjustment');
      `);
      },
      async (pool) => {
        const typed = await pool.query<{ sub_name: string; account_type: string }>(
          'select sub_name, account_type from sub_accounts order by id',
        );
        expect(Object.fromEntries(typed.rows.map((row) => [row.sub_name, row.account_type]))).toEqual({
          عميل: 'asset',
          مورد: 'liability',
          إيجار: 'expense',
          الخزينة: 'asset',
          المبيعات: 'income',
          المشتريات: 'cost_of_sales',
          'الخصم المسموح به': 'expense',
          'رأس المال': 'equity',
          المخزون: 'asset',
          قرض: 'liability',
          'فروقات الجرد': 'cost_of_sales',
        });
        // A set-based insert that names no type gets its class's; a named one is kept; an unknown one is refused.
        await pool.query(
          `insert into sub_accounts (store_id, ac_id, sub_name, sub_type) values (1, 2, 'مورد ثان', 'credit')`,
        );
        await pool.query(
          `insert into sub_accounts (store_id, ac_id, sub_name, sub_type, account_type) values (1, 3, 'شحن', 'debit', 'cost_of_sales')`,
        );
        const later = await pool.query<{ sub_name: string; account_type: string }>(
          `select sub_name, account_type from sub_accounts where sub_name in ('مورد ثان', 'شحن') order by sub_name`,
        );
        expect(later.rows).toEqual([
          { sub_name: 'شحن', account_type: 'cost_of_sales' },
          { sub_name: 'مورد ثان', account_type: 'liability' },
        ]);
        await expect(
          pool.query(
            `insert into sub_accounts (store_id, ac_id, sub_name, sub_type, account_type) values (1, 3, 'خطأ', 'debit', 'other')`,
          ),
        ).rejects.toThrow(/sub_accounts_type_check/);
        await expect(
          pool.query('update sub_accounts set parent_id = id where sub_name = $1', ['إيجار']),
        ).rejects.toThrow(/sub_accounts_parent_not_self/);
      },
    ));
});
