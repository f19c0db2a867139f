/**
 * The one writer of stock movements and ledger lines. Every document that moves stock or money (invoices, opening
 * quantities, ...) posts what its rule returned through `post`, and takes it back through `unpost` before it is
 * edited or deleted, in the transaction that saves it. The ledger's kept sums per account and year
 * (`account_balance`) change here with the lines, so they always equal them.
 */
import { addMoney, type KindToken, type Money, money, parseMoney, toMoneyString } from '@mizan/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountBalance, itemCost, items, ledgerLine, stockMovement, subAccounts } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import type { StockChange } from '../stock/stockCheck.ts';
import { fromMilli, toMilli } from '../trade/quantity.ts';
import type { CostState } from './cost.rules.ts';
import { type CostBook, isBalanced, type Posting, type PostingAccounts, postingAccountRoles } from './posting.rules.ts';

/** What posted: a document kind (or `firstq`, an opening quantity) and the id of its row. */
export type SourceKind = KindToken | 'firstq';

export type PostingSource = {
  store_id: number;
  yearId: number;
  source_kind: SourceKind;
  source_id: number;
  /** The date of its ledger lines (the document's date); a source that posts none (opening quantities) has none. */
  date?: string;
  /** The document's reference, carried by its ledger lines so a statement reads one table. */
  reference: string | null;
};

const amount = (text: string) => parseMoney(text) ?? money(0n);
/**
 * Rows in batches for one insert each: a statement carries at most 65535 parameters, and a ledger line has eleven
 * (an opening sheet of thousands of items posts two lines per item).
 */
function* chunks<T>(rows: T[], size = 4000): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** The stock changes a posting makes in its source's year (what the stock check is asked about). */
export const stockChangesOf = (yearId: number, posting: Posting): StockChange[] =>
  posting.stockMovements.map((movement) => ({ yearId, ...movement }));

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

/**
 * The stock at cost of these items in a store and year (zero for an item nothing moved yet), with each item's
 * purchase price as the cost of a sale when no average is known. Read it under the items' locks (the stock check's,
 * or `lockStockItems`), so no other document moves their average in between.
 */
export async function costBookOf(db: DbOrTx, storeId: number, yearId: number, itemIds: number[]): Promise<CostBook> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  // One array parameter, not one per id: a list of hundreds of ids planned slowly (140 ms for 250 on PGlite).
  const { rows } = await db.execute<{
    item_id: number;
    perch_price: string;
    quantity: string | null;
    value: string | null;
  }>(sql`
    select i.id as item_id, i.perch_price::text, c.quantity::text, c.value::text
    from ${items} i
    left join ${itemCost} c on c.store_id = i.store_id and c.item_id = i.id and c."yearId" = ${yearId}
    where i.store_id = ${storeId} and i.id = any(${arrayOf(ids)}::int[])`);
  return new Map(
    rows.map((row): [number, CostState] => [
      row.item_id,
      {
        quantity: toMilli(row.quantity ?? '0'),
        value: amount(row.value ?? '0'),
        fallbackUnitCost: amount(row.perch_price),
      },
    ]),
  );
}

function dateOf(source: PostingSource): string {
  if (source.date === undefined) throw new Error(`${source.source_kind} ${source.source_id} posts without a date`);
  return source.date;
}

/** Writes what documents post: their stock movements and their ledger lines (each balanced), set-based. */
export async function postAll(tx: DbOrTx, postings: { source: PostingSource; posting: Posting }[]) {
  for (const { source, posting } of postings)
    if (!isBalanced(posting.ledgerLines))
      throw new Error(`unbalanced posting of ${source.source_kind} ${source.source_id}`);
  const movements = postings.flatMap(({ source, posting }) =>
    posting.stockMovements.map((movement) => ({
      store_id: source.store_id,
      yearId: source.yearId,
      item_id: movement.item_id,
      quantity: movement.quantity,
      value: toMoneyString(movement.value),
      source_kind: source.source_kind,
      source_id: source.source_id,
    })),
  );
  if (movements.length) {
    for (const chunk of chunks(movements)) await tx.insert(stockMovement).values(chunk);
    await addToItemCosts(tx, movements);
  }
  const lines = postings.flatMap(({ source, posting }) =>
    posting.ledgerLines
      .filter((entry) => entry.debit !== 0n || entry.credit !== 0n)
      .map((entry) => ({
        store_id: source.store_id,
        yearId: source.yearId,
        line_date: dateOf(source),
        source_kind: source.source_kind,
        source_id: source.source_id,
        reference: source.reference,
        memo: entry.memo,
        account_id: entry.account_id,
        debit: toMoneyString(entry.debit),
        credit: toMoneyString(entry.credit),
      })),
  );
  if (lines.length) {
    for (const chunk of chunks(lines)) await tx.insert(ledgerLine).values(chunk);
    await addToBalances(tx, lines);
  }
}

