/**
 * The one writer of stock movements and ledger lines. Every document that moves stock or money (invoices, returns,
 * opening quantities) states what it posts from its content (`Posting`: its movements and its money lines) and
 * `repost` writes it in the transaction that saves it, in place of what it posted before. Its goods are then valued
 * by the cost engine (`revalue`, costing.ts) in date order, with every later movement of the same items, so a
 * back-dated change re-values what came after it and nothing depends on the order documents were typed in.
 * The kept sums (`item_cost` per item and year, `account_balance` per account and year) change here with the rows.
 */
import {
  addMoney,
  type KindToken,
  type Money,
  money,
  parseMoney,
  type StockShortage,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountBalance, itemCost, ledgerLine, subAccounts } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { fromMilli, toMilli } from '../trade/quantity.ts';
import { revalue } from './costing.ts';
import {
  isBalanced,
  type LedgerEntry,
  type Posting,
  type PostingAccounts,
  postingAccountRoles,
} from './posting.rules.ts';

/** What posted: a document kind (or `firstq`, an opening quantity) and the id of its row. */
export type SourceKind = KindToken | 'firstq';

export type PostingSource = {
  store_id: number;
  yearId: number;
  source_kind: SourceKind;
  source_id: number;
  /** The document's date (an opening quantity: its year's first day): of its ledger lines and its movements. */
  date: string;
  /** The document's time of day: its movements' order within the day (an opening quantity: 00:00:00, first). */
  time: string;
  /** The document's reference, carried by its ledger lines so a statement reads one table. */
  reference: string | null;
};

export type Reposting = {
  source: PostingSource;
  /** What it posts now; undefined: nothing (it is deleted). */
  posting: Posting | undefined;
  /**
   * Its goods are as before (same lines, same date and time: a payment, a note, a due date changed): only its money
   * lines are replaced, and no stock or cost is touched.
   */
  stockUnchanged?: boolean;
  /** The ids of its lines (`trade_line`), by line index: their kept cost follows their movements' values. */
  lineIds?: readonly number[];
  /** A sales return's original: its goods come back at what the original took out for them. */
  returnsOf?: number;
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
  const byRole = new Map(rows.map((row) => [row.role, row.id]));
  const entries = postingAccountRoles.map((role) => {
    const id = byRole.get(role);
    if (id === undefined) throw new Error(`store ${storeId} has no ${role} account`);
    return [role, id] as const;
  });
  return Object.fromEntries(entries) as PostingAccounts;
}

/** Sources as two parallel arrays (kinds, ids), for `unnest` in SQL. */
const sourceArrays = (sources: { source_kind: string; source_id: number }[]) =>
  sql`unnest(${arrayOf(sources.map((s) => s.source_kind))}::text[], ${arrayOf(sources.map((s) => s.source_id))}::int[])`;

/** Takes back a part of the sources' ledger lines (and from the accounts' kept sums). */
export async function removeLedgerPart(
  tx: DbOrTx,
  sources: { source_kind: string; source_id: number }[],
  part: 'money' | 'cost',
) {
  if (sources.length === 0) return;
  const { rows } = await tx.execute<BalanceDelta>(sql`
    delete from ledger_line l using ${sourceArrays(sources)} as s(kind, id)
    where l.source_kind = s.kind and l.source_id = s.id and l.part = ${part}
    returning l.store_id, l."yearId", l.account_id, (-l.debit)::text as debit, (-l.credit)::text as credit`);
  await addToBalances(tx, rows);
}

