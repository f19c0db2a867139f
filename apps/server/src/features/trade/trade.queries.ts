import {
  type DocumentListQuery,
  type documentSortKeys,
  grossProfitKindTokens,
  type KindToken,
  kindOf,
  MONEY_CLASS,
} from '@mizan/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountBalance, documentDay, store, subAccounts, tradeDocument, tradeLine, users } from '../../db/schema.ts';
import { listOrder } from '../../lib/listOrder.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { yearsThrough } from '../book/bookYears.ts';

export const documentColumns = {
  pay_id: tradeDocument.pay_id,
  kind: tradeDocument.kind,
  value_only: tradeDocument.value_only,
  awaiting_lines: tradeDocument.awaiting_lines,
  pay_ref: tradeDocument.pay_ref,
  store_id: tradeDocument.store_id,
  yearId: tradeDocument.yearId,
  user_id: tradeDocument.user_id,
  user_name: users.full_name,
  cust_id: tradeDocument.cust_id,
  sub_name: subAccounts.sub_name,
  tot_pr: tradeDocument.tot_pr,
  discount: tradeDocument.discount,
  discount_percent: tradeDocument.discount_percent,
  pay: tradeDocument.pay,
  changee: tradeDocument.changee,
  taxTot: tradeDocument.taxTot,
  total_with_vat: tradeDocument.total_with_vat,
  vat_charged: tradeDocument.vat_charged,
  vat_included: tradeDocument.vat_included,
  vat_rate: tradeDocument.vat_rate,
  pay_date: tradeDocument.pay_date,
  pay_time: tradeDocument.pay_time,
  pay_method: tradeDocument.pay_method,
  payComment: tradeDocument.payComment,
  nextPay: tradeDocument.nextPay,
  money_account_id: tradeDocument.money_account_id,
  /** What vouchers settled of its remainder: its allocations' sum, kept on it (docs/vouchers.md). */
  settled: tradeDocument.allocated,
};

const documentsQuery = (db: DbOrTx) =>
  db
    .select(documentColumns)
    .from(tradeDocument)
    .innerJoin(subAccounts, eq(subAccounts.id, tradeDocument.cust_id))
    .leftJoin(users, eq(users.id, tradeDocument.user_id));

export type DocumentFilter = {
  storeId: number;
  kind: KindToken;
  yearId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  custId?: number | undefined;
  valueOnly?: boolean | undefined;
  payRef?: string | undefined;
  /** Any of these references (a number as typed and the full reference it stands for). */
  refIn?: string[] | undefined;
  payId?: number | undefined;
  /** Only this user's documents (a role without `readOthers`, documentPermissions.ts `readableAuthor`). */
  userId?: number | undefined;
  dueOnly?: boolean;
  /** Only documents falling due by this day (their `nextPay`), with `dueOnly`. */
  dueBy?: string | undefined;
  /**
   * Records only: leave out legacy headers still awaiting their lines (posted nothing: a header whose lines were
   * refused, or were deleted before new ones), so a list, its count and its sums hold what was sold or bought.
   */
  recordsOnly?: boolean;
};

function documentWhere(f: DocumentFilter): SQL | undefined {
  return and(
    eq(tradeDocument.store_id, f.storeId),
    eq(tradeDocument.kind, f.kind),
    f.yearId === undefined
      ? undefined
      : // What is still due at a year's end includes earlier years' unpaid invoices (one book).
        // An array, not `in (select …)`: the planner made that a join with the years and read the list once a year.
        f.dueOnly
        ? sql`${tradeDocument.yearId} = any(array${yearsThrough(f.yearId)})`
        : eq(tradeDocument.yearId, f.yearId),
    f.from ? gte(tradeDocument.pay_date, f.from) : undefined,
    f.to ? lte(tradeDocument.pay_date, f.to) : undefined,
    f.custId ? eq(tradeDocument.cust_id, f.custId) : undefined,
    f.valueOnly === undefined ? undefined : eq(tradeDocument.value_only, f.valueOnly),
    f.payRef ? eq(tradeDocument.pay_ref, f.payRef) : undefined,
    f.refIn ? inArray(tradeDocument.pay_ref, f.refIn) : undefined,
    f.payId ? eq(tradeDocument.pay_id, f.payId) : undefined,
    f.userId === undefined ? undefined : eq(tradeDocument.user_id, f.userId),
    f.recordsOnly ? eq(tradeDocument.awaiting_lines, false) : undefined,
    f.dueBy ? lte(tradeDocument.nextPay, f.dueBy) : undefined,
    f.dueOnly
      ? and(
          isNotNull(tradeDocument.nextPay),
          // Still a remainder once the vouchers' allocations are taken off it.
          sql`${tradeDocument.changee} > ${tradeDocument.allocated}`,
          f.yearId === undefined ? partyStillOwesInItsYear(f.kind) : partyStillOwes(f.storeId, f.kind, f.yearId),
        )
      : undefined,
  );
}