/** Writes what one document posts. */
export const post = (tx: DbOrTx, source: PostingSource, posting: Posting) => postAll(tx, [{ source, posting }]);

/**
 * Takes back everything the given sources posted (before they are edited or deleted): their stock movements, their
 * ledger lines, and those lines from the accounts' kept sums.
 */
export async function unpost(tx: DbOrTx, sourceKind: SourceKind, sourceIds: number[]) {
  if (sourceIds.length === 0) return;
  const taken = await tx
    .delete(stockMovement)
    .where(
      and(
        eq(stockMovement.source_kind, sourceKind),
        sql`${stockMovement.source_id} = any(${arrayOf(sourceIds)}::int[])`,
      ),
    )
    .returning({
      store_id: stockMovement.store_id,
      yearId: stockMovement.yearId,
      item_id: stockMovement.item_id,
      quantity: stockMovement.quantity,
      value: stockMovement.value,
    });
  // Each movement goes back at exactly the value it moved at (its cost then, not today's average).
  await addToItemCosts(
    tx,
    taken.map((movement) => ({
      ...movement,
      quantity: fromMilli(-toMilli(movement.quantity)),
      value: toMoneyString(money(-amount(movement.value))),
    })),
  );
  const removed = await tx
    .delete(ledgerLine)
    .where(
      and(eq(ledgerLine.source_kind, sourceKind), sql`${ledgerLine.source_id} = any(${arrayOf(sourceIds)}::int[])`),
    )
    .returning({
      store_id: ledgerLine.store_id,
      yearId: ledgerLine.yearId,
      account_id: ledgerLine.account_id,
      debit: ledgerLine.debit,
      credit: ledgerLine.credit,
    });
  await addToBalances(
    tx,
    removed.map((line) => ({
      ...line,
      debit: toMoneyString(money(-amount(line.debit))),
      credit: toMoneyString(money(-amount(line.credit))),
    })),
  );
}

/** The stock movements a source posted, signed (what an edit or a delete takes away, for the stock check). */
export function postedMovements(tx: DbOrTx, sourceKind: SourceKind, sourceId: number): Promise<StockChange[]> {
  return tx
    .select({ yearId: stockMovement.yearId, item_id: stockMovement.item_id, quantity: stockMovement.quantity })
    .from(stockMovement)
    .where(and(eq(stockMovement.source_kind, sourceKind), eq(stockMovement.source_id, sourceId)));
}

type ItemCostDelta = { store_id: number; yearId: number; item_id: number; quantity: string; value: string };

/**
 * Adds stock movements to the items' kept stock at cost (`item_cost`); negative ones take them away. One row per
 * store, item and year, in that order (the items' own lock order), so the kept rows always equal the movements' sums.
 */
async function addToItemCosts(tx: DbOrTx, movements: ItemCostDelta[]) {
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
    .sort((a, b) => a.store_id - b.store_id || a.yearId - b.yearId || a.account_id - b.account_id)
    .map((sum) => ({
      store_id: sum.store_id,
      yearId: sum.yearId,
      account_id: sum.account_id,
      debit_total: toMoneyString(sum.debit),
      credit_total: toMoneyString(sum.credit),
    }));
  if (!rows.length) return;
  await tx
    .insert(accountBalance)
    .values(rows)
    .onConflictDoUpdate({
      target: [accountBalance.store_id, accountBalance.account_id, accountBalance.yearId],
      set: {
        debit_total: sql`${accountBalance.debit_total} + excluded.debit_total`,
        credit_total: sql`${accountBalance.credit_total} + excluded.credit_total`,
      },
    });
}
