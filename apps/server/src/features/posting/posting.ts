/**
 * The writers of ledger lines and of the kept sums (`item_cost` per item and year, `account_balance` per account
 * and year, `account_day` per account, day and kind of document, `account_month` per account and month), which
 * change here with the rows they sum. Only `repost` (repost.ts) and the cost engine (costing.ts) call them: what a
 * document posts goes through `repost`.
 */
import {
  addMoney,
  fromMilli,
  type LedgerOnlySourceKind,
  type Money,
  money,
  parseMoney,
  type StockSourceKind,
  toMilli,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subAccounts } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { isBalanced, type LedgerEntry, type PostingAccounts, postingAccountRoles } from './posting.rules.ts';

/**
 * What posted and moves stock, by its kind's token in the registry: a trade document's kind (`pay`), a stock count
 * (`tswia`), an opening quantity (`firstq`); with the id of its row.
 */
export type SourceKind = StockSourceKind;
/** What posts ledger lines only and never moves stock: a journal (vouchers and journal entries). */
export type LedgerOnlyKind = LedgerOnlySourceKind;

export type PostingSource = {
  store_id: number;
  yearId: number;
  source_kind: SourceKind | LedgerOnlyKind;
  source_id: number;
  /** The document's date (an opening quantity: its year's first day): of its ledger lines and its movements. */
  date: string;
  /** The document's time of day: its movements' order within the day (an opening quantity: 00:00:00, first). */
  time: string;
  /** The document's reference, carried by its ledger lines so a statement reads one table. */
  reference: string | null;
};

const amount = (text: string) => parseMoney(text) ?? money(0n);
/**
 * Rows in batches for one insert each: a statement carries at most 65535 parameters (an opening sheet of thousands
 * of items posts two lines per item).
 */
export function* chunks<T>(rows: T[], size = 4000): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** The store's posting accounts, by role. A store without one of them is a bug of its setup. */
export async function postingAccounts(db: DbOrTx, storeId: number): Promise<PostingAccounts> {
  const rows = await db
    .select({ id: subAccounts.id, role: subAccounts.role })
    .from(subAccounts)
    .where(and(eq(subAccounts.store_id, storeId), inArray(subAccounts.role, [...postingAccountRoles])));
  return postingAccountsOf(storeId, rows);
}

/** The posting accounts among a store's accounts read with their roles (a trade save reads them with its lock). */
export function postingAccountsOf(storeId: number, rows: { id: number; role: string | null }[]): PostingAccounts {
  const byRole = new Map(rows.map((row) => [row.role, row.id]));
  const entries = postingAccountRoles.map((role) => {
    const id = byRole.get(role);
    if (id === undefined) throw new Error(`store ${storeId} has no ${role} account`);
    return [role, id] as const;
  });
  return Object.fromEntries(entries) as PostingAccounts;
}

/** Sources as two parallel arrays (kinds, ids), for `unnest` in SQL. */
export const sourceArrays = (sources: { source_kind: string; source_id: number }[]) =>
  sql`unnest(${arrayOf(sources.map((s) => s.source_kind))}::text[], ${arrayOf(sources.map((s) => s.source_id))}::int[])`;

/**
 * What one posting gathers while it writes its rows, written together at its end (`writeKeptSums`): its new ledger
 * lines (one insert), and the changes to the kept sums (one upsert per table, however many parts and passes the
 * posting has). The accounts' rows, which every sale of a store shares, are so locked only for the last statements
 * before the commit.
 */
export type KeptSums = {
  ledger: LedgerRow[];
  items: ItemCostDelta[];
  balances: BalanceDelta[];
  /**
   * Writes of the posting's own rows (the walk's values and lines' costs, under the items' locks) that nothing in
   * the posting reads again: sent with the items' sums, one round trip for both.
   */
  itemRowWrites: SQL[];
};

export const noKeptSums = (): KeptSums => ({ ledger: [], items: [], balances: [], itemRowWrites: [] });

