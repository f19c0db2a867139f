/** The journal's SQL: headers and lines, by id, by reference, by store, year and date. Each takes (db | tx). */
import type { JournalSide, JournalWithLines } from '@mizan/contract';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { journal, journalLine, subAccounts, users } from '../../db/schema.ts';

const journalColumns = {
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
};

export type JournalRow = Awaited<ReturnType<typeof listJournals>>[number];

export type JournalFilter = {
  storeId: number;
  jId?: number | undefined;
  yearId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only this user's journals (a role without `readOthers`). */
  userId?: number | undefined;
};

const journalWhere = (f: JournalFilter): SQL | undefined =>
  and(
    eq(journal.store_id, f.storeId),
    f.jId === undefined ? undefined : eq(journal.j_id, f.jId),
    f.yearId === undefined ? undefined : eq(journal.yearId, f.yearId),
    f.from ? gte(journal.j_date, f.from) : undefined,
    f.to ? lte(journal.j_date, f.to) : undefined,
    f.userId === undefined ? undefined : eq(journal.user_id, f.userId),
  );

/** Journals newest first (by date, then by number), over the store, year and date index. */
export const listJournals = (db: DbOrTx, filter: JournalFilter, limit: number) =>
  db
    .select(journalColumns)
    .from(journal)
    .leftJoin(users, eq(users.id, journal.user_id))
    .where(journalWhere(filter))
    .orderBy(desc(journal.j_date), desc(journal.j_id))
    .limit(limit);

export async function findJournal(db: DbOrTx, storeId: number, jId: number): Promise<JournalRow | undefined> {
  const [row] = await listJournals(db, { storeId, jId }, 1);
  return row;
}

/** Locks a journal of the store until the transaction ends: its edits and deletes queue behind each other. */
export async function lockJournal(db: DbOrTx, storeId: number, jId: number): Promise<boolean> {
  const rows = await db
    .select({ j_id: journal.j_id })
    .from(journal)
    .where(and(eq(journal.store_id, storeId), eq(journal.j_id, jId)))
    .for('update');
  return rows.length > 0;
}

/**
 * The journal a legacy client names by reference in a year: the server's reference, else the one the client made
 * up (`client_ref`). Undefined when none matches, or when the client's reference names more than one (legacy
 * references can repeat): no line is ever added to a journal picked by chance.
 */
export async function findJournalIdByRef(db: DbOrTx, storeId: number, yearId: number, ref: string) {
  const rows = await db
    .select({ j_id: journal.j_id, j_ref: journal.j_ref })
    .from(journal)
    .where(
      and(
        eq(journal.store_id, storeId),
        eq(journal.yearId, yearId),
        or(eq(journal.j_ref, ref), eq(journal.client_ref, ref)),
      ),
    )
    .limit(3);
  const own = rows.find((row) => row.j_ref === ref);
  if (own) return own.j_id;
  return rows.length === 1 ? rows[0]?.j_id : undefined;
}

export type LineFilter = JournalFilter & { side?: JournalSide | undefined };

/** Lines with their journal's reference, type, date and year and their account's name, in journal and line order. */
export const listLines = (db: DbOrTx, filter: LineFilter, limit = 5000) =>
  db
    .select({
      id: journalLine.id,
      j_id: journalLine.j_id,
      j_ref: journal.j_ref,
      side: journalLine.side,
      ac_id: journalLine.ac_id,
      sub_name: subAccounts.sub_name,
      sub_code: subAccounts.sub_code,
      debit: journalLine.debit,
      credit: journalLine.credit,
      j_desc: journalLine.j_desc,
      j_type: journal.j_type,
      j_date: journal.j_date,
      store_id: journalLine.store_id,
      yearId: journal.yearId,
    })
    .from(journalLine)
    .innerJoin(journal, eq(journal.j_id, journalLine.j_id))
    .innerJoin(subAccounts, eq(subAccounts.id, journalLine.ac_id))
    .where(and(journalWhere(filter), filter.side ? eq(journalLine.side, filter.side) : undefined))
    .orderBy(desc(journal.j_date), desc(journal.j_id), asc(journalLine.line_no), asc(journalLine.id))
    .limit(limit);

/** A journal's lines as its rule reads them, in their order. */
export const linesToPost = (db: DbOrTx, jId: number) =>
  db
    .select({
      ac_id: journalLine.ac_id,
      debit: journalLine.debit,
      credit: journalLine.credit,
      j_desc: journalLine.j_desc,
    })
    .from(journalLine)
    .where(eq(journalLine.j_id, jId))
    .orderBy(asc(journalLine.line_no), asc(journalLine.id));

/** The store's accounts among these ids, with their role (`inventory`, `cash_box`, ... or none). */
export async function accountRoles(db: DbOrTx, storeId: number, ids: number[]) {
  const rows = await db
    .select({ id: subAccounts.id, role: subAccounts.role })
    .from(subAccounts)
    .where(and(eq(subAccounts.store_id, storeId), inArray(subAccounts.id, [...new Set(ids)])));
  return new Map<number, string | null>(rows.map((row) => [row.id, row.role]));
}

/** The place after a journal's last line (legacy lines are added after those it has). */
export async function nextLineNo(db: DbOrTx, jId: number) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${journalLine.line_no}), -1)::int + 1` })
    .from(journalLine)
    .where(eq(journalLine.j_id, jId));
  return row?.next ?? 0;
}

/** One journal with its lines (both sides); undefined when the store has no such journal. */
export async function readJournal(db: DbOrTx, storeId: number, jId: number): Promise<JournalWithLines | undefined> {
  const row = await findJournal(db, storeId, jId);
  return row ? { ...row, items: await listLines(db, { storeId, jId }) } : undefined;
}