/**
 * The party of the document still owes its side at the end of the year read (seed: payment-due notifications are
 * the headers with a next payment date "combined with the account balance"): a customer whose balance is still on
 * the debit side, a supplier still on the credit side. A party's balance carries across years (one book), so last
 * year's unpaid invoice is still due. A remainder settled later by a voucher is not due.
 *
 * Each party's balance is summed once, over the kept sums of the parties with an invoice still due (read from the
 * due index): summed per invoice, the large store's 4,660 open sales read their parties' balances 9,320 times
 * (54,000 buffers, 81 ms in the database at a load of 7; now 15,900 buffers, 25 ms).
 */
function partyStillOwes(storeId: number, kind: KindToken, yearId: number): SQL {
  const dueParties = sql`select d.cust_id from ${tradeDocument} d where d.store_id = ${storeId} and d.kind = ${kind}
    and d."nextPay" is not null and d.changee > d.allocated and not d.awaiting_lines`;
  const side = kindOf(kind).party === 'supplier' ? sql`< 0` : sql`> 0`;
  return sql`${tradeDocument.cust_id} in (
    select s.id from ${subAccounts} s
    left join (select b.account_id, sum(b.debit_total - b.credit_total) as net from ${accountBalance} b
      where b.store_id = ${storeId} and b.account_id in (${dueParties})
        and b."yearId" = any(array${yearsThrough(yearId)})
      group by b.account_id) b on b.account_id = s.id
    where s.store_id = ${storeId} and coalesce(b.net, 0) ${side})`;
}

/** The same without a year read: each document's party as of the document's own year and those before it. */
function partyStillOwesInItsYear(kind: KindToken): SQL {
  // Its opening balance is among its ledger lines, on its day.
  const debitSide = sql`coalesce((select sum(${accountBalance.debit_total} - ${accountBalance.credit_total}) from ${accountBalance}
       where ${accountBalance.store_id} = ${tradeDocument.store_id} and ${accountBalance.account_id} = ${tradeDocument.cust_id}
       and ${accountBalance.yearId} in ${yearsThrough(tradeDocument.yearId)}), 0)`;
  return kindOf(kind).party === 'supplier' ? sql`${debitSide} < 0` : sql`${debitSide} > 0`;
}

const newestFirst = [desc(tradeDocument.pay_date), desc(tradeDocument.pay_id)] as const;

/** Documents newest first (by date, then by reference number). */
export const listDocuments = (db: DbOrTx, filter: DocumentFilter, limit: number) =>
  documentsQuery(db)
    .where(documentWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit);

/**
 * What the payment-due list (`paynotif`, the same filter) still has to be paid or collected: the remainders of its
 * documents once the vouchers' allocations are taken off, and how many they are.
 */
export async function dueSum(db: DbOrTx, filter: DocumentFilter & { dueOnly: true }) {
  const [row] = await db
    .select({
      total: moneySum(sql`${tradeDocument.changee} - ${tradeDocument.allocated}`),
      documents: sql<number>`count(*)::int`,
    })
    .from(tradeDocument)
    .where(documentWhere(filter));
  return row ?? { total: '0.00', documents: 0 };
}

/** A sum of a money column as a decimal string with 2 places ('0.00' when nothing matches). */
const moneySum = (column: SQLWrapper) => sql<string>`round(coalesce(sum(${column}), 0), 2)::text`;

/** The columns a header of a record sorts by. */
const documentSort: Record<(typeof documentSortKeys)[number], SQLWrapper> = {
  pay_ref: tradeDocument.pay_ref,
  pay_date: tradeDocument.pay_date,
  sub_name: subAccounts.sub_name,
  tot_pr: tradeDocument.tot_pr,
  discount: tradeDocument.discount,
  net: sql`${tradeDocument.tot_pr} - ${tradeDocument.discount}`,
  pay: tradeDocument.pay,
  changee: tradeDocument.changee,
};