/**
 * Appends rows to what a posting gathers. Not `push(...rows)`: a year's replay gathers its whole ledger in one call
 * (288,000 lines at the benchmark's fifth), past the engine's limit on a call's arguments (a RangeError).
 */
export function gather<T>(into: T[], rows: readonly T[]) {
  for (const row of rows) into.push(row);
}

/**
 * Writes what a posting gathered: the items' sums, then its ledger lines with the accounts' sums (the one order of
 * every writer: an item's rows, which its own lock already holds, before the accounts' rows every save shares).
 */
export async function writeKeptSums(tx: DbOrTx, sums: KeptSums) {
  await addToItemCosts(tx, sums);
  await writeLedgerAndBalances(tx, sums);
}

/**
 * A document numbered in its save's last statement (docs/saving-documents.md): `counter` takes its kind's next
 * number and answers the reference it makes (`reference`); its rows written before carry `provisional` until then.
 */
export type LateNumber = { counter: SQL; provisional: string };

/**
 * Writes a posting's ledger lines and adds them to the accounts' kept sums, with `closing` (a save's last writes:
 * its reference on its header, its activity-log line), as one statement: the accounts' rows, which every save of a
 * store shares, are locked from it to the commit, one round trip. With `numbering`, the statement also takes the
 * document's number first (its `numbered` part, which `closing` may read): the counter's row, which every save of
 * the kind shares, is so held for this statement and the commit only. Answers the reference it took.
 */
export async function writeLedgerAndBalances(
  tx: DbOrTx,
  sums: Pick<KeptSums, 'ledger' | 'balances'>,
  closing: SQL[] = [],
  numbering?: LateNumber,
): Promise<string | undefined> {
  const statements = [
    ...(sums.ledger.length ? [ledgerInsert(sums.ledger, numbering?.provisional)] : []),
    ...balanceUpserts(sums.balances),
    ...closing,
  ];
  if (!numbering) {
    await runTogether(tx, statements);
    return undefined;
  }
  const parts = [sql`numbered as (${numbering.counter})`, ...statements.map(withPart)];
  const { rows } = await tx.execute<{ reference: string }>(
    sql`with ${sql.join(parts, sql`, `)} select reference from numbered`,
  );
  const reference = rows[0]?.reference;
  if (reference === undefined) throw new Error('reference counter returned nothing');
  return reference;
}

const withPart = (statement: SQL, index: number) => sql`${sql.raw(`w${index}`)} as (${statement})`;

/**
 * Data-modifying statements sent as one (each a `with` part: each runs once, to its end, on one snapshot), so a
 * save's last writes cost one round trip. They must touch different tables (a row is changed once per statement).
 */
export async function runTogether(tx: DbOrTx, statements: SQL[]) {
  const last = statements.at(-1);
  if (last === undefined) return;
  const parts = statements.slice(0, -1).map(withPart);
  await tx.execute(parts.length ? sql`with ${sql.join(parts, sql`, `)} ${last}` : last);
}

/**
 * Takes back a part of the sources' ledger lines (and from the accounts' kept sums: at once, or into `sums` when
 * given, for the caller to write with the rest of its posting).
 */
export async function removeLedgerPart(
  tx: DbOrTx,
  sources: { source_kind: string; source_id: number }[],
  part: 'money' | 'cost',
  sums?: KeptSums,
) {
  if (sources.length === 0) return;
  const { rows } = await tx.execute<BalanceDelta>(sql`
    delete from ledger_line l using ${sourceArrays(sources)} as s(kind, id)
    where l.source_kind = s.kind and l.source_id = s.id and l.part = ${part}
    returning l.store_id, l."yearId", l.account_id, l.line_date::text as line_date, l.source_kind,
      (-l.debit)::text as debit, (-l.credit)::text as credit`);
  if (sums) gather(sums.balances, rows);
  else await addToBalances(tx, rows);
}

/**
 * Writes ledger lines of a part (each source's balanced), and adds them to the accounts' kept sums: at once, or
 * gathered into `sums` when given, for `writeKeptSums` to insert and add with the rest of the posting.
 */
