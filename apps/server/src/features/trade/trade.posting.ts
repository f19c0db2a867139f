/**
 * What each document kind posts, in the transaction that saves it. Reading one function tells the whole story
 * of a document: its stock movements and its balanced ledger lines (debits = credits).
 */
import { type KindToken, kindOf, money, type PostingRule, parseMoney } from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type AccountRole, stockMovement, subAccounts } from '../../db/schema.ts';
import { eraseLedger, type LedgerEntry, writeLedger } from '../ledger/ledger.posting.ts';
import type { StockChange } from '../stock/stockCheck.ts';

export type PostedDocument = {
  pay_id: number;
  kind: KindToken;
  store_id: number;
  yearId: number;
  cust_id: number;
  pay_date: string;
  tot_pr: string;
  discount: string;
  pay: string;
  pay_method?: string | null;
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

/** The `pay_method` words (English and Arabic) for money that goes through the bank: transfers and cards. */
const BANK_METHODS = new Set(['bank', 'card', 'transfer', 'بنك', 'بطاقة', 'شبكة', 'تحويل', 'تحويل بنكي']);

/** Where the money paid on a document goes: the bank for a bank or card payment, else the cash box. */
export const moneyAccountRole = (payMethod: string | null | undefined): 'bank' | 'cash_box' =>
  BANK_METHODS.has((payMethod ?? '').trim().toLowerCase()) ? 'bank' : 'cash_box';

/**
 * A final sale: the customer owes the net amount to sales, and the money paid moves from the customer to the
 * cash box (or the bank, when paid by bank or card). The customer's balance therefore rises by `changee`
 * (net − paid), as the seed's balance rule says.
 */
async function saleEntries(tx: Tx, doc: PostedDocument): Promise<LedgerEntry[]> {
  const net = money(amount(doc.tot_pr) - amount(doc.discount));
  const paid = amount(doc.pay);
  const [sales, paidInto] = await Promise.all([
    accountByRole(tx, doc.store_id, 'sales'),
    accountByRole(tx, doc.store_id, moneyAccountRole(doc.pay_method)),
  ]);
  return [
    { account_id: doc.cust_id, debit: net, credit: money(0n) },
    { account_id: sales, debit: money(0n), credit: net },
    { account_id: paidInto, debit: paid, credit: money(0n) },
    { account_id: doc.cust_id, debit: money(0n), credit: paid },
  ];
}

/** A purchase: the mirror of a sale: the supplier is owed the net amount, the money paid reduces that. */
async function purchaseEntries(tx: Tx, doc: PostedDocument): Promise<LedgerEntry[]> {
  const net = money(amount(doc.tot_pr) - amount(doc.discount));
  const paid = amount(doc.pay);
  const [purchases, paidFrom] = await Promise.all([
    accountByRole(tx, doc.store_id, 'purchases'),
    accountByRole(tx, doc.store_id, moneyAccountRole(doc.pay_method)),
  ]);
  return [
    { account_id: purchases, debit: net, credit: money(0n) },
    { account_id: doc.cust_id, debit: money(0n), credit: net },
    { account_id: doc.cust_id, debit: paid, credit: money(0n) },
    { account_id: paidFrom, debit: money(0n), credit: paid },
  ];
}

/** The ledger lines of each posting rule; preliminary invoices and purchase orders post nothing (domain.md 5.3). */
const ledgerRules: Record<PostingRule, ((tx: Tx, doc: PostedDocument) => Promise<LedgerEntry[]>) | undefined> = {
  sale: saleEntries,
  purchase: purchaseEntries,
  nothing: undefined,
};

/**
 * The stock a document moves, signed: a sale takes its quantities out, a purchase brings them in; preliminary
 * invoices and purchase orders move nothing (domain.md 5.3).
 */
export function stockMovementsOf(kind: KindToken, yearId: number, lines: PostedLine[]): StockChange[] {
  const { stockSign } = kindOf(kind);
  if (stockSign === 0) return [];
  const sign = stockSign < 0 ? '-' : '';
  return lines.map((line) => ({ yearId, item_id: line.item_id, quantity: `${sign}${line.quantity}` }));
}

/** The stock movements a document posted (what an edit or a delete takes away). */
export async function postedMovements(tx: Tx, kind: KindToken, payId: number): Promise<StockChange[]> {
  return tx
    .select({ yearId: stockMovement.yearId, item_id: stockMovement.item_id, quantity: stockMovement.quantity })
    .from(stockMovement)
    .where(and(eq(stockMovement.source_kind, kind), eq(stockMovement.source_id, payId)));
}

export async function postDocument(tx: Tx, doc: PostedDocument, lines: PostedLine[]) {
  const entriesOf = ledgerRules[kindOf(doc.kind).posting];
  if (!entriesOf) return;
  const movements = stockMovementsOf(doc.kind, doc.yearId, lines);
  if (movements.length) {
    await tx.insert(stockMovement).values(
      movements.map((movement) => ({
        ...movement,
        store_id: doc.store_id,
        source_kind: doc.kind,
        source_id: doc.pay_id,
      })),
    );
  }
  const entries = await entriesOf(tx, doc);
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
export async function unpostDocument(tx: Tx, kind: KindToken, payId: number) {
  await tx.delete(stockMovement).where(and(eq(stockMovement.source_kind, kind), eq(stockMovement.source_id, payId)));
  await eraseLedger(tx, kind, payId);
}
