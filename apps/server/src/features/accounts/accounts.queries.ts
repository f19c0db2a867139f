import {
  type AccountPickerKind,
  bookKinds,
  CUSTOMERS_CLASS,
  foldArabic,
  MONEY_CLASS,
  money,
  parseMoney,
  type SeedBalanceFields,
  SUPPLIERS_CLASS,
  type SubAccountListQuery,
  seedBalance,
  type subAccountSortKeys,
  toMoneyString,
} from '@mizan/contract';
import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  getTableColumns,
  inArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accountBalance,
  accountCategory,
  accounts,
  journalLine,
  ledgerLine,
  subAccounts,
  tradeDocument,
} from '../../db/schema.ts';
import { listOrder } from '../../lib/listOrder.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { yearsBefore, yearsThrough } from '../book/bookYears.ts';

export const listMainAccounts = (db: DbOrTx) => db.select().from(accounts).orderBy(asc(accounts.ac_id));
export const listAccountCategories = (db: DbOrTx) => db.select().from(accountCategory).orderBy(asc(accountCategory.id));

/** An account's own columns as the reads answer them: the search's folded name and code stay in the database. */
const { search_name: _name, search_code: _code, ...accountColumns } = getTableColumns(subAccounts);

/**
 * Sub-accounts with their balance at the end of a year, computed in SQL from the sums the posting keeps per year
 * (`account_balance`): for a balance-sheet account (parties, cash, stock, equity), the ledger lines of that year
 * and of every year before it (one book, docs/accounting-years.md; an opening balance is one of them, on its day), and for a
 * profit-and-loss account (sales, purchases, expenses) that year's lines only. What earlier years earned closes into
 * the store's retained earnings (role `retained_earnings`): read, never posted, so a correction of an earlier year
 * moves it at once. By the account's nature: debit nature + debit − credit; credit nature + credit − debit. A
 * negative result is a balance on the other side. Without a year: every line of the book. `narrow`, a condition on
 * the accounts' own columns, is applied before the sums too: a search sums the lines of the accounts it finds, not
 * of the store's every account (10,534 at the large store).
 */
function accountsWithBalance(db: DbOrTx, storeId: number, yearId: number | undefined, narrow?: SQL) {
  const totals = db
    .select({
      account_id: accountBalance.account_id,
      debit_total: sql<string>`sum(${accountBalance.debit_total})`.as('debit_total'),
      credit_total: sql<string>`sum(${accountBalance.credit_total})`.as('credit_total'),
    })
    .from(accountBalance)
    .innerJoin(subAccounts, eq(subAccounts.id, accountBalance.account_id))
    .innerJoin(accounts, eq(accounts.ac_id, subAccounts.ac_id))
    .where(
      and(
        eq(accountBalance.store_id, storeId),
        narrow,
        yearId === undefined
          ? undefined
          : sql`(${accountBalance.yearId} = ${yearId} or (${accounts.statement} = 'balance_sheet'
              and ${accountBalance.yearId} in ${yearsBefore(yearId)}))`,
      ),
    )
    .groupBy(accountBalance.account_id)
    .as('totals');
  // Earlier years' profit (credit − debit of their profit-and-loss lines), on the retained earnings account only.
  const retained =
    yearId === undefined
      ? sql`0`
      : sql`case when ${subAccounts.role} = 'retained_earnings' then (
          select coalesce(sum(b.credit_total - b.debit_total), 0) from ${accountBalance} b
          join ${subAccounts} p on p.id = b.account_id
          join ${accounts} c on c.ac_id = p.ac_id
          where b.store_id = ${storeId} and c.statement = 'profit_loss' and b."yearId" in ${yearsBefore(yearId)}
        ) else 0 end`;
  const signed = sql`(case when ${subAccounts.sub_type} = 'debit'
      then coalesce(${totals.debit_total}, 0) - coalesce(${totals.credit_total}, 0) - ${retained}
      else coalesce(${totals.credit_total}, 0) - coalesce(${totals.debit_total}, 0) + ${retained} end)`;
  const balanceType = sql<'debit' | 'credit' | null>`case when ${signed} > 0 then ${subAccounts.sub_type}
      when ${signed} < 0 then (case when ${subAccounts.sub_type} = 'debit' then 'credit' else 'debit' end) end`;
  // Everything beyond the ledger's kept sums, in debit terms: earlier years' profit, taken off (the opening balance
  // is a ledger line on its day).
  const beyondLedger = sql`(-${retained})`;
  const query = db
    .select({
      ...accountColumns,
      ac_name: accounts.ac_name,
      cat_name: accountCategory.cat_name,
      /** Every debit of the balance (its ledger lines, and its opening when on the debit side), for the seed's fields. */
      all_debit: sql<string>`(coalesce(${totals.debit_total}, 0) + greatest(${beyondLedger}, 0))::text`,
      all_credit: sql<string>`(coalesce(${totals.credit_total}, 0) + greatest(-${beyondLedger}, 0))::text`,
      // Rounded, never cast to a column's precision: a balance is a sum of many amounts and may pass any column.
      current_balance: sql<string>`round(abs(${signed}), 2)::text`,
      balance_type: balanceType,
    })
    .from(subAccounts)
    .innerJoin(accounts, eq(accounts.ac_id, subAccounts.ac_id))
    .leftJoin(accountCategory, eq(accountCategory.id, subAccounts.cat_id))
    .leftJoin(totals, eq(totals.account_id, subAccounts.id));
  return { query, signed, balanceType, totals };
}

