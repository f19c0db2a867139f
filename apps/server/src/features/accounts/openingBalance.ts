/**
 * Opening balances and the opening-balance (equity) account.
 *
 * An account's opening balance (`sub_balance`) is read as the start of its balance in every year (balance = opening
 * + that year's ledger lines, by the account's nature). So that the trial balance has equal debits and credits in
 * every store and year with the openings included, the store's opening-balance account (role `opening_balance`,
 * class 7 equity, credit nature) holds the other side: its own opening is the sum of all the other accounts'
 * openings, debit side positive. It is recomputed from them in the transaction of every change to an account
 * (create, edit, delete), never typed: a value entered for it is replaced.
 *
 * Opening stock is valued in the ledger instead: each opening quantity posts its stated cost to inventory against
 * this account's ledger lines (docs/inventory-costing.md), so the trial balance balances with it as well.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subAccounts } from '../../db/schema.ts';

export const OPENING_BALANCE_ACCOUNT_NAME = 'الأرصدة الافتتاحية';

/**
 * Sets the opening-balance account of the store to the other side of every other account's opening. Its row is
 * locked first, so two account changes at once recompute one after the other, each seeing the other's change.
 */
export async function balanceOpeningAccount(tx: DbOrTx, storeId: number) {
  const [account] = await tx
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(and(eq(subAccounts.store_id, storeId), eq(subAccounts.role, 'opening_balance')))
    .for('update');
  if (!account) throw new Error(`store ${storeId} has no opening_balance account`);
  await tx
    .update(subAccounts)
    .set({
      sub_balance: sql`(select coalesce(sum(case when o.sub_type = 'debit' then o.sub_balance else -o.sub_balance end), 0)
        from ${subAccounts} o where o.store_id = ${storeId} and o.id <> ${account.id})`,
    })
    .where(eq(subAccounts.id, account.id));
}