export async function writeLedgerPart(
  tx: DbOrTx,
  entries: { source: PostingSource; lines: LedgerEntry[] }[],
  part: 'money' | 'cost',
  sums?: KeptSums,
) {
  for (const { source, lines } of entries)
    if (!isBalanced(lines)) throw new Error(`unbalanced ${part} posting of ${source.source_kind} ${source.source_id}`);
  const rows = entries.flatMap(({ source, lines }) =>
    lines
      .filter((entry) => entry.debit !== 0n || entry.credit !== 0n)
      .map((entry) => ({
        store_id: source.store_id,
        yearId: source.yearId,
        line_date: source.date,
        source_kind: source.source_kind,
        source_id: source.source_id,
        reference: source.reference,
        memo: entry.memo,
        account_id: entry.account_id,
        debit: toMoneyString(entry.debit),
        credit: toMoneyString(entry.credit),
        part,
      })),
  );
  if (sums) {
    gather(sums.ledger, rows);
    gather(sums.balances, rows);
    return;
  }
  await insertLedgerRows(tx, rows);
  await addToBalances(tx, rows);
}

type LedgerRow = {
  store_id: number;
  yearId: number;
  line_date: string;
  source_kind: string;
  source_id: number;
  reference: string | null;
  memo: string;
  account_id: number;
  debit: string;
  credit: string;
  part: 'money' | 'cost';
};

async function insertLedgerRows(tx: DbOrTx, rows: LedgerRow[]) {
  if (rows.length) await tx.execute(ledgerInsert(rows));
}

/** `provisional`: lines carrying it take the reference of the statement's `numbered` part instead. */
function ledgerInsert(rows: LedgerRow[], provisional?: string): SQL {
  // Column arrays, one parameter each: a re-valuation writes tens of thousands of lines, and a multi-row VALUES of
  // eleven parameters a row is slow to parse and bounded by the protocol's 65,535 parameters.
  const column = <K extends keyof LedgerRow>(key: K) => arrayOf(rows.map((row) => row[key]));
  const reference =
    provisional === undefined
      ? sql`u.reference`
      : sql`case when u.reference = ${provisional}::text then (select reference from numbered) else u.reference end`;
  return sql`
    insert into ledger_line (store_id, "yearId", line_date, source_kind, source_id, reference, memo, account_id,
      debit, credit, part)
    select u.store_id, u."yearId", u.line_date, u.source_kind, u.source_id, ${reference}, u.memo, u.account_id,
      u.debit, u.credit, u.part
    from unnest(${column('store_id')}::int[], ${column('yearId')}::int[], ${column('line_date')}::date[],
      ${column('source_kind')}::text[], ${column('source_id')}::int[], ${column('reference')}::text[],
      ${column('memo')}::text[], ${column('account_id')}::int[], ${column('debit')}::numeric[],
      ${column('credit')}::numeric[], ${column('part')}::text[])
      as u(store_id, "yearId", line_date, source_kind, source_id, reference, memo, account_id, debit, credit, part)`;
}

/** A movement as it is kept, with its place in its item's order. */
export type KeptMovement = {
  item_id: number;
  quantity: string;
  value: string;
  move_date: string;
  move_time: string;
  source_kind: string;
  source_id: number;
  line_no: number;
};

type ItemCostDelta = { store_id: number; yearId: number; item_id: number; quantity: string; value: string };

/**
 * Adds stock movements to the items' kept stock at cost (`item_cost`); negative ones take them away. One row per
 * store, item and year, in that order (the items' own lock order), so the kept rows always equal the movements' sums.
 */
export async function addToItemCosts(tx: DbOrTx, sums: Pick<KeptSums, 'items' | 'itemRowWrites'>) {
  await runTogether(tx, [...sums.itemRowWrites, ...itemSumStatements(sums.items)]);
  sums.itemRowWrites = [];
}

