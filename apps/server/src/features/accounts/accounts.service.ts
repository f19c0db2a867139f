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
import { accountCategory, accounts, logHistory, subAccounts } from '../../db/schema.ts';
import { readInChunks, writeInChunks } from '../../lib/chunkedBatch.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { fieldsOfRecord } from '../../lib/fieldPaths.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { requireOpenYears, yearsOfStore } from '../book/yearLock.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { isListOfStore, listPriceLists } from '../priceLists/priceLists.queries.ts';
import {
  countLedgerLines,
  countPartyDocuments,
  findMainAccount,
  findSubAccount,
  findSubAccounts,
} from './accounts.queries.ts';
import {
  balanceOpeningAccount,
  type OpeningState,
  openingDateOf,
  openingOutsideBook,
  openingYearClosed,
  postOpenings,
} from './openingBalance.ts';

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
  const price_list_id = isParty
    ? input.price_list_id === undefined
      ? (existing?.price_list_id ?? null)
      : input.price_list_id
    : null;
  if (price_list_id !== null && !(await isListOfStore(tx, storeId, price_list_id)))
    return fail('PRICE_LIST_NOT_FOUND', { price_list_id: 'PRICE_LIST_NOT_FOUND' });
  return ok({
    ac_id: input.ac_id,
    sub_name: input.sub_name,
    sub_code: input.sub_code,
    sub_type: main.ac_type,
    account_type,
    parent_id,
    sub_balance: input.sub_balance,
    // The opening-balance account's own is the others' sum, shown and never posted: it has no day.
    opening_date:
      existing?.role === 'opening_balance'
        ? null
        : openingDateOf(input.sub_balance, input.opening_date, existing?.opening_date),
    cat_id: input.cat_id,
    phone: isParty ? input.phone : null,
    address: isParty ? input.address : null,
    price_list_id,
  });
}

/** What an account's opening posts, from its row. */
const openingOf = (row: {
  sub_name: string;
  sub_type: 'debit' | 'credit';
  sub_balance?: string | undefined;
  opening_date?: string | null | undefined;
}): OpeningState => ({
  sub_name: row.sub_name,
  sub_type: row.sub_type,
  sub_balance: row.sub_balance ?? '0',
  opening_date: row.opening_date ?? null,
});

async function loadAccount(tx: Tx, storeId: number, id: number): Promise<Result<SubAccount>> {
  const [account] = await findSubAccount(tx, storeId, id);
  return account ? ok(account) : fail('NOT_FOUND');
}

/** The advisory lock key (with the store's id) under which a new account's code is chosen. */
const ACCOUNT_CODE_LOCK = 7_301;

/**
 * The codes `count` new accounts of class `acId` get when none is typed: the numbers after the highest numeric code
 * of the class in the store (customers 101, 150 → 151, 152, …), or after the class's first (class × 100 + 1: 101
 * customers, 201 suppliers), skipping any code already taken in the store (a code is unique across classes: the
 * 100th customer after 101 does not take the suppliers' 201) or typed for another account of the batch (`typed`).
 */