/** Writes ledger lines of a part (each source's balanced), and adds them to the accounts' kept sums. */
export async function writeLedgerPart(
  tx: DbOrTx,
  entries: { source: PostingSource; lines: LedgerEntry[] }[],
  part: 'money' | 'cost',
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
  if (rows.length === 0) return;
  for (const chunk of chunks(rows)) await tx.insert(ledgerLine).values(chunk);
  await addToBalances(tx, rows);
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

/**
 * Writes what documents post in place of what they posted before, in one transaction with their save: their money
 * lines, and (unless their goods are unchanged) their stock movements, then values every movement of their items
 * from the earliest date they changed on, in date order (`revalue`). Answers the items that would go below zero on
 * some date because of them (the store forbids negative stock): the caller refuses the save and everything rolls
 * back. The items must already be locked (`lockStockItems`), in id order.
 */
export async function repost(
  tx: DbOrTx,
  entries: Reposting[],
  options: { checkStock?: boolean } = {},
): Promise<StockShortage[]> {
  if (entries.length === 0) return [];
  const sources = entries.map((entry) => entry.source);
  await removeLedgerPart(tx, sources, 'money');
  await writeLedgerPart(
    tx,
    entries.flatMap(({ source, posting }) => (posting ? [{ source, lines: posting.moneyLines }] : [])),
    'money',
  );
  const restocked = entries.filter((entry) => !entry.stockUnchanged);
  if (restocked.length === 0) return [];
  const taken = await takeMovements(
    tx,
    restocked.map((entry) => entry.source),
  );
  await removeLedgerPart(
    tx,
    restocked.map((entry) => entry.source),
    'cost',
  );
  const written = await writeMovements(tx, restocked);
  // One pass per store year, over the items whose movements changed, from the earliest date one changed on.
  const byYear = new Map<string, { storeId: number; yearId: number; from: string; items: Set<number> }>();
  const note = (storeId: number, yearId: number, itemId: number, date: string) => {
    const key = `${storeId}:${yearId}`;
    const year = byYear.get(key) ?? { storeId, yearId, from: date, items: new Set<number>() };
    year.items.add(itemId);
    if (date < year.from) year.from = date;
    byYear.set(key, year);
  };
  for (const row of taken) note(row.store_id, row.yearId, row.item_id, row.move_date);
  for (const row of written) note(row.store_id, row.yearId, row.item_id, row.move_date);
  const shortages: StockShortage[] = [];
  for (const year of byYear.values())
    shortages.push(
      ...(await revalue(tx, {
        storeId: year.storeId,
        yearId: year.yearId,
        itemIds: [...year.items],
        from: year.from,
        touched: restocked.map((entry) => entry.source),
        removed: taken.filter((row) => row.store_id === year.storeId && row.yearId === year.yearId),
        checkStock: options.checkStock ?? true,
      })),
    );
  return shortages;
}

/** Deletes the sources' movements (and their sums from `item_cost`), answering them with their places. */
async function takeMovements(tx: DbOrTx, sources: { source_kind: string; source_id: number }[]) {
  const { rows } = await tx.execute<KeptMovement & { store_id: number; yearId: number }>(sql`
    delete from stock_movement m using ${sourceArrays(sources)} as s(kind, id)
    where m.source_kind = s.kind and m.source_id = s.id
    returning m.store_id, m."yearId", m.item_id, m.quantity::text, m.value::text, m.move_date::text,
      m.move_time::text, m.source_kind, m.source_id, m.line_no`);
  await addToItemCosts(
    tx,
    rows.map((row) => ({
      ...row,
      quantity: fromMilli(-toMilli(row.quantity)),
      value: toMoneyString(money(-amount(row.value))),
    })),
  );
  return rows;
}

/** Inserts the sources' new movements, not yet valued (the cost engine values them), and their quantities. */
async function writeMovements(tx: DbOrTx, entries: Reposting[]) {
  const rows = entries.flatMap(({ source, posting, lineIds, returnsOf }) =>
    (posting?.movements ?? []).map((move) => ({
      store_id: source.store_id,
      yearId: source.yearId,
      item_id: move.item_id,
      quantity: move.quantity,
      value: '0',
      source_kind: source.source_kind,
      source_id: source.source_id,
      move_date: source.date,
      move_time: source.time,
      line_no: move.line_index,
      mode: move.mode,
      in_value: move.in_value === undefined ? null : toMoneyString(move.in_value),
      returns_of: move.mode === 'returned' ? (returnsOf ?? null) : null,
      line_id: lineIds?.[move.line_index] ?? null,
    })),
  );
  if (rows.length === 0) return [];
  for (const chunk of chunks(rows, 2000))
    await tx.execute(sql`
      insert into stock_movement (store_id, "yearId", item_id, quantity, value, source_kind, source_id, move_date,
        move_time, line_no, mode, in_value, returns_of, line_id)
      select * from unnest(
        ${arrayOf(chunk.map((r) => r.store_id))}::int[], ${arrayOf(chunk.map((r) => r.yearId))}::int[],
        ${arrayOf(chunk.map((r) => r.item_id))}::int[], ${arrayOf(chunk.map((r) => r.quantity))}::numeric[],
        ${arrayOf(chunk.map((r) => r.value))}::numeric[], ${arrayOf(chunk.map((r) => r.source_kind))}::text[],
        ${arrayOf(chunk.map((r) => r.source_id))}::int[], ${arrayOf(chunk.map((r) => r.move_date))}::date[],
        ${arrayOf(chunk.map((r) => r.move_time))}::time[], ${arrayOf(chunk.map((r) => r.line_no))}::int[],
        ${arrayOf(chunk.map((r) => r.mode))}::text[], ${arrayOf(chunk.map((r) => r.in_value))}::numeric[],
        ${arrayOf(chunk.map((r) => r.returns_of))}::int[], ${arrayOf(chunk.map((r) => r.line_id))}::int[])`);
  await addToItemCosts(tx, rows);
  return rows;
}

type ItemCostDelta = { store_id: number; yearId: number; item_id: number; quantity: string; value: string };

/**
 * Adds stock movements to the items' kept stock at cost (`item_cost`); negative ones take them away. One row per
 * store, item and year, in that order (the items' own lock order), so the kept rows always equal the movements' sums.
 */
export async function addToItemCosts(tx: DbOrTx, movements: ItemCostDelta[]) {
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
    .sort((a, b) => a.store_id - b.store_id || a.item_id - b.item_id || a.yearId - b.yearId)
    .map((sum) => ({
      store_id: sum.store_id,
      item_id: sum.item_id,
      yearId: sum.yearId,
      quantity: fromMilli(sum.quantity),
      value: toMoneyString(money(sum.value)),
    }));
  for (const chunk of chunks(rows))
    await tx
      .insert(itemCost)
      .values(chunk)
      .onConflictDoUpdate({
        target: [itemCost.store_id, itemCost.item_id, itemCost.yearId],
        set: {
          quantity: sql`${itemCost.quantity} + excluded.quantity`,
          value: sql`${itemCost.value} + excluded.value`,
        },
      });
}

type BalanceDelta = { store_id: number; yearId: number; account_id: number; debit: string; credit: string };

/**
 * Adds ledger lines to the accounts' kept sums; negative amounts take them away. One row per store, year and
 * account, in that order: two documents posting at once lock the same rows in the same order and never deadlock.
 */
async function addToBalances(tx: DbOrTx, lines: BalanceDelta[]) {
  const sums = new Map<string, { store_id: number; yearId: number; account_id: number; debit: Money; credit: Money }>();
  for (const line of lines) {
    const key = `${line.store_id}:${line.yearId}:${line.account_id}`;
    const sum = sums.get(key) ?? { ...line, debit: money(0n), credit: money(0n) };
    sums.set(key, {
      ...sum,
      debit: addMoney(sum.debit, amount(line.debit)),
      credit: addMoney(sum.credit, amount(line.credit)),
    });
  }
  const rows = [...sums.values()]
    .filter((sum) => sum.debit !== 0n || sum.credit !== 0n)
    .sort((a, b) => a.store_id - b.store_id || a.yearId - b.yearId || a.account_id - b.account_id)
    .map((sum) => ({
      store_id: sum.store_id,
      yearId: sum.yearId,
      account_id: sum.account_id,
      debit_total: toMoneyString(sum.debit),
      credit_total: toMoneyString(sum.credit),
    }));
  for (const chunk of chunks(rows))
    await tx
      .insert(accountBalance)
      .values(chunk)
      .onConflictDoUpdate({
        target: [accountBalance.store_id, accountBalance.account_id, accountBalance.yearId],
        set: {
          debit_total: sql`${accountBalance.debit_total} + excluded.debit_total`,
          credit_total: sql`${accountBalance.credit_total} + excluded.credit_total`,
        },
      });
}

/** The items a source's movements moved (what its edit or delete must lock before their stock changes). */
export async function movedItems(tx: DbOrTx, sourceKind: SourceKind, sourceId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ item_id: number }>(sql`
    select distinct item_id from stock_movement where source_kind = ${sourceKind} and source_id = ${sourceId}`);
  return rows.map((row) => row.item_id);
}