/** The upsert of `item_cost` and the update of `item_stock` that add `movements` (none when nothing changes). */
function itemSumStatements(movements: ItemCostDelta[]): SQL[] {
  const sums = new Map<
    string,
    { store_id: number; yearId: number; item_id: number; quantity: bigint; value: bigint }
  >();
  for (const movement of movements) {
    const key = `${movement.store_id}:${movement.item_id}:${movement.yearId}`;
    const sum = sums.get(key) ?? { ...movement, quantity: 0n, value: 0n };
    sums.set(key, {
      ...sum,
      quantity: sum.quantity + toMilli(movement.quantity),
      value: sum.value + amount(movement.value),
    });
  }
  const rows = [...sums.values()]
    .filter((sum) => sum.quantity !== 0n || sum.value !== 0n)
    .sort((a, b) => a.store_id - b.store_id || a.item_id - b.item_id || a.yearId - b.yearId);
  if (rows.length === 0) return [];
  return [
    sql`
      insert into item_cost as k (store_id, item_id, "yearId", quantity, value)
      select * from unnest(${arrayOf(rows.map((row) => row.store_id))}::int[],
        ${arrayOf(rows.map((row) => row.item_id))}::int[], ${arrayOf(rows.map((row) => row.yearId))}::int[],
        ${arrayOf(rows.map((row) => fromMilli(row.quantity)))}::numeric[],
        ${arrayOf(rows.map((row) => toMoneyString(money(row.value))))}::numeric[])
      on conflict (store_id, item_id, "yearId") do update
        set quantity = k.quantity + excluded.quantity, value = k.value + excluded.value`,
    ...currentStockUpdate(rows),
  ];
}

/**
 * The same quantities and values added to the items' kept current stock (`item_stock`: every year's in the item's
 * own store), in item order. Every item has its row (migration 0029's triggers); a movement of another store than its
 * item's is not the item's stock (the stock reads never count it) and changes nothing here.
 */
function currentStockUpdate(sums: { store_id: number; item_id: number; quantity: bigint; value: bigint }[]): SQL[] {
  const byItem = new Map<string, { store_id: number; item_id: number; quantity: bigint; value: bigint }>();
  for (const { store_id, item_id, quantity, value } of sums) {
    const key = `${store_id}:${item_id}`;
    const sum = byItem.get(key) ?? { store_id, item_id, quantity: 0n, value: 0n };
    byItem.set(key, { ...sum, quantity: sum.quantity + quantity, value: sum.value + value });
  }
  const rows = [...byItem.values()]
    .filter((row) => row.quantity !== 0n || row.value !== 0n)
    .sort((a, b) => a.item_id - b.item_id || a.store_id - b.store_id);
  if (rows.length === 0) return [];
  return [
    sql`
      update item_stock k set quantity = k.quantity + d.quantity, value = k.value + d.value
      from unnest(${arrayOf(rows.map((row) => row.item_id))}::int[], ${arrayOf(rows.map((row) => row.store_id))}::int[],
        ${arrayOf(rows.map((row) => fromMilli(row.quantity)))}::numeric[],
        ${arrayOf(rows.map((row) => toMoneyString(money(row.value))))}::numeric[]) as d(item_id, store_id, quantity, value)
      where k.item_id = d.item_id and k.store_id = d.store_id`,
  ];
}

export type BalanceDelta = {
  store_id: number;
  yearId: number;
  account_id: number;
  /** The line's day and its document's kind: the day's sums (`account_day`) are kept by them. */
  line_date: string;
  source_kind: string;
  debit: string;
  credit: string;
};

