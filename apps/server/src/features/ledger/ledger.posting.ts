/**
 * The ledger: every document that moves money writes its balanced lines here, through these two functions only,
 * so each account's kept sums (`account_balance`) always equal its lines.
 */
import { addMoney, type Money, money, parseMoney, toMoneyString } from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountBalance, ledgerLine } from '../../db/schema.ts';

export type LedgerEntry = { account_id: number; debit: Money; credit: Money };
export type LedgerSource = {
  store_id: number;
  yearId: number;
  line_date: string;
  /** The kind of document and its id: what a later edit or delete erases. */
  source_kind: string;
  source_id: number;
};

const amount = (text: string) => parseMoney(text) ?? money(0n);

/** Writes a document's ledger lines (debits must equal credits) and adds them to the accounts' kept sums. */
export async function writeLedger(tx: DbOrTx, source: LedgerSource, entries: LedgerEntry[]) {
  const lines = entries.filter((entry) => entry.debit !== 0n || entry.credit !== 0n);
  const debits = addMoney(money(0n), ...lines.map((e) => e.debit));
  const credits = addMoney(money(0n), ...lines.map((e) => e.credit));
  if (debits !== credits) throw new Error(`unbalanced posting of ${source.source_kind} ${source.source_id}`);
  if (!lines.length) return;
  await tx.insert(ledgerLine).values(
    lines.map((entry) => ({
      ...source,
      account_id: entry.account_id,
      debit: toMoneyString(entry.debit),
      credit: toMoneyString(entry.credit),
    })),
  );
  await addToBalances(tx, source.store_id, source.yearId, lines);
}

/** Erases what a document wrote to the ledger (before it is edited or deleted), and takes it off the kept sums. */
export async function eraseLedger(tx: DbOrTx, sourceKind: string, sourceId: number) {
  const removed = await tx
    .delete(ledgerLine)
    .where(and(eq(ledgerLine.source_kind, sourceKind), eq(ledgerLine.source_id, sourceId)))
    .returning({
      store_id: ledgerLine.store_id,
      yearId: ledgerLine.yearId,
      account_id: ledgerLine.account_id,
      debit: ledgerLine.debit,
      credit: ledgerLine.credit,
    });
  const years = new Map<string, typeof removed>();
  for (const line of removed) {
    const key = `${line.store_id}:${line.yearId}`;
    years.set(key, [...(years.get(key) ?? []), line]);
  }
  for (const lines of years.values()) {
    const [first] = lines;
    if (!first) continue;
    await addToBalances(
      tx,
      first.store_id,
      first.yearId,
      lines.map((line) => ({
        account_id: line.account_id,
        debit: money(-amount(line.debit)),
        credit: money(-amount(line.credit)),
      })),
    );
  }
}

/**
 * Adds entries to the accounts' kept sums; negative amounts take them away. One row per account, in account
 * order: two documents posting at once lock the same rows in the same order and never deadlock.
 */
async function addToBalances(tx: DbOrTx, storeId: number, yearId: number, entries: LedgerEntry[]) {
  const byAccount = new Map<number, { debit: Money; credit: Money }>();
  for (const entry of entries) {
    const sum = byAccount.get(entry.account_id) ?? { debit: money(0n), credit: money(0n) };
    byAccount.set(entry.account_id, {
      debit: addMoney(sum.debit, entry.debit),
      credit: addMoney(sum.credit, entry.credit),
    });
  }
  const rows = [...byAccount]
    .sort(([a], [b]) => a - b)
    .map(([account_id, sum]) => ({
      store_id: storeId,
      yearId,
      account_id,
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
