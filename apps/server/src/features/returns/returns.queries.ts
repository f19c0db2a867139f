/**
 * Reads of returns, with the legacy return field names (`return_ref`, `return_date`, ...) over the trade tables
 * they live in, and of what their originals had and what was already taken back.
 */
import { expandReference, type KindToken, kindOf, type ReturnKindToken, type ReturnWithLines } from '@mizan/contract';
import { and, asc, desc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { store, subAccounts, tradeDocument, tradeLine, users } from '../../db/schema.ts';
import { yearsThrough } from '../book/bookYears.ts';

const original = alias(tradeDocument, 'original');

const returnColumns = {
  return_id: tradeDocument.pay_id,
  return_ref: tradeDocument.pay_ref,
  original_pay_id: sql<number>`${tradeDocument.original_pay_id}`,
  original_pay_ref: original.pay_ref,
  store_id: tradeDocument.store_id,
  yearId: tradeDocument.yearId,
  user_id: tradeDocument.user_id,
  user_name: users.full_name,
  cust_id: tradeDocument.cust_id,
  sub_name: subAccounts.sub_name,
  tot_pr: tradeDocument.tot_pr,
  discount: tradeDocument.discount,
  pay: tradeDocument.pay,
  changee: tradeDocument.changee,
  taxTot: tradeDocument.taxTot,
  total_with_vat: tradeDocument.total_with_vat,
  vat_charged: tradeDocument.vat_charged,
  vat_included: tradeDocument.vat_included,
  return_date: tradeDocument.pay_date,
  return_time: tradeDocument.pay_time,
  return_method: tradeDocument.pay_method,
  returnComment: tradeDocument.payComment,
  return_reason: tradeDocument.return_reason,
  is_full_return: tradeDocument.is_full_return,
};

export type ReturnFilter = {
  storeId: number;
  kind: ReturnKindToken;
  yearId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  returnRef?: string | undefined;
  returnId?: number | undefined;
  originalRef?: string | undefined;
  custId?: number | undefined;
  /** Only this user's returns (a role without `readOthers`). */
  userId?: number | undefined;
};

const returnWhere = (f: ReturnFilter): SQL | undefined =>
  and(
    eq(tradeDocument.store_id, f.storeId),
    eq(tradeDocument.kind, f.kind),
    f.yearId === undefined ? undefined : eq(tradeDocument.yearId, f.yearId),
    f.from ? gte(tradeDocument.pay_date, f.from) : undefined,
    f.to ? lte(tradeDocument.pay_date, f.to) : undefined,
    f.returnRef ? eq(tradeDocument.pay_ref, f.returnRef) : undefined,
    f.returnId ? eq(tradeDocument.pay_id, f.returnId) : undefined,
    f.originalRef ? eq(original.pay_ref, f.originalRef) : undefined,
    f.custId ? eq(tradeDocument.cust_id, f.custId) : undefined,
    f.userId === undefined ? undefined : eq(tradeDocument.user_id, f.userId),
  );

/** Returns newest first (by date, then by reference number). */
export const listReturns = (db: DbOrTx, filter: ReturnFilter, limit: number) =>
  db
    .select(returnColumns)
    .from(tradeDocument)
    .innerJoin(original, eq(original.pay_id, tradeDocument.original_pay_id))
    .innerJoin(subAccounts, eq(subAccounts.id, tradeDocument.cust_id))
    .leftJoin(users, eq(users.id, tradeDocument.user_id))
    .where(returnWhere(filter))
    .orderBy(desc(tradeDocument.pay_date), desc(tradeDocument.pay_id))
    .limit(limit);

/** The unit price a kind's lines are valued at: selling for sales and sales returns, purchase for the others. */
const priceColumn = (kind: KindToken) =>
  kindOf(kind).price === 'pay_price' ? tradeLine.pay_price : tradeLine.perch_price;

export const listReturnLines = (db: DbOrTx, kind: ReturnKindToken, returnId: number) =>
  db
    .select({
      id: tradeLine.id,
      return_ref: tradeDocument.pay_ref,
      item_id: tradeLine.item_id,
      item_name: tradeLine.item_name,
      quantity: tradeLine.quantity,
      return_price: priceColumn(kind),
      original_price: sql<string>`coalesce(${tradeLine.original_price}, ${priceColumn(kind)})`,
      tot: tradeLine.tot,
    })
    .from(tradeLine)
    .innerJoin(tradeDocument, eq(tradeDocument.pay_id, tradeLine.pay_id))
    .where(eq(tradeLine.pay_id, returnId))
    .orderBy(asc(tradeLine.id));

/**
 * An invoice of the kind a return takes back from, by its reference in the store, saved in the return's year or
 * an earlier one (one book: a December sale is returned in January; references never repeat across years).
 */
export async function findOriginal(db: DbOrTx, storeId: number, kind: KindToken, yearId: number, payRef: string) {
  const exact = await originalByRef(db, storeId, kind, yearId, payRef);
  if (exact) return exact;
  // A short form as read off a receipt ("1", "s-1"): the reference it stands for in this store.
  const [own] = await db.select({ store_ref: store.store_ref }).from(store).where(eq(store.id, storeId));
  const full = own && expandReference(payRef, own.store_ref, kind);
  return full && full !== payRef ? originalByRef(db, storeId, kind, yearId, full) : undefined;
}

async function originalByRef(db: DbOrTx, storeId: number, kind: KindToken, yearId: number, payRef: string) {
  const [row] = await db
    .select({
      pay_id: tradeDocument.pay_id,
      pay_ref: tradeDocument.pay_ref,
      pay_date: tradeDocument.pay_date,
      pay_time: tradeDocument.pay_time,
      cust_id: tradeDocument.cust_id,
      sub_name: subAccounts.sub_name,
      tot_pr: tradeDocument.tot_pr,
      discount: tradeDocument.discount,
      pay_method: tradeDocument.pay_method,
    })
    .from(tradeDocument)
    .innerJoin(subAccounts, eq(subAccounts.id, tradeDocument.cust_id))
    .where(
      and(
        eq(tradeDocument.store_id, storeId),
        eq(tradeDocument.kind, kind),
        sql`${tradeDocument.yearId} in ${yearsThrough(yearId)}`,
        eq(tradeDocument.pay_ref, payRef),
      ),
    );
  return row;
}

/** The original's lines, each at its unit price in the original's own price. */
export const originalLines = (db: DbOrTx, kind: KindToken, payId: number) =>
  db
    .select({
      item_id: tradeLine.item_id,
      item_name: tradeLine.item_name,
      quantity: tradeLine.quantity,
      price: priceColumn(kind),
      pay_price: tradeLine.pay_price,
      perch_price: tradeLine.perch_price,
      tot: tradeLine.tot,
      /** The VAT it charged (docs/vat.md): a return takes back its slice. */
      vat: tradeLine.vat,
      /** The line's value at cost as it posted (a sale's goods at the moving average). */
      cost: tradeLine.cost,
    })
    .from(tradeLine)
    .where(eq(tradeLine.pay_id, payId))
    .orderBy(asc(tradeLine.id));

/**
 * What the returns of an invoice took back, line by line (all of them, or all but the one being edited), with the
 * unit price each paid back (a sales return's selling price, a purchase return's purchase price).
 */
export const returnedLines = (db: DbOrTx, originalId: number, exceptReturnId?: number) =>
  db
    .select({
      item_id: tradeLine.item_id,
      quantity: tradeLine.quantity,
      pay_price: tradeLine.pay_price,
      perch_price: tradeLine.perch_price,
      vat: tradeLine.vat,
    })
    .from(tradeLine)
    .innerJoin(tradeDocument, eq(tradeDocument.pay_id, tradeLine.pay_id))
    .where(
      and(
        eq(tradeDocument.original_pay_id, originalId),
        exceptReturnId === undefined ? undefined : ne(tradeDocument.pay_id, exceptReturnId),
      ),
    );

/**
 * The returns of an invoice (all, or all but the one being edited), oldest first, each with what it refunded: its
 * total less its discount (the money paid back now and what came off the party's balance).
 */
export const returnsOf = (db: DbOrTx, originalId: number, exceptReturnId?: number) =>
  db
    .select({
      pay_id: tradeDocument.pay_id,
      pay_ref: tradeDocument.pay_ref,
      pay_date: tradeDocument.pay_date,
      refunded: sql<string>`(${tradeDocument.tot_pr} - ${tradeDocument.discount})::text`,
    })
    .from(tradeDocument)
    .where(
      and(
        eq(tradeDocument.original_pay_id, originalId),
        exceptReturnId === undefined ? undefined : ne(tradeDocument.pay_id, exceptReturnId),
      ),
    )
    .orderBy(asc(tradeDocument.pay_id));

/**
 * Per invoice (of the store, among `ids`): the quantity its lines had and what its returns took back, for the
 * records' "left to return". Invoices without returns are left out.
 */
export async function returnedByInvoice(db: DbOrTx, storeId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const result = await db.execute<{ pay_id: number; quantity: string; returned_quantity: string }>(sql`
    select d.pay_id,
      (select coalesce(sum(l.quantity), 0) from trade_line l where l.pay_id = d.pay_id)::text as quantity,
      (select coalesce(sum(rl.quantity), 0) from trade_document r join trade_line rl on rl.pay_id = r.pay_id
        where r.original_pay_id = d.pay_id)::text as returned_quantity
    from trade_document d
    where d.store_id = ${storeId} and d.pay_id = any(${`{${ids.join(',')}}`}::int[])
      and exists (select 1 from trade_document r where r.original_pay_id = d.pay_id)`);
  return result.rows.map((row) => ({ ...row, pay_id: Number(row.pay_id) }));
}

/** One return with its lines, by id or reference, in the store (and year, when given). */
export async function readReturn(db: DbOrTx, filter: ReturnFilter): Promise<ReturnWithLines | undefined> {
  const [doc] = await listReturns(db, filter, 1);
  if (!doc) return undefined;
  return { ...doc, items: await listReturnLines(db, filter.kind, doc.return_id) };
}