type Sum = { debit: Money; credit: Money };
/** Deltas added up by a key, the zero sums left out, in the key's order (the order rows are locked in). */
function summed<T extends BalanceDelta>(lines: T[], keyOf: (line: T) => (string | number)[]) {
  const sums = new Map<string, { line: T; key: (string | number)[]; sum: Sum }>();
  for (const line of lines) {
    const key = keyOf(line);
    const id = key.join(':');
    const found = sums.get(id) ?? { line, key, sum: { debit: money(0n), credit: money(0n) } };
    found.sum = {
      debit: addMoney(found.sum.debit, amount(line.debit)),
      credit: addMoney(found.sum.credit, amount(line.credit)),
    };
    sums.set(id, found);
  }
  const compare = (a: (string | number)[], b: (string | number)[]) => {
    for (let k = 0; k < a.length; k++) {
      const [x, y] = [a[k] ?? 0, b[k] ?? 0];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
  return [...sums.values()]
    .filter(({ sum }) => sum.debit !== 0n || sum.credit !== 0n)
    .sort((a, b) => compare(a.key, b.key));
}

/**
 * Adds ledger lines to the accounts' kept sums, of the year (`account_balance`), of the day (`account_day`) and of
 * the month (`account_month`); negative amounts take them away. One row per store, year and account, then per store,
 * account, day and kind, then per store, year, month and account, each in that order: two documents posting at once
 * lock the same rows in the same order and never deadlock.
 */
export async function addToBalances(tx: DbOrTx, lines: BalanceDelta[]) {
  for (const statement of balanceUpserts(lines)) await tx.execute(statement);
}

/** The three upserts of `addToBalances` (none when nothing changes), each one statement of column arrays. */
function balanceUpserts(lines: BalanceDelta[]): SQL[] {
  const yearly = summed(lines, (line) => [line.store_id, line.yearId, line.account_id]);
  const daily = summed(lines, (line) => [
    line.store_id,
    line.account_id,
    line.line_date,
    line.source_kind,
    line.yearId,
  ]);
  // The month is its first day: '2026-03-17' is in '2026-03-01'.
  const monthOf = (line: BalanceDelta) => `${line.line_date.slice(0, 7)}-01`;
  const monthly = summed(lines, (line) => [line.store_id, line.yearId, monthOf(line), line.account_id]);
  const column = <T>(rows: { line: BalanceDelta; sum: Sum }[], pick: (row: { line: BalanceDelta; sum: Sum }) => T) =>
    arrayOf(rows.map(pick));
  const debit = (row: { sum: Sum }) => toMoneyString(row.sum.debit);
  const credit = (row: { sum: Sum }) => toMoneyString(row.sum.credit);
  const statements: SQL[] = [];
  if (yearly.length)
    statements.push(sql`
      insert into account_balance as k (store_id, "yearId", account_id, debit_total, credit_total)
      select * from unnest(${column(yearly, (row) => row.line.store_id)}::int[],
        ${column(yearly, (row) => row.line.yearId)}::int[], ${column(yearly, (row) => row.line.account_id)}::int[],
        ${column(yearly, debit)}::numeric[], ${column(yearly, credit)}::numeric[])
      on conflict (store_id, account_id, "yearId") do update
        set debit_total = k.debit_total + excluded.debit_total, credit_total = k.credit_total + excluded.credit_total`);
  if (daily.length)
    statements.push(sql`
      insert into account_day as k (store_id, account_id, "yearId", line_date, source_kind, debit_total, credit_total)
      select * from unnest(${column(daily, (row) => row.line.store_id)}::int[],
        ${column(daily, (row) => row.line.account_id)}::int[], ${column(daily, (row) => row.line.yearId)}::int[],
        ${column(daily, (row) => row.line.line_date)}::date[], ${column(daily, (row) => row.line.source_kind)}::text[],
        ${column(daily, debit)}::numeric[], ${column(daily, credit)}::numeric[])
      on conflict (store_id, account_id, line_date, source_kind, "yearId") do update
        set debit_total = k.debit_total + excluded.debit_total, credit_total = k.credit_total + excluded.credit_total`);
  if (monthly.length)
    statements.push(sql`
      insert into account_month as k (store_id, "yearId", month, account_id, debit_total, credit_total)
      select * from unnest(${column(monthly, (row) => row.line.store_id)}::int[],
        ${column(monthly, (row) => row.line.yearId)}::int[], ${column(monthly, (row) => monthOf(row.line))}::date[],
        ${column(monthly, (row) => row.line.account_id)}::int[], ${column(monthly, debit)}::numeric[],
        ${column(monthly, credit)}::numeric[])
      on conflict (store_id, "yearId", month, account_id) do update
        set debit_total = k.debit_total + excluded.debit_total, credit_total = k.credit_total + excluded.credit_total`);
  return statements;
}