/** LIKE wildcards typed by a user are searched for literally. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What each kind of picker takes (`AccountPickerKind`), by the account's own columns. */
const pickerAccounts: Record<AccountPickerKind, SQL> = {
  money: sql`${subAccounts.ac_id} = ${MONEY_CLASS}`,
  expense: sql`${subAccounts.account_type} = 'expense'`,
  counterpart: sql`(${subAccounts.ac_id} <> ${MONEY_CLASS} and ${subAccounts.role} is distinct from 'inventory')`,
};

/**
 * The list's filters on the account's own columns: the store, the class, the kind of picker, the search (the
 * folded name or code holds the folded term, or the phone does: migration 0033), the category and the nature.
 */
function ownFilters(storeId: number, query: Partial<SubAccountListQuery>): SQL | undefined {
  const wanted = query.search ? foldArabic(query.search) : '';
  const holding = `%${escapeLike(wanted)}%`;
  return and(
    eq(subAccounts.store_id, storeId),
    query.ac_id ? eq(subAccounts.ac_id, query.ac_id) : undefined,
    query.only ? pickerAccounts[query.only] : undefined,
    wanted
      ? sql`(${subAccounts.search_name} like ${holding} or (${subAccounts.search_code} <> ''
          and ${subAccounts.search_code} like ${holding}) or ${subAccounts.phone} ilike ${holding})`
      : undefined,
    query.cat_id ? eq(subAccounts.cat_id, query.cat_id) : undefined,
    query.sub_type ? eq(subAccounts.sub_type, query.sub_type) : undefined,
  );
}

/** The filters on what the balance read adds: the category's name, the balance's side, a balance or none. */
function balanceFilters(query: Partial<SubAccountListQuery>, signed: SQL, balanceType: SQL): SQL | undefined {
  return and(
    query.cat_name ? eq(accountCategory.cat_name, query.cat_name) : undefined,
    query.balance_type ? sql`${balanceType} = ${query.balance_type}` : undefined,
    query.has_balance === true ? sql`${signed} <> 0` : query.has_balance === false ? sql`${signed} = 0` : undefined,
  );
}

/** A search's order: the exact code, then the names starting with the term, then the rest (by the list's order). */
function searchRank(search: string | undefined): SQL[] {
  if (!search) return [];
  const wanted = foldArabic(search);
  const { search_name: name, search_code: code } = subAccounts;
  return [
    sql`case when ${code} <> '' and ${code} = ${wanted} then 0 when ${name} like ${`${escapeLike(wanted)}%`} then 1
      else 2 end`,
    sql`${subAccounts.sub_name} collate "C"`,
  ];
}

/** The columns a header of the accounts list sorts by; a balance sorts by its signed value (owed to, owed by). */
const accountSort = (signed: SQL): Record<(typeof subAccountSortKeys)[number], SQLWrapper> => ({
  sub_code: subAccounts.sub_code,
  sub_name: subAccounts.sub_name,
  ac_name: accounts.ac_name,
  cat_name: accountCategory.cat_name,
  phone: subAccounts.phone,
  balance: signed,
});