/**
 * Whether a record's count and sums can be read from the days' kept sums (`document_day`): a filter by store, kind,
 * year, dates, value-only flag and user, over records only. A party, a reference or "still due" narrows the list to
 * a few documents, summed from their rows.
 */
const keptDaysCover = (f: DocumentFilter) =>
  f.recordsOnly === true && !f.custId && !f.payRef && !f.refIn && !f.payId && !f.dueOnly;

function keptDaysWhere(f: DocumentFilter): SQL | undefined {
  return and(
    eq(documentDay.store_id, f.storeId),
    eq(documentDay.kind, f.kind),
    f.yearId === undefined ? undefined : eq(documentDay.yearId, f.yearId),
    f.from ? gte(documentDay.pay_date, f.from) : undefined,
    f.to ? lte(documentDay.pay_date, f.to) : undefined,
    f.valueOnly === undefined ? undefined : eq(documentDay.value_only, f.valueOnly),
    f.userId === undefined ? undefined : eq(documentDay.user_id, f.userId),
  );
}

/**
 * One page of documents, newest first (or by the column the user sorted), with the count and the column sums of
 * every document the filter matches: one aggregate over the whole filter (over the days' kept sums where they cover
 * it), so the totals do not depend on the page.
 */
export async function pageDocuments(
  db: DbOrTx,
  filter: DocumentFilter,
  { page = 1, pageSize, sort, order }: Pick<DocumentListQuery, 'page' | 'pageSize' | 'sort' | 'order'>,
) {
  const where = documentWhere(filter);
  const [rows, [totals]] = await Promise.all([
    documentsQuery(db)
      .where(where)
      .orderBy(...listOrder(documentSort, { sort, order }, [...newestFirst]))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    keptDaysCover(filter)
      ? db
          .select({
            total: sql<number>`coalesce(sum(${documentDay.documents}), 0)::int`,
            tot_pr: moneySum(documentDay.tot_pr),
            discount: moneySum(documentDay.discount),
            net: moneySum(sql`${documentDay.tot_pr} - ${documentDay.discount}`),
            pay: moneySum(documentDay.pay),
            changee: moneySum(documentDay.changee),
          })
          .from(documentDay)
          .where(keptDaysWhere(filter))
      : db
          .select({
            total: count(),
            tot_pr: moneySum(tradeDocument.tot_pr),
            discount: moneySum(tradeDocument.discount),
            net: moneySum(sql`${tradeDocument.tot_pr} - ${tradeDocument.discount}`),
            pay: moneySum(tradeDocument.pay),
            changee: moneySum(tradeDocument.changee),
          })
          .from(tradeDocument)
          .where(where),
  ]);
  if (!totals) throw new Error('document aggregate returned nothing');
  const { total, ...sums } = totals;
  return { rows, total, sums };
}

/**
 * Locks one document until the transaction ends, so edits, conversions and deletes of it queue one behind the
 * other instead of each taking off the same old postings. False when the store has no such document (any more).
 */
export async function lockDocument(tx: DbOrTx, storeId: number, kind: KindToken, payId: number) {
  const [row] = await tx
    .select({ pay_id: tradeDocument.pay_id })
    .from(tradeDocument)
    .where(and(eq(tradeDocument.store_id, storeId), eq(tradeDocument.kind, kind), eq(tradeDocument.pay_id, payId)))
    .for('update');
  return row !== undefined;
}

export async function findDocument(db: DbOrTx, filter: DocumentFilter) {
  const [found] = await documentsQuery(db).where(documentWhere(filter));
  return found;
}

/**
 * A line's share of its document's discount, handed out by a running total over the lines in order (the share up to
 * and with this line, less the share before it), so the shares add up to the discount to the cent.
 */
const discountShare = sql`(
  select coalesce(round(${tradeDocument.discount} * sum(x.tot) filter (where x.id <= ${tradeLine.id})
      / nullif(sum(x.tot), 0), 2)
    - round(${tradeDocument.discount} * coalesce(sum(x.tot) filter (where x.id < ${tradeLine.id}), 0)
      / nullif(sum(x.tot), 0), 2), 0)
  from trade_line x where x.pay_id = ${tradeLine.pay_id})`;

