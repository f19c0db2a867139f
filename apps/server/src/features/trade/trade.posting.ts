/**
 * What each document kind posts, in the transaction that saves it. Reading one function tells the whole story
 * of a document: its stock movements and its balanced ledger lines (debits = credits).
 */
import { money, parseMoney } from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type AccountRole, type DocumentKind, stockMovement, subAccounts } from '../../db/schema.ts';
import { eraseLedger, type LedgerEntry, writeLedger } from '../ledger/ledger.posting.ts';

export type PostedDocument = {
  pay_id: number;
  kind: DocumentKind;
  store_id: number;
  yearId: number;
  cust_id: number;
  pay_date: string;
  tot_pr: string;
  discount: string;
  pay: string;
};
export type PostedLine = { item_id: number; quantity: string };

async function accountByRole(tx: Tx, storeId: number, role: AccountRole): Promise<number> {
  const [account] = await tx
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(and(eq(subAccounts.store_id, storeId), eq(subAccounts.role, role)));
  if (!account) throw new Error(`store ${storeId} has no ${role} account`);
  return account.id;
}

const amount = (text: string) => parseMoney(text) ?? money(0n);

/**
 * A final sale: the customer owes the net amount to sales, and the cash paid moves from the customer to the
 * cash box. The customer's balance therefore rises by `changee` (net − paid), as the seed's balance rule says.
 */
async function saleEntries(tx: Tx, doc: PostedDocument): Promise<LedgerEntry[]> {
  const net = money(amount(doc.tot_pr) - amount(doc.discount));
  const paid = amount(doc.pay);
  const [sales, cash] = await Promise.all([
    accountByRole(tx, doc.store_id, 'sales'),
    accountByRole(tx, doc.store_id, 'cash_box'),
  ]);
  return [
    { account_id: doc.cust_id, debit: net, credit: money(0n) },
    { account_id: sales, debit: money(0n), credit: net },
    { account_id: cash, debit: paid, credit: money(0n) },
    { account_id: doc.cust_id, debit: money(0n), credit: paid },
  ];
}

/** A purchase: the mirror of a sale: the supplier is owed the net amount, the cash paid reduces that. */
async function purchaseEntries(tx: Tx, doc: PostedDocument): Promise<LedgerEntry[]> {
  const net = money(amount(doc.tot_pr) - amount(doc.discount));
  const paid = amount(doc.pay);
  const [purchases, cash] = await Promise.all([
    accountByRole(tx, doc.store_id, 'purchases'),
    accountByRole(tx, doc.store_id, 'cash_box'),
  ]);
  return [
    { account_id: purchases, debit: net, credit: money(0n) },
    { account_id: doc.cust_id, debit: money(0n), credit: net },
    { account_id: doc.cust_id, debit: paid, credit: money(0n) },
    { account_id: cash, debit: money(0n), credit: paid },
  ];
}

export async function postDocument(tx: Tx, doc: PostedDocument, lines: PostedLine[]) {
  // Preliminary invoices and purchase orders change nothing (domain.md 5.3).
  if (doc.kind === 'payinit' || doc.kind === 'perchOrder') return;
  const sign = doc.kind === 'pay' ? '-' : '';
  if (lines.length) {
    await tx.insert(stockMovement).values(
      lines.map((line) => ({
        store_id: doc.store_id,
        yearId: doc.yearId,
        item_id: line.item_id,
        quantity: `${sign}${line.quantity}`,
        source_kind: doc.kind,
        source_id: doc.pay_id,
      })),
    );
  }
  const entries = doc.kind === 'pay' ? await saleEntries(tx, doc) : await purchaseEntries(tx, doc);
  await writeLedger(
    tx,
    {
      store_id: doc.store_id,
      yearId: doc.yearId,
      line_date: doc.pay_date,
      source_kind: doc.kind,
      source_id: doc.pay_id,
    },
    entries,
  );
}

/** Removes what a document posted (before it is edited or deleted). */
export async function unpostDocument(tx: Tx, kind: DocumentKind, payId: number) {
  await tx.delete(stockMovement).where(and(eq(stockMovement.source_kind, kind), eq(stockMovement.source_id, payId)));
  await eraseLedger(tx, kind, payId);
}
