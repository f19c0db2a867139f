/** The vouchers' SQL (docs/vouchers.md): a voucher with its accounts and allocations, the record, open invoices. */
import {
  type OpenInvoice,
  settledKindOf,
  type VoucherKind,
  type VoucherListQuery,
  type VoucherWithDetails,
} from '@mizan/contract';
import { and, asc, count, desc, eq, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { journal, paymentAllocation, subAccounts, tradeDocument, users } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { yearsThrough } from '../book/bookYears.ts';
import { listLines } from '../journal/journal.queries.ts';

const moneyAccount = alias(subAccounts, 'money_account');
const otherAccount = alias(subAccounts, 'other_account');

const allocatedOf = sql<string>`(select coalesce(sum(${paymentAllocation.amount}), 0)::numeric(15, 2)::text
  from ${paymentAllocation} where ${paymentAllocation.j_id} = ${journal.j_id})`;

const voucherColumns = {
  j_id: journal.j_id,
  j_ref: journal.j_ref,
  store_id: journal.store_id,
  yearId: journal.yearId,
  user_id: journal.user_id,
  user_name: users.full_name,
  j_date: journal.j_date,
  j_type: journal.j_type,
  j_details: journal.j_details,
  j_desc: journal.j_desc,
  invo_ref: journal.invo_ref,
  standard_details: journal.standard_details,
  j_pay: journal.j_pay,
  credit_total: journal.credit_total,
  posted: journal.posted,
  voucher_kind: sql<VoucherKind>`${journal.voucher_kind}`,
  money_account_id: sql<number>`${journal.money_account_id}`,
  money_account_name: sql<string>`${moneyAccount.sub_name}`,
  account_id: sql<number>`${journal.account_id}`,
  account_name: sql<string>`${otherAccount.sub_name}`,
  allocated: allocatedOf,
};

const vouchers = (db: DbOrTx) =>
  db
    .select(voucherColumns)
    .from(journal)
    .innerJoin(moneyAccount, eq(moneyAccount.id, journal.money_account_id))
    .innerJoin(otherAccount, eq(otherAccount.id, journal.account_id))
    .leftJoin(users, eq(users.id, journal.user_id));

type VoucherFilter = Omit<VoucherListQuery, 'page' | 'pageSize' | 'store_id' | 'year_id'> & {
  storeId: number;
  /** Only this user's vouchers (a role without `readOthers`). */
  userId?: number | undefined;
};

const voucherWhere = (f: VoucherFilter): SQL | undefined =>
  and(
    eq(journal.store_id, f.storeId),
    isNotNull(journal.voucher_kind),
    f.yearId === undefined ? undefined : eq(journal.yearId, f.yearId),
    f.from ? gte(journal.j_date, f.from) : undefined,
    f.to ? lte(journal.j_date, f.to) : undefined,
    f.voucher_kind ? eq(journal.voucher_kind, f.voucher_kind) : undefined,
    f.account_id ? eq(journal.account_id, f.account_id) : undefined,
    f.userId === undefined ? undefined : eq(journal.user_id, f.userId),
  );

/**
 * One page of the voucher record, newest first, with the count and the sum of the amounts of the whole filter (one
 * aggregate, so the sum does not depend on the page), over the store, year and date index.
 */
export async function pageVouchers(db: DbOrTx, filter: VoucherFilter, page: number, pageSize: number) {
  const where = voucherWhere(filter);
  const [rows, [sums]] = await Promise.all([
    vouchers(db)
      .where(where)
      .orderBy(desc(journal.j_date), desc(journal.j_id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count(), amount: sql<string>`coalesce(sum(${journal.j_pay}), 0)::numeric(20, 2)::text` })
      .from(journal)
      .where(where),
  ]);
  return { rows, total: sums?.n ?? 0, amount_total: sums?.amount ?? '0.00' };
}

/** One voucher of the store with its lines and allocations; undefined when there is none (or it is no voucher). */
export async function readVoucher(db: DbOrTx, storeId: number, jId: number): Promise<VoucherWithDetails | undefined> {
  const [row] = await vouchers(db).where(and(voucherWhere({ storeId, yearId: undefined }), eq(journal.j_id, jId)));
  if (!row) return undefined;
  const [items, allocations] = await Promise.all([
    listLines(db, { storeId, jId }),
    db
      .select({
        pay_id: paymentAllocation.pay_id,
        pay_ref: tradeDocument.pay_ref,
        pay_date: tradeDocument.pay_date,
        amount: paymentAllocation.amount,
      })
      .from(paymentAllocation)
      .innerJoin(tradeDocument, eq(tradeDocument.pay_id, paymentAllocation.pay_id))
      .where(eq(paymentAllocation.j_id, jId))
      .orderBy(asc(tradeDocument.pay_date), asc(tradeDocument.pay_id)),
  ]);
  return { ...row, items, allocations };
}

/**
 * An account's invoices still open to a voucher of this kind (a receipt: its sales; a payment: its purchases), of
 * the year read and those before it (one book), oldest first: what each still owes once every voucher's
 * allocations are taken off its remainder, leaving out the voucher `exceptJId`'s own (an edit replaces them).
 * `lock`: the invoices are locked (in id order) until the transaction ends, so two vouchers never settle the same
 * remainder twice. `payIds`: only these invoices (a voucher's chosen ones).
 */
export async function openInvoices(
  db: DbOrTx,
  f: {
    storeId: number;
    accountId: number;
    kind: VoucherKind;
    yearId: number;
    exceptJId?: number | undefined;
    lock?: boolean;
    payIds?: number[];
  },
): Promise<OpenInvoice[]> {
  const invoiceKind = settledKindOf[f.kind];
  if (!invoiceKind) return [];
  const except = f.exceptJId === undefined ? sql`` : sql`and a.j_id <> ${f.exceptJId}`;
  const only = f.payIds ? sql`and d.pay_id = any(${arrayOf(f.payIds)}::int[])` : sql``;
  if (f.lock)
    await db.execute(sql`select d.pay_id from trade_document d
      where d.store_id = ${f.storeId} and d.cust_id = ${f.accountId} and d.kind = ${invoiceKind} ${only}
      order by d.pay_id for update`);
  const { rows } = await db.execute<OpenInvoice>(sql`
    select d.pay_id, d.pay_ref, d.pay_date::text as pay_date, d."nextPay"::text as "nextPay", d."yearId",
      d.total_with_vat::text as net, d.changee::text as changee,
      s.settled::text as settled, (d.changee - s.settled)::numeric(15, 2)::text as remaining
    from ${tradeDocument} d,
      lateral (select coalesce(sum(a.amount), 0)::numeric(15, 2) as settled from ${paymentAllocation} a
        where a.pay_id = d.pay_id ${except}) s
    where d.store_id = ${f.storeId} and d.cust_id = ${f.accountId} and d.kind = ${invoiceKind}
      and not d.awaiting_lines and d."yearId" in ${yearsThrough(f.yearId)} ${only}
      and d.changee - s.settled > 0
    order by d.pay_date, d.pay_id`);
  return rows;
}

/** The store's account of this id with what a voucher checks: its class, role and type. */
export async function voucherAccount(db: DbOrTx, storeId: number, id: number) {
  const [row] = await db
    .select({ id: subAccounts.id, ac_id: subAccounts.ac_id, role: subAccounts.role, type: subAccounts.account_type })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, id), eq(subAccounts.store_id, storeId)));
  return row;
}