export async function listSubAccounts(db: DbOrTx, storeId: number, query: SubAccountListQuery) {
  const yearId = query.yearId ?? query.year_id;
  const own = ownFilters(storeId, query);
  const { query: rowsQuery, signed, balanceType, totals } = accountsWithBalance(db, storeId, yearId, own);
  const where = and(own, balanceFilters(query, signed, balanceType));
  const [rows, [total]] = await Promise.all([
    rowsQuery
      .where(where)
      .orderBy(
        ...listOrder(accountSort(signed), query, [
          ...(query.sort === undefined ? searchRank(query.search) : []),
          asc(subAccounts.ac_id),
          asc(subAccounts.sub_name),
          asc(subAccounts.id),
        ]),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(subAccounts)
      .innerJoin(accounts, eq(accounts.ac_id, subAccounts.ac_id))
      .leftJoin(accountCategory, eq(accountCategory.id, subAccounts.cat_id))
      .leftJoin(totals, eq(totals.account_id, subAccounts.id))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** All the store's accounts of some classes (unpaged: pickers of customers and suppliers). */
export function listAccountsOfClasses(db: DbOrTx, storeId: number, classIds: number[] | undefined, yearId?: number) {
  const { query } = accountsWithBalance(db, storeId, yearId);
  return query
    .where(and(eq(subAccounts.store_id, storeId), classIds ? inArray(subAccounts.ac_id, classIds) : undefined))
    .orderBy(asc(subAccounts.ac_id), asc(subAccounts.sub_name));
}

export function findSubAccount(db: DbOrTx, storeId: number, id: number, yearId?: number) {
  const { query } = accountsWithBalance(db, storeId, yearId);
  return query.where(and(eq(subAccounts.store_id, storeId), eq(subAccounts.id, id)));
}

/** Several accounts of the store, with their balances, in one query. */
export function findSubAccounts(db: DbOrTx, storeId: number, ids: number[], yearId?: number) {
  const { query } = accountsWithBalance(db, storeId, yearId);
  return query.where(and(eq(subAccounts.store_id, storeId), inArray(subAccounts.id, ids)));
}

/** The account's ledger lines but its own opening's (which its delete takes back with it). */
export async function countLedgerLines(db: DbOrTx, accountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerLine)
    .where(
      and(
        eq(ledgerLine.account_id, accountId),
        sql`not (${ledgerLine.source_kind} = ${bookKinds.openingBalance.wire} and ${ledgerLine.source_id} = ${accountId})`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Documents of any kind whose party is the account (preliminary invoices and orders post no ledger lines), and
 * journals with a line on it (one that does not balance yet posts none).
 */
export async function countPartyDocuments(db: DbOrTx, accountId: number) {
  const [row] = await db.select({ n: count() }).from(tradeDocument).where(eq(tradeDocument.cust_id, accountId));
  const [journals] = await db
    .select({ n: countDistinct(journalLine.j_id) })
    .from(journalLine)
    .where(eq(journalLine.ac_id, accountId));
  return (row?.n ?? 0) + (journals?.n ?? 0);
}

export async function findMainAccount(db: DbOrTx, acId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.ac_id, acId));
  return row;
}

/**
 * The seed's sub-account fields of some accounts read with their balance (domain.md 4 and 5.5 rule 1), from the
 * ledger over the same years: a party's lines posted by its sales (`changeeTot`, debit less credit) and purchases
 * (`purchChangeeTot`, credit less debit), and every other debit and credit (`fromDebitTot`, `toCreditTot`: vouchers,
 * journals, returns, the opening balance on its side). The seed's rule (`seedBalance`, the one place it is written)
 * then gives the ledger balance. `next_pay`: the earliest next-payment date of its invoices still open. One query
 * over the accounts' kept day sums (`account_day`, by kind of document: the walk-in customer's 120,000 sales lines
 * of the large store are a row a day), one over the index of the invoices still due (migration 0031).
 */
export async function withSeedFields<T extends SubAccountRow>(
  db: DbOrTx,
  storeId: number,
  yearId: number | undefined,
  rows: T[],
): Promise<(Omit<T, 'all_debit' | 'all_credit'> & SeedBalanceFields)[]> {
  const parties = rows
    .filter((row) => row.ac_id === CUSTOMERS_CLASS || row.ac_id === SUPPLIERS_CLASS)
    .map((row) => row.id);
  const years = yearId === undefined ? sql`` : sql`and l."yearId" in ${yearsThrough(yearId)}`;
  const docYears = yearId === undefined ? sql`` : sql`and d."yearId" in ${yearsThrough(yearId)}`;
  const [parts, due] = parties.length
    ? await Promise.all([
        db.execute<{ account_id: number; sale_d: string; sale_c: string; purch_d: string; purch_c: string }>(sql`
          select l.account_id,
            coalesce(sum(l.debit_total) filter (where l.source_kind = 'pay'), 0)::text as sale_d,
            coalesce(sum(l.credit_total) filter (where l.source_kind = 'pay'), 0)::text as sale_c,
            coalesce(sum(l.debit_total) filter (where l.source_kind = 'perch'), 0)::text as purch_d,
            coalesce(sum(l.credit_total) filter (where l.source_kind = 'perch'), 0)::text as purch_c
          from account_day l
          where l.store_id = ${storeId} and l.account_id = any(${arrayOf(parties)}::int[])
            and l.source_kind in ('pay', 'perch') ${years}
          group by l.account_id`),
        db.execute<{ cust_id: number; next_pay: string }>(sql`
          select d.cust_id, min(d."nextPay")::text as next_pay
          from trade_document d
          where d.store_id = ${storeId} and d.cust_id = any(${arrayOf(parties)}::int[]) and d.kind in ('pay', 'perch')
            and d."nextPay" is not null and not d.awaiting_lines ${docYears}
            and d.changee > d.allocated
          group by d.cust_id`),
      ])
    : [{ rows: [] }, { rows: [] }];
  const partsOf = new Map(parts.rows.map((row) => [row.account_id, row]));
  const nextPayOf = new Map(due.rows.map((row) => [row.cust_id, row.next_pay]));
  const amount = (text: string | undefined) => parseMoney(text ?? '0') ?? money(0n);
  return rows.map(({ all_debit, all_credit, ...row }) => {
    const part = partsOf.get(row.id);
    const [saleD, saleC, purchD, purchC] = [
      amount(part?.sale_d),
      amount(part?.sale_c),
      amount(part?.purch_d),
      amount(part?.purch_c),
    ] as const;
    const totals = {
      changeeTot: toMoneyString(money(saleD - saleC)),
      fromDebitTot: toMoneyString(money(amount(all_debit) - saleD - purchD)),
      purchChangeeTot: toMoneyString(money(purchC - purchD)),
      toCreditTot: toMoneyString(money(amount(all_credit) - saleC - purchC)),
    };
    const balance = seedBalance(totals);
    return {
      ...row,
      ...totals,
      next_pay: nextPayOf.get(row.id) ?? null,
      sub_balance_now: balance.balance,
      currentCustumerStatus: balance.status,
    };
  });
}

type SubAccountRow = { id: number; ac_id: number; all_debit: string; all_credit: string };

/**
 * The store's customers and suppliers by name and code, for the party picker: no balance (the chosen party's is
 * read alone, `getAccountBalance`), so no ledger or kept sum is read.
 */
const partyNameColumns = {
  id: subAccounts.id,
  sub_name: subAccounts.sub_name,
  sub_code: subAccounts.sub_code,
  ac_id: subAccounts.ac_id,
};

/** Every customer and supplier of the store by name and code (legacy clients, the list a device keeps offline). */
export async function listPartyNames(db: DbOrTx, storeId: number) {
  return db
    .select(partyNameColumns)
    .from(subAccounts)
    .where(and(eq(subAccounts.store_id, storeId), inArray(subAccounts.ac_id, [CUSTOMERS_CLASS, SUPPLIERS_CLASS])))
    .orderBy(
      asc(subAccounts.ac_id),
      sql`${subAccounts.sub_code} nulls last`,
      asc(subAccounts.sub_name),
      asc(subAccounts.id),
    );
}

/**
 * The parties of the store a term finds (`searchPartyNames` in the contract is the same search over a list): the
 * name holds it or the code starts with it, both compared as the database keeps them folded (`search_name`,
 * `search_code`: migration 0033) with the term folded alike. Exact code first, then names starting with the term,
 * then the rest, each by name (byte order, as the device's search sorts). Read through the store's rows: the large
 * store's 10,534 parties are compared as plain text (bench/reads.ts).
 */
export async function searchPartyNames(
  db: DbOrTx,
  storeId: number,
  search: { term: string; accountClass: number | undefined; limit: number },
) {
  const wanted = foldArabic(search.term);
  const starting = `${escapeLike(wanted)}%`;
  const { search_name: name, search_code: code } = subAccounts;
  const classes = search.accountClass === undefined ? [CUSTOMERS_CLASS, SUPPLIERS_CLASS] : [search.accountClass];
  return db
    .select(partyNameColumns)
    .from(subAccounts)
    .where(
      and(
        eq(subAccounts.store_id, storeId),
        inArray(subAccounts.ac_id, classes),
        sql`(${name} like ${`%${escapeLike(wanted)}%`} or (${code} <> '' and ${code} like ${starting}))`,
      ),
    )
    .orderBy(
      sql`case when ${code} <> '' and ${code} = ${wanted} then 0 when ${name} like ${starting} then 1 else 2 end`,
      sql`${subAccounts.sub_name} collate "C"`,
      asc(subAccounts.id),
    )
    .limit(search.limit);
}
