import {
  defaultAccountType,
  fail,
  ok,
  PARTY_CATEGORIES,
  type Result,
  type SessionUser,
  type SubAccount,
  type SubAccountValues,
  statementOfType,
  type UpdateSubAccountBody,
} from '@mizan/contract';
import { and, count, eq, sql } from 'drizzle-orm';
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

/**
 * Whether `parentId` may be the parent of the account `id` (undefined: a new account) of this type: one of the
 * store's accounts, of the same type, and neither the account itself nor one of the accounts under it (the chart
 * stays a tree).
 */
async function parentAllowed(tx: Tx, storeId: number, parentId: number, type: string, id: number | undefined) {
  const [parent] = await tx
    .select({ account_type: subAccounts.account_type })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, parentId), eq(subAccounts.store_id, storeId)));
  if (!parent || parent.account_type !== type) return false;
  if (id === undefined) return true;
  // Walk up from the parent: meeting the account itself would close a circle.
  const { rows } = await tx.execute<{ n: number }>(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from sub_accounts where id = ${parentId}
      union
      select s.id, s.parent_id from sub_accounts s join up on s.id = up.parent_id
    )
    select count(*)::int as n from up where id = ${id}`);
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * The stored row of an account: its nature comes from its main account; its type is the one chosen, which must
 * stand on its class's statement, else its class's (`defaultAccountType`); its parent is checked
 * (`parentAllowed`); phone and address only for parties.
 */
async function accountRow(
  tx: Tx,
  storeId: number,
  input: SubAccountValues,
  existing?: SubAccount,
): Promise<Result<Omit<typeof subAccounts.$inferInsert, 'store_id'>>> {
  const main = await findMainAccount(tx, input.ac_id);
  if (!main) return fail('VALIDATION_FAILED', { ac_id: 'MAIN_ACCOUNT_NOT_FOUND' });
  // A legacy client's edit sends neither: the account keeps its type (while its class allows it) and its parent.
  const kept =
    existing && statementOfType(existing.account_type) === main.statement ? existing.account_type : undefined;
  const account_type = input.account_type ?? kept ?? defaultAccountType(main.ac_id, main.ac_type, existing?.role);
  if (statementOfType(account_type) !== main.statement)
    return fail('ACCOUNT_TYPE_NOT_OF_CLASS', { account_type: 'ACCOUNT_TYPE_NOT_OF_CLASS' });
  const parent_id = input.parent_id === undefined ? (existing?.parent_id ?? null) : input.parent_id;
  if (parent_id !== null && !(await parentAllowed(tx, storeId, parent_id, account_type, existing?.id)))
    return fail('ACCOUNT_PARENT_INVALID', { parent_id: 'ACCOUNT_PARENT_INVALID' });
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
    account_type,
    parent_id,
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

/** The advisory lock key (with the store's id) under which a new account's code is chosen. */
const ACCOUNT_CODE_LOCK = 7_301;

/**
 * The code a new account gets when none is typed: the next number after the highest numeric code of its class in
 * the store (customers 101, 150 → 151), or the class's first (class × 100 + 1: 101 customers, 201 suppliers).
 */
async function nextCode(tx: Tx, storeId: number, acId: number) {
  // Two accounts created at the same moment would read the same highest code and the second be refused as a code
  // taken: the store's code choice is one at a time, until the transaction that chose one ends.
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CODE_LOCK}, ${storeId})`);
  const result = await tx.execute<{ next: string }>(sql`
    select coalesce(max(${subAccounts.sub_code}::bigint) + 1, ${acId * 100 + 1})::text as next
    from ${subAccounts}
    where ${subAccounts.store_id} = ${storeId} and ${subAccounts.ac_id} = ${acId}
      and ${subAccounts.sub_code} ~ '^[0-9]{1,15}$'`);
  return result.rows[0]?.next ?? String(acId * 100 + 1);
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
          const row = await accountRow(tx, user.store_id, input);
          if (!row.ok) return many ? fail(row.code, fieldsOfRecord(row.fields, index)) : row;
          const sub_code = row.value.sub_code || (await nextCode(tx, user.store_id, row.value.ac_id));
          const [inserted] = await tx
            .insert(subAccounts)
            .values({ ...row.value, sub_code, store_id: user.store_id })
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
      const row = await accountRow(tx, user.store_id, input, existing.value);
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
  const [children] = await db.select({ n: count() }).from(subAccounts).where(eq(subAccounts.parent_id, id));
  const is_system = account.role !== null;
  return {
    account_id: id,
    sub_name: account.sub_name,
    sub_balance: account.sub_balance,
    ledger_lines,
    documents,
    is_system,
    children: children?.n ?? 0,
    in_use: ledger_lines > 0 || documents > 0 || is_system || (children?.n ?? 0) > 0,
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
