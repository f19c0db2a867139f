/**
 * The one way a document's postings are written. Every document that moves stock or money (invoices, returns,
 * opening quantities) states what it posts from its content (`Posting`: its movements and its money lines) and
 * `repost` writes it in the transaction that saves it, in place of what it posted before. Its goods are then valued
 * by the cost engine (`revalue`, costing.ts) in date order, with every later movement of the same items, so a
 * back-dated change re-values what came after it and nothing depends on the order documents were typed in.
 */
import { fromMilli, money, parseMoney, type StockShortage, toMilli, toMoneyString } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { refuse } from '../../lib/transaction.ts';
import { requireOpenYears } from '../book/yearLock.ts';
import { followTransfers } from '../transfers/transferCosts.ts';
import { clockTime, revalue, type WalkStart } from './costing.ts';
import type { Posting, PostingAccounts } from './posting.rules.ts';
import {
  chunks,
  gather,
  type KeptMovement,
  type KeptSums,
  noKeptSums,
  type PostingSource,
  removeLedgerPart,
  type SourceKind,
  sourceArrays,
  writeKeptSums,
  writeLedgerPart,
} from './posting.ts';

const amount = (text: string) => parseMoney(text) ?? money(0n);

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
  /** A new document: it posted nothing before, so there is nothing to take back. */
  fresh?: boolean;
};

/**
 * Writes what documents post in place of what they posted before, in one transaction with their save: their money
 * lines, and (unless their goods are unchanged) their stock movements, then values every movement of their items
 * from the earliest date they changed on, in date order (`revalue`). Answers the items that would go below zero on
 * some date because of them (the store forbids negative stock): the caller refuses the save and everything rolls
 * back. The items must already be locked (`lockStockItems`), in id order. A source in a year its store has closed is
 * refused (409 YEAR_CLOSED, through the caller's `inTransaction`).
 */
export async function repost(tx: DbOrTx, entries: Reposting[], options: RepostOptions = {}): Promise<StockShortage[]> {
  const posted = await postRows(tx, entries, options);
  if (posted.shortages.length === 0) await writeKeptSums(tx, posted.sums);
  return posted.shortages;
}

export type RepostOptions = {
  checkStock?: boolean;
  accounts?: PostingAccounts;
  replay?: boolean;
  /**
   * The caller has already refused a closed year for every source, under the store's key-share lock, in this
   * transaction (a trade save's load): the check is not sent again.
   */
  yearsChecked?: boolean;
  /** Transfers whose receipts changed (a receipt saved or deleted): their receipts' values follow. */
  followTransfers?: readonly number[];
};

/**
 * `repost` but its last step: writes the movements and values them, and answers the new ledger lines and the
 * changes to the kept sums gathered (`sums`), for the caller to write by `writeKeptSums` (the save pipeline numbers a
 * new document in between, so its reference counter is locked only from there to the commit).
 */
export async function postRows(
  tx: DbOrTx,
  entries: Reposting[],
  options: RepostOptions = {},
): Promise<{ shortages: StockShortage[]; sums: KeptSums }> {
  const sums = noKeptSums();
  if (entries.length === 0) return { shortages: [], sums };
  // Nothing dated in a closed year changes (a replay of saved history rebuilds what is there, and may).
  if (!options.replay && !options.yearsChecked)
    for (const storeId of new Set(entries.map((entry) => entry.source.store_id))) {
      const open = await requireOpenYears(
        tx,
        storeId,
        entries.filter((entry) => entry.source.store_id === storeId).map((entry) => entry.source.yearId),
      );
      if (!open.ok) refuse(open);
    }
  // The ledger lines and kept sums are written once, at the end, from everything the posting gathered.
  return { shortages: await writeRows(tx, entries, sums, options), sums };
}

