import {
  fail,
  ok,
  PARTY_CATEGORIES,
  type Result,
  type SessionUser,
  type SubAccount,
  type SubAccountValues,
  type UpdateSubAccountBody,
} from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { accountCategory, subAccounts } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { fieldsOfRecord } from '../../lib/fieldPaths.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { countLedgerLines, countPartyDocuments, findMainAccount, findSubAccount } from './accounts.queries.ts';
import { balanceOpeningAccount } from './openingBalance.ts';

async function refusingDuplicates<T>(work: () => Promise<Result<T>>, prefix = () => ''): Promise<Result<T>> {
  try {
    return await work();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === 'sub_accounts_store_name_uq')
      return fail('ACCOUNT_NAME_TAKEN', { [`${prefix()}sub_name`]: 'ACCOUNT_NAME_TAKEN' });
    if (index === 'sub_accounts_store_code_uq')
      return fail('ACCOUNT_CODE_TAKEN', { [`${prefix()}sub_code`]: 'ACCOUNT_CODE_TAKEN' });
    throw error;
  }
}

/** The stored row of an account: its nature comes from its main account; phone and address only for parties. */
async function accountRow(
  tx: Tx,
  input: SubAccountValues,
): Promise<Result<Omit<typeof subAccounts.$inferInsert, 'store_id'>>> {
  const main = await findMainAccount(tx, input.ac_id);
  if (!main) return fail('VALIDATION_FAILED', { ac_id: 'MAIN_ACCOUNT_NOT_FOUND' });
  if (input.cat_id !== null) {
    const [category] = await tx.select().from(accountCategory).where(eq(accountCategory.id, input.cat_id));
    if (!category) return fail('VALIDATION_FAILED', { cat_id: 'ACCOUNT_CATEGORY_NOT_FOUND' });
  }
  const isParty = input.cat_id !== null && (PARTY_CATEGORIES as readonly number[]).includes(input.cat_id);
  return ok({
    ac_id: input.ac_id,
    sub_name: input.sub_name,
    sub_code: input.sub_code,
    sub_type: main.ac_type,
    sub_balance: input.sub_balance,
    cat_id: input.cat_id,
    phone: isParty ? input.phone : null,
    address: isParty ? input.address : null,
  });
}

async function loadAccount(tx: Tx, storeId: number, id: number): Promise<Result<SubAccount>> {
  const [account] = await findSubAccount(tx, storeId, id);
  return account ? ok(account) : fail('NOT_FOUND');
}

/** Creates accounts in one transaction: all of them, or none (an offline batch of new customers, say). */
export function createSubAccounts(
  db: Db,
  user: SessionUser,
  inputs: SubAccountValues[],
): Promise<Result<SubAccount[]>> {
  const many = inputs.length > 1;
  let current = 0;
  return refusingDuplicates(
    () =>
      inTransaction(db, async (tx) => {
        const createdIds: number[] = [];
        for (const [index, input] of inputs.entries()) {
          current = index;
          const row = await accountRow(tx, input);
          if (!row.ok) return many ? fail(row.code, fieldsOfRecord(row.fields, index)) : row;
          const [inserted] = await tx
            .insert(subAccounts)
            .values({ ...row.value, store_id: user.store_id })
            .returning({ id: subAccounts.id });
          if (!inserted) throw new Error('account insert returned nothing');
          await writeLog(tx, {
            store_id: user.store_id,
            user_id: user.id,
            typee: 'insert account',
            logToken: { id: inserted.id, sub_name: input.sub_name, sub_balance: input.sub_balance },
          });
          createdIds.push(inserted.id);
        }
        // The openings' other side, once for the batch; then the accounts are read with it.
        await balanceOpeningAccount(tx, user.store_id);
        const saved: SubAccount[] = [];
        for (const id of createdIds) {
          const account = await loadAccount(tx, user.store_id, id);
          if (!account.ok) return account;
          saved.push(account.value);
        }
        return ok(saved);
      }),
    () => (many ? `${current}.` : ''),
  );
}

export function updateSubAccount(db: Db, user: SessionUser, input: UpdateSubAccountBody): Promise<Result<SubAccount>> {
  return refusingDuplicates(() =>
    inTransaction(db, async (tx) => {
      const existing = await loadAccount(tx, user.store_id, input.id);
      if (!existing.ok) return existing;
      // A system account keeps its class: posting finds it by role and expects its nature.
      if (existing.value.role && existing.value.ac_id !== input.ac_id) return fail('SYSTEM_ACCOUNT');
      const row = await accountRow(tx, input);
      if (!row.ok) return row;
      await tx
        .update(subAccounts)
        .set(row.value)
        .where(and(eq(subAccounts.id, input.id), eq(subAccounts.store_id, user.store_id)));
      await writeLog(tx, {
        store_id: user.store_id,
        user_id: user.id,
        typee: 'update account',
        logToken: { id: input.id, sub_name: input.sub_name },
      });
      await balanceOpeningAccount(tx, user.store_id);
      const saved = await loadAccount(tx, user.store_id, input.id);
      // A changed opening balance changes every year's figures: its own line in the log, with before and after.
      if (
        saved.ok &&
        existing.value.role !== 'opening_balance' &&
        saved.value.sub_balance !== existing.value.sub_balance
      )
        await writeLog(tx, {
          store_id: user.store_id,
          user_id: user.id,
          typee: 'update opening balance',
          logToken: {
            id: input.id,
            sub_name: input.sub_name,
            from: existing.value.sub_balance,
            to: saved.value.sub_balance,
          },
        });
      return saved;
    }),
  );
}

/** Whether an account is in use: the one answer that both `checkUsage` and delete go by. */
export async function accountUsage(db: DbOrTx, storeId: number, id: number) {
  const [account] = await findSubAccount(db, storeId, id);
  if (!account) return undefined;
  const [ledger_lines, documents] = [await countLedgerLines(db, id), await countPartyDocuments(db, id)];
  const is_system = account.role !== null;
  return {
    account_id: id,
    sub_name: account.sub_name,
    sub_balance: account.sub_balance,
    ledger_lines,
    documents,
    is_system,
    in_use: ledger_lines > 0 || documents > 0 || is_system,
  };
}

/** An account with ledger lines or documents (invoices, orders, vouchers, entries) or a system role is kept. */
export function deleteSubAccount(db: Db, user: SessionUser, id: number): Promise<Result<{ id: number }>> {
  return inTransaction(db, async (tx) => {
    const usage = await accountUsage(tx, user.store_id, id);
    if (!usage) return fail('NOT_FOUND');
    if (usage.is_system) return fail('SYSTEM_ACCOUNT');
    if (usage.in_use) return fail('ACCOUNT_IN_USE');
    await tx.delete(subAccounts).where(eq(subAccounts.id, id));
    await balanceOpeningAccount(tx, user.store_id);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'delete account',
      logToken: { id, sub_name: usage.sub_name, sub_balance: usage.sub_balance },
    });
    return ok({ id });
  });
}