/** The VAT a line's net holds when its prices included VAT: not the shop's revenue. Otherwise it came on top. */
const vatHeld = sql`case when ${tradeDocument.vat_included} then ${tradeLine.vat} else 0 end`;

const lineColumns = {
  id: tradeLine.id,
  pay_id: tradeLine.pay_id,
  pay_ref: tradeDocument.pay_ref,
  item_id: tradeLine.item_id,
  item_name: tradeLine.item_name,
  quantity: tradeLine.quantity,
  pay_price: tradeLine.pay_price,
  perch_price: tradeLine.perch_price,
  tot: tradeLine.tot,
  tax: tradeLine.tax,
  vat: tradeLine.vat,
  pay_date: tradeDocument.pay_date,
  sub_name: subAccounts.sub_name,
  cost: tradeLine.cost,
  // For the kinds whose lines read their gross profit (a sale's), once the cost engine has valued the line.
  gross_profit: sql<string | null>`case when ${tradeDocument.kind} = any(${arrayOf(grossProfitKindTokens)}::text[])
    and ${tradeLine.cost} is not null then
    (${tradeLine.tot} - ${discountShare} - ${vatHeld} - ${tradeLine.cost})::text end`,
};

export type LineFilter = DocumentFilter & { itemId?: number | undefined };

/** Lines with their document's date, reference and party (the legacy per-item and per-date reads). */
export const listLines = (db: DbOrTx, filter: LineFilter, limit = 2000) =>
  db
    .select(lineColumns)
    .from(tradeLine)
    .innerJoin(tradeDocument, eq(tradeDocument.pay_id, tradeLine.pay_id))
    .innerJoin(subAccounts, eq(subAccounts.id, tradeDocument.cust_id))
    .where(and(documentWhere(filter), filter.itemId ? eq(tradeLine.item_id, filter.itemId) : undefined))
    .orderBy(desc(tradeDocument.pay_date), asc(tradeLine.id))
    .limit(limit);

export async function quantityOfItem(db: DbOrTx, filter: LineFilter) {
  const [row] = await db
    .select({ quantity: sql<string>`coalesce(sum(${tradeLine.quantity}), 0)::text` })
    .from(tradeLine)
    .innerJoin(tradeDocument, eq(tradeDocument.pay_id, tradeLine.pay_id))
    .where(and(documentWhere(filter), eq(tradeLine.item_id, filter.itemId ?? 0)));
  return row?.quantity ?? '0';
}

/**
 * The upsert that takes the next number on a reference counter (a kind's `sequence`) in a store, answering `answer`
 * of the counter's row; it runs on across years, so references never repeat in a store. The row is inserted or
 * incremented in one statement, which locks it until the transaction ends: two tills saving at once get
 * consecutive, distinct numbers.
 */
const takeNumber = (storeId: number, sequence: string, answer: SQL) => sql`
  insert into document_counter (store_id, kind, last) values (${storeId}, ${sequence}, 1)
  on conflict (store_id, kind) do update set last = document_counter.last + 1
  returning ${answer}`;

/** The next number on a reference counter, taken now (stock counts and journals, numbered as their header is written). */
export async function nextSequence(tx: DbOrTx, storeId: number, sequence: string): Promise<number> {
  const { rows } = await tx.execute<{ last: number }>(takeNumber(storeId, sequence, sql`last`));
  const [row] = rows;
  if (!row) throw new Error('reference counter returned nothing');
  return Number(row.last);
}

/**
 * The next number as a part of a save's last statement, answered as the reference it makes (`prefix`,
 * `referencePrefix`, then the number padded to six digits as `formatReference` pads it).
 */
export const nextReferenceSql = (storeId: number, sequence: string, prefix: string): SQL =>
  takeNumber(
    storeId,
    sequence,
    sql`${prefix}::text || lpad(last::text, greatest(6, length(last::text)), '0') as reference`,
  );

export async function storeOf(db: DbOrTx, storeId: number) {
  const [row] = await db.select().from(store).where(eq(store.id, storeId));
  if (!row) throw new Error(`store ${storeId} not found`);
  return row;
}

export type SavedDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>> & {
  items: Awaited<ReturnType<typeof listLines>>;
};

/**
 * One document with its lines, in one statement (the header's columns on each of its lines; a document without
 * lines is one row); undefined when the store has no such document of the kind.
 */
