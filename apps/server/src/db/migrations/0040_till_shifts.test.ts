/**
 * Migration 0040 on a database saved before it (roles as 0024 wrote them, a sale of before): every role that sells
 * may now work its shifts, the roles with the settings manage everyone's, so the roles are the contract's defaults
 * again; stores do not require shifts, and the sales of before belong to no shift.
 */
import { defaultRoles, roleIds, roleKeys } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { acrossMigrations } from './migrationTesting.ts';

describe('migration 0040: till shifts', () => {
  it(
    'gives the selling roles their shifts and the managing roles everyone’s; nothing of before changes',
    () =>
      acrossMigrations(
        39,
        40,
        async (pool) => {
          await pool.query(`insert into store (store_ref, store_name) values ('A', 'الأول')`);
        },
        async (pool) => {
          const roles = await pool.query<{ id: number; key: string; permissions: string[] }>(
            'select id, key, permissions from role order by id',
          );
          expect(roles.rows).toEqual(
            roleKeys.map((key) => ({
              id: roleIds[key],
              key,
              // Transfers' permissions came with migration 0045.
              permissions: defaultRoles[key].permissions.filter((permission) => !permission.startsWith('transfer.')),
            })),
          );
          const stores = await pool.query('select shifts_required from store');
          expect(stores.rows).toEqual([{ shifts_required: false }]);
          const open = await pool.query(
            "select count(*)::int as n from information_schema.columns where table_name = 'trade_document' and column_name = 'shift_id'",
          );
          expect(open.rows).toEqual([{ n: 1 }]);
        },
      ),
    120_000,
  );
});