async function nextCodes(tx: Tx, storeId: number, acId: number, count: number, typed: string[]): Promise<string[]> {
  // Two accounts created at the same moment would read the same highest code and the second be refused as a code
  // taken: the store's code choice is one at a time, until the transaction that chose one ends.
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CODE_LOCK}, ${storeId})`);
  const { rows } = await tx.execute<{ code: string }>(sql`
    with start as (
      select coalesce(max(${subAccounts.sub_code}::bigint) + 1, ${acId * 100 + 1}) as first
      from ${subAccounts}
      where ${subAccounts.store_id} = ${storeId} and ${subAccounts.ac_id} = ${acId}
        and ${subAccounts.sub_code} ~ '^[0-9]{1,15}$')
    select c::text as code
    from start, generate_series(start.first, start.first + ${count} + ${typed.length} +
      (select count(*) from ${subAccounts} where ${subAccounts.store_id} = ${storeId})) as c
    where c::text <> all(${arrayOf(typed)}::text[])
      and not exists (select 1 from ${subAccounts} t where t.store_id = ${storeId} and t.sub_code = c::text)
    order by c
    limit ${count}`);
  return rows.map((row) => row.code);
}

type NewAccount = Omit<typeof subAccounts.$inferInsert, 'store_id'> & { sub_name: string };

/** The first refusal of a batch: the lowest row's, keyed by its place in the batch when there are several. */
function firstRefusal(refusals: Map<number, Result<never>>, many: boolean): Result<never> | undefined {
  const index = Math.min(...refusals.keys());
  const refusal = refusals.get(index);
  if (!refusal || refusal.ok || !many) return refusal;
  return fail(refusal.code, fieldsOfRecord(refusal.fields, index));
}

/**
 * Every new account checked before anything is written, in a few reads whatever the batch's size: its class, type,
 * parent and category, and its name and typed code, neither taken in the store nor earlier in the batch. Answers
 * the rows to insert, or the first row's refusal (as a row-by-row save would have met it).
 */
async function checkNewAccounts(
  db: DbOrTx,
  storeId: number,
  inputs: SubAccountValues[],
): Promise<Result<NewAccount[]>> {
  const mains = new Map((await db.select().from(accounts)).map((main) => [main.ac_id, main]));
  // The book's years, and which the store has closed: an opening's day lies in one, an open one.
  const years = await yearsOfStore(db, storeId);
  const categories = new Set((await db.select({ id: accountCategory.id }).from(accountCategory)).map((c) => c.id));
  const parentIds = [...new Set(inputs.flatMap((input) => (input.parent_id ? [input.parent_id] : [])))];
  const parents = new Map(
    parentIds.length
      ? (
          await db
            .select({ id: subAccounts.id, account_type: subAccounts.account_type })
            .from(subAccounts)
            .where(and(eq(subAccounts.store_id, storeId), sql`${subAccounts.id} = any(${arrayOf(parentIds)}::int[])`))
        ).map((parent) => [parent.id, parent.account_type])
      : [],
  );
  // The price lists the store's customers may carry: the company's and its own.
  const lists = new Set((await listPriceLists(db, storeId)).map((list) => list.id));
  const names = inputs.map((input) => input.sub_name);
  const codes = inputs.flatMap((input) => (input.sub_code ? [input.sub_code] : []));
  const takenNames = new Set(
    (
      await db
        .select({ name: subAccounts.sub_name })
        .from(subAccounts)
        .where(and(eq(subAccounts.store_id, storeId), sql`${subAccounts.sub_name} = any(${arrayOf(names)}::text[])`))
    ).map((row) => row.name),
  );
  const takenCodes = new Set(
    codes.length
      ? (
          await db
            .select({ code: subAccounts.sub_code })
            .from(subAccounts)
            .where(
              and(eq(subAccounts.store_id, storeId), sql`${subAccounts.sub_code} = any(${arrayOf(codes)}::text[])`),
            )
        ).map((row) => row.code)
      : [],
  );

  const refusals = new Map<number, Result<never>>();
  const rows: NewAccount[] = [];
  for (const [index, input] of inputs.entries()) {
    const refuse = (result: Result<never>) => {
      if (!refusals.has(index)) refusals.set(index, result);
    };
    const main = mains.get(input.ac_id);
    if (!main) {
      refuse(fail('VALIDATION_FAILED', { ac_id: 'MAIN_ACCOUNT_NOT_FOUND' }));
      continue;
    }
    const account_type = input.account_type ?? defaultAccountType(main.ac_id, main.ac_type);
    if (statementOfType(account_type) !== main.statement)
      refuse(fail('ACCOUNT_TYPE_NOT_OF_CLASS', { account_type: 'ACCOUNT_TYPE_NOT_OF_CLASS' }));
    const parent_id = input.parent_id ?? null;
    if (parent_id !== null && parents.get(parent_id) !== account_type)
      refuse(fail('ACCOUNT_PARENT_INVALID', { parent_id: 'ACCOUNT_PARENT_INVALID' }));
    if (input.cat_id !== null && !categories.has(input.cat_id))
      refuse(fail('VALIDATION_FAILED', { cat_id: 'ACCOUNT_CATEGORY_NOT_FOUND' }));
    if (takenNames.has(input.sub_name)) refuse(fail('ACCOUNT_NAME_TAKEN', { sub_name: 'ACCOUNT_NAME_TAKEN' }));
    takenNames.add(input.sub_name);
    if (input.sub_code) {
      if (takenCodes.has(input.sub_code)) refuse(fail('ACCOUNT_CODE_TAKEN', { sub_code: 'ACCOUNT_CODE_TAKEN' }));
      takenCodes.add(input.sub_code);
    }
    const opening_date = openingDateOf(input.sub_balance, input.opening_date, undefined);
    const outside = openingOutsideBook(years, { opening_date });
    if (outside) refuse(outside);
    else if (opening_date && years.some((y) => y.closed && y.yearStart <= opening_date && opening_date <= y.yearEnd))
      refuse(openingYearClosed());
    const isParty = input.cat_id !== null && (PARTY_CATEGORIES as readonly number[]).includes(input.cat_id);
    const price_list_id = isParty ? (input.price_list_id ?? null) : null;
    if (price_list_id !== null && !lists.has(price_list_id))
      refuse(fail('PRICE_LIST_NOT_FOUND', { price_list_id: 'PRICE_LIST_NOT_FOUND' }));
    rows.push({
      ac_id: input.ac_id,
      sub_name: input.sub_name,
      sub_code: input.sub_code,
      sub_type: main.ac_type,
      account_type,
      parent_id,
      sub_balance: input.sub_balance,
      opening_date,
      cat_id: input.cat_id,
      phone: isParty ? input.phone : null,
      address: isParty ? input.address : null,
      price_list_id,
    });
  }
  return refusals.size ? (firstRefusal(refusals, inputs.length > 1) as Result<never>) : ok(rows);
}

/**
 * Writes one chunk of checked accounts in one transaction, set-based: the codes of those typed without one (under
 * the store's code lock), one insert of the chunk, one log line per account, the openings' other side. Answers the
 * new ids in the chunk's order.
 */
function insertAccounts(db: Db, user: SessionUser, chunk: NewAccount[], typedCodes: string[]) {
  return inTransaction(db, async (tx) => {
    const codes = chunk.map((row) => row.sub_code ?? null);
    for (const acId of new Set(chunk.filter((row) => !row.sub_code).map((row) => row.ac_id))) {
      const missing = chunk.flatMap((row, index) => (!row.sub_code && row.ac_id === acId ? [index] : []));
      const next = await nextCodes(tx, user.store_id, acId, missing.length, typedCodes);
      for (const [n, index] of missing.entries()) codes[index] = next[n] ?? null;
    }
    const column = <K extends keyof NewAccount>(key: K) => arrayOf(chunk.map((row) => row[key] ?? null));
    const { rows } = await tx.execute<{ id: number; sub_name: string }>(sql`
      insert into ${subAccounts} (store_id, ac_id, sub_name, sub_code, sub_type, account_type, parent_id,
        sub_balance, opening_date, cat_id, phone, address, price_list_id)
      select ${user.store_id}, u.ac_id, u.sub_name, u.sub_code, u.sub_type, u.account_type, u.parent_id,
        u.sub_balance, u.opening_date, u.cat_id, u.phone, u.address, u.price_list_id
      from unnest(${column('ac_id')}::int[], ${column('sub_name')}::text[], ${arrayOf(codes)}::text[],
        ${column('sub_type')}::text[], ${column('account_type')}::text[], ${column('parent_id')}::int[],
        ${column('sub_balance')}::numeric[], ${column('opening_date')}::date[], ${column('cat_id')}::int[],
        ${column('phone')}::text[], ${column('address')}::text[], ${column('price_list_id')}::int[])
        with ordinality as u(ac_id, sub_name, sub_code, sub_type, account_type, parent_id, sub_balance,
          opening_date, cat_id, phone, address, price_list_id, ord)
      order by u.ord
      returning id, sub_name`);
    // Names are unique in the store: each id goes back to its row by name, whatever order the insert returned.
    const idOf = new Map(rows.map((row) => [row.sub_name, Number(row.id)]));
    const ids = chunk.map((row) => idOf.get(row.sub_name) ?? 0);
    // One log line per account, from arrays too (a parameter per value is slow to parse on the embedded database).
    await tx.execute(sql`
      insert into ${logHistory} (store_id, user_id, typee, "logToken")
      select ${user.store_id}, ${user.id}, 'insert account',
        jsonb_build_object('id', u.id, 'sub_name', u.sub_name, 'sub_balance', u.sub_balance)
      from unnest(${arrayOf(ids)}::int[], ${column('sub_name')}::text[], ${column('sub_balance')}::text[])
        as u(id, sub_name, sub_balance)`);
    // The openings, posted on their days; their other side shown on the opening-balance account, once a chunk: the
    // store's books balance between two chunks too.
    const posted = await postOpenings(
      tx,
      user.store_id,
      chunk.map((row, index) => ({ id: ids[index] ?? 0, now: openingOf(row) })),
    );
    if (!posted.ok) return posted;
    await balanceOpeningAccount(tx, user.store_id);
    return ok(ids);
  });
}

/** Takes back the accounts a refused batch had written (nothing can use them yet: no save names them), logged. */
async function undoAccounts(db: Db, user: SessionUser, ids: number[]) {
  await inTransaction(db, async (tx) => {
    const written = await findSubAccounts(tx, user.store_id, ids);
    await postOpenings(
      tx,
      user.store_id,
      written.map((row) => ({ id: row.id, before: openingOf(row), now: { ...openingOf(row), opening_date: null } })),
      { force: true },
    );
    await tx
      .delete(subAccounts)
      .where(and(eq(subAccounts.store_id, user.store_id), sql`${subAccounts.id} = any(${arrayOf(ids)}::int[])`));
    await balanceOpeningAccount(tx, user.store_id);
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'delete account',
      logToken: { undone_batch: ids.length, ids },
    });
    return ok(null);
  });
}

/**
 * Creates accounts: all of them, or none (an offline batch of new customers, say). The batch is checked whole
 * first, then written in chunks of short transactions (lib/chunkedBatch.ts), so a batch of 1,000 never holds the
 * embedded database's one connection for long; a chunk still refused takes back the ones before it.
 */
export async function createSubAccounts(
  db: Db,
  user: SessionUser,
  inputs: SubAccountValues[],
): Promise<Result<SubAccount[]>> {
  const checked = await checkNewAccounts(db, user.store_id, inputs);
  if (!checked.ok) return checked;
  const typedCodes = checked.value.flatMap((row) => (row.sub_code ? [row.sub_code] : []));
  const written = await writeInChunks(
    checked.value,
    (chunk) => refusingDuplicates(() => insertAccounts(db, user, chunk, typedCodes)),
    (ids) => undoAccounts(db, user, ids),
  );
  if (!written.ok) {
    // A name or code taken between the checks and the write: the checks, run again, name the row.
    const again = await checkNewAccounts(db, user.store_id, inputs);
    return again.ok ? written : again;
  }
  return ok(await readInChunks(written.value, (ids) => findSubAccounts(db, user.store_id, ids)));
}

/** Whether every year the account has ledger lines in is open (under the store's key-share lock: yearLock.ts). */
async function yearsWithLinesOpen(tx: Tx, storeId: number, accountId: number) {
  const years = await tx.execute<{ yearId: number }>(sql`
    select "yearId" from account_balance
    where store_id = ${storeId} and account_id = ${accountId} and (debit_total <> 0 or credit_total <> 0)`);
  return (
    await requireOpenYears(
      tx,
      storeId,
      years.rows.map((row) => row.yearId),
    )
  ).ok;
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
      // Its class decides on which statement, on which side and in which section each of its lines is read: a move
      // to another class re-reads every year it has lines in, so none of them may be closed.
      if (input.ac_id !== existing.value.ac_id && !(await yearsWithLinesOpen(tx, user.store_id, input.id)))
        return fail('YEAR_CLOSED', { ac_id: 'CLASS_IN_CLOSED_YEAR' });
      await tx
        .update(subAccounts)
        .set(row.value)
        .where(and(eq(subAccounts.id, input.id), eq(subAccounts.store_id, user.store_id)));
      if (existing.value.role !== 'opening_balance') {
        const posted = await postOpenings(tx, user.store_id, [
          {
            id: input.id,
            before: openingOf(existing.value),
            now: openingOf(row.value),
          },
        ]);
        if (!posted.ok) return posted;
      }
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
        (saved.value.sub_balance !== existing.value.sub_balance ||
          saved.value.opening_date !== existing.value.opening_date)
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
            from_date: existing.value.opening_date,
            to_date: saved.value.opening_date,
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
    // Its opening goes with it: out of the year it is dated in, which must be open.
    const [account] = await findSubAccount(tx, user.store_id, id);
    if (account) {
      const taken = await postOpenings(tx, user.store_id, [
        { id, before: openingOf(account), now: { ...openingOf(account), opening_date: null } },
      ]);
      if (!taken.ok) return taken;
    }
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