export async function readDocument(
  db: DbOrTx,
  storeId: number,
  kind: KindToken,
  payId: number,
): Promise<SavedDocument | undefined> {
  const rows = await db
    .select({ document: documentColumns, line: lineColumns })
    .from(tradeDocument)
    .innerJoin(subAccounts, eq(subAccounts.id, tradeDocument.cust_id))
    .leftJoin(users, eq(users.id, tradeDocument.user_id))
    .leftJoin(tradeLine, eq(tradeLine.pay_id, tradeDocument.pay_id))
    .where(documentWhere({ storeId, kind, payId }))
    .orderBy(asc(tradeLine.id));
  const [first] = rows;
  if (!first) return undefined;
  type Line = SavedDocument['items'][number];
  return { ...first.document, items: rows.flatMap(({ line }) => (line.id === null ? [] : [line as Line])) };
}

/** One of the store's money accounts (a cash box or bank: class 4), or undefined. */
export async function moneyAccountOf(db: DbOrTx, storeId: number, id: number) {
  const [row] = await db
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, id), eq(subAccounts.store_id, storeId), eq(subAccounts.ac_id, MONEY_CLASS)));
  return row;
}

/** A document line as `insertLines` writes it (its kept cost is written later, by the cost engine). */
export type NewLine = {
  pay_id: number;
  store_id: number;
  item_id: number;
  item_name: string;
  quantity: string;
  pay_price: string;
  perch_price: string;
  tot: string;
  tax: string;
  vat: string;
};

/**
 * Inserts a document's lines in one statement of column arrays (one parameter a column, whatever the number of
 * lines) and answers their ids in the lines' order: the ids come from one sequence, taken in the order of
 * `ordinality`, so sorted they follow the lines.
 */
export async function insertLines(db: DbOrTx, lines: NewLine[]): Promise<number[]> {
  if (lines.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot, tax, vat)
    select pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot, tax, vat
    from ${lineArrays(
      lines,
      lines.map((line) => line.pay_id),
    )}
    order by n
    returning id`);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * A new document's header and its lines in one statement: `header` is the header's insert, answering its `pay_id`,
 * which the lines take. Answers the document's id and its lines' ids in the lines' order (as `insertLines`).
 */
export async function insertHeaderWithLines(
  db: DbOrTx,
  header: SQL,
  lines: Omit<NewLine, 'pay_id'>[],
): Promise<{ payId: number; lineIds: number[] }> {
  const { rows } = await db.execute<{ pay_id: number; id: number }>(sql`
    with h as (${header})
    insert into trade_line (pay_id, store_id, item_id, item_name, quantity, pay_price, perch_price, tot, tax, vat)
    select h.pay_id, l.store_id, l.item_id, l.item_name, l.quantity, l.pay_price, l.perch_price, l.tot, l.tax, l.vat
    from h cross join ${lineArrays(lines)}
    order by l.n
    returning pay_id, id`);
  const [first] = rows;
  if (!first) throw new Error('document insert returned nothing');
  return { payId: first.pay_id, lineIds: rows.map((row) => Number(row.id)).sort((a, b) => a - b) };
}

/**
 * The lines as a row source `l` of unnested column arrays, numbered `n` in their order; with `payIds`, each line's
 * document too (a new document's lines take its id from the header's insert instead).
 */
function lineArrays(lines: Omit<NewLine, 'pay_id'>[], payIds?: number[]) {
  const column = <K extends keyof Omit<NewLine, 'pay_id'>>(key: K) => arrayOf(lines.map((line) => line[key]));
  const payIdColumn = payIds
    ? { array: sql`${arrayOf(payIds)}::int[], `, name: sql`pay_id, ` }
    : { array: sql``, name: sql`` };
  return sql`unnest(${payIdColumn.array}${column('store_id')}::int[], ${column('item_id')}::int[],
      ${column('item_name')}::text[], ${column('quantity')}::numeric[], ${column('pay_price')}::numeric[],
      ${column('perch_price')}::numeric[], ${column('tot')}::numeric[], ${column('tax')}::numeric[],
      ${column('vat')}::numeric[])
      with ordinality as l(${payIdColumn.name}store_id, item_id, item_name, quantity, pay_price, perch_price, tot, tax,
      vat, n)`;
}