/** What `repost` writes but the kept sums, whose changes it gathers into `sums`. */
async function writeRows(
  tx: DbOrTx,
  entries: Reposting[],
  sums: KeptSums,
  options: { checkStock?: boolean; accounts?: PostingAccounts; followTransfers?: readonly number[] },
): Promise<StockShortage[]> {
  // What the documents posted before is taken back (a new one posted nothing: no statement for it).
  const earlier = (list: Reposting[]) => list.filter((entry) => !entry.fresh).map((entry) => entry.source);
  await removeLedgerPart(tx, earlier(entries), 'money', sums);
  await writeLedgerPart(
    tx,
    entries.flatMap(({ source, posting }) => (posting ? [{ source, lines: posting.moneyLines }] : [])),
    'money',
    sums,
  );
  const restocked = entries.filter((entry) => !entry.stockUnchanged);
  if (restocked.length === 0) return [];
  const taken = await takeMovements(tx, earlier(restocked), sums);
  await removeLedgerPart(tx, earlier(restocked), 'cost', sums);
  const written = await writeMovements(tx, restocked, sums);
  // One pass per store over the items whose movements changed, from the earliest place (day and time) one changed
  // at: an item's movements are one chain across years (docs/accounting-years.md), and what stands before the
  // change in its day is not valued again (a sale at the end of a busy day walks its own movements only).
  const byStore = new Map<number, { from: WalkStart; items: Set<number> }>();
  const note = (storeId: number, itemId: number, date: string, time: string) => {
    const at = { date, time: clockTime(time) };
    const pass = byStore.get(storeId) ?? { from: at, items: new Set<number>() };
    pass.items.add(itemId);
    if (at.date < pass.from.date || (at.date === pass.from.date && at.time < pass.from.time)) pass.from = at;
    byStore.set(storeId, pass);
  };
  for (const row of taken) note(row.store_id, row.item_id, row.move_date, row.move_time);
  for (const row of written) note(row.store_id, row.item_id, row.move_date, row.move_time);
  const shortages: StockShortage[] = [];
  const changed: { source_kind: string; source_id: number }[] = [];
  for (const [storeId, pass] of byStore)
    shortages.push(
      ...(await revalue(tx, {
        storeId,
        itemIds: [...pass.items],
        from: pass.from,
        touched: restocked.map((entry) => entry.source),
        removed: taken.filter((row) => row.store_id === storeId),
        checkStock: options.checkStock ?? true,
        accounts: options.accounts,
        sums,
        changed,
      })),
    );
  if (shortages.length) return shortages;
  // What a transfer took out of its store changed: its receipts, in other stores, follow (docs/transfers.md).
  const transfers = [
    ...changed.filter((source) => source.source_kind === 'transfer').map((source) => source.source_id),
    ...(options.followTransfers ?? []),
  ];
  if (transfers.length) await followTransfers(tx, transfers, sums);
  return shortages;
}

/** Deletes the sources' movements (and their sums from `item_cost`), answering them with their places. */
async function takeMovements(tx: DbOrTx, sources: { source_kind: string; source_id: number }[], sums: KeptSums) {
  if (sources.length === 0) return [];
  const { rows } = await tx.execute<KeptMovement & { store_id: number; yearId: number }>(sql`
    delete from stock_movement m using ${sourceArrays(sources)} as s(kind, id)
    where m.source_kind = s.kind and m.source_id = s.id
    returning m.store_id, m."yearId", m.item_id, m.quantity::text, m.value::text, m.move_date::text,
      m.move_time::text, m.source_kind, m.source_id, m.line_no`);
  sums.items.push(
    ...rows.map((row) => ({
      ...row,
      quantity: fromMilli(-toMilli(row.quantity)),
      value: toMoneyString(money(-amount(row.value))),
    })),
  );
  return rows;
}

/** Inserts the sources' new movements, not yet valued (the cost engine values them), and their quantities. */
async function writeMovements(tx: DbOrTx, entries: Reposting[], sums: KeptSums) {
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
  gather(sums.items, rows);
  return rows;
}

/** The items a source's movements moved (what its edit or delete must lock before their stock changes). */
export async function movedItems(tx: DbOrTx, sourceKind: SourceKind, sourceId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ item_id: number }>(sql`
    select distinct item_id from stock_movement where source_kind = ${sourceKind} and source_id = ${sourceId}`);
  return rows.map((row) => row.item_id);
}
