/**
 * The legacy three-call save of a journal (domain.md 5.6): `journal/create` (a header; its answer's `message` is the
 * new `j_id`), then `jdetails_from/createMulti` (the debit lines), then `jdetails_to/createMulti` (the credit lines);
 * edits by `journal/update` and `jdetails_*\/update` (one line by id), deletes of a side's lines or of the whole
 * journal by `j_ref`. Each call is one transaction, and each ends with `settleJournal`: the journal posts when, and
 * only when, its two sides are equal and non-zero, so between the calls it posts nothing.
 */
import {
  checkLineSides,
  fail,
  type JournalSide,
  type JournalWithLines,
  type LegacyJournalHeaderBody,
  type LegacyJournalLine,
  type LegacyJournalLineUpdateBody,
  ok,
  type Result,
  type SessionUser,
} from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { journal, journalLine } from '../../db/schema.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findJournal, findJournalIdByRef, type JournalRow, lockJournal, nextLineNo } from './journal.queries.ts';
import { removeJournal } from './journal.service.ts';
import {
  checkLineAccounts,
  headerValues,
  insertHeader,
  insertLines,
  journalRefusal,
  loadYear,
  logJournal,
  settleJournal,
} from './journal.writes.ts';

type Journals = Result<JournalWithLines[]>;

/** `journal/create`: a header without lines yet. The client's own reference is kept so its lines find it. */
export function createHeader(db: DbOrTx, user: SessionUser, header: LegacyJournalHeaderBody & { yearId: number }) {
  return inTransaction(db, async (tx): Promise<Result<JournalWithLines>> => {
    const byRole = journalRefusal(user, 'journal', undefined, header.j_date);
    if (byRole) return byRole;
    const accountingYear = await loadYear(tx, header);
    if (!accountingYear.ok) return accountingYear;
    const jId = await insertHeader(tx, user, accountingYear.value.id, header, { client_ref: header.j_ref ?? null });
    const settled = await settleJournal(tx, jId, { fresh: true });
    if (!settled.ok) return settled;
    return ok(await logJournal(tx, user, 'insert journal', jId));
  });
}

/** `journal/update`: the header's fields (its date moves its postings); its lines stay. */
export function updateHeader(
  db: DbOrTx,
  user: SessionUser,
  jId: number,
  header: LegacyJournalHeaderBody & { yearId: number },
) {
  return inTransaction(db, async (tx): Promise<Result<JournalWithLines>> => {
    const existing = (await lockJournal(tx, user.store_id, jId))
      ? await findJournal(tx, user.store_id, jId)
      : undefined;
    if (!existing) return fail('NOT_FOUND');
    const byRole = journalRefusal(user, 'journal', existing, header.j_date);
    if (byRole) return byRole;
    const accountingYear = await loadYear(tx, header, existing);
    if (!accountingYear.ok) return accountingYear;
    await tx.update(journal).set(headerValues(header)).where(eq(journal.j_id, jId));
    const settled = await settleJournal(tx, jId);
    if (!settled.ok) return settled;
    return ok(await logJournal(tx, user, 'update journal', jId));
  });
}

/**
 * `jdetails_from/createMulti` (debit lines) and `jdetails_to/createMulti` (credit lines): lines added to their
 * journals, named by `j_id` or by reference, all or none. Every line names the year it belongs to (its route fills
 * in the request's year where a line names none); a journal is never found in, or moved to, another year.
 */
export function addLines(
  db: DbOrTx,
  user: SessionUser,
  side: JournalSide,
  lines: (LegacyJournalLine & { yearId: number })[],
) {
  const sides = checkLineSides(lines, { path: '', side });
  if (!sides.ok) return Promise.resolve(fail<JournalWithLines[]>(sides.code, sides.fields));
  return inTransaction(db, async (tx): Promise<Journals> => {
    const found = new Map<number, JournalRow>();
    const journalOf: number[] = [];
    for (const [index, line] of lines.entries()) {
      const named = line.j_id ?? (await findJournalIdByRef(tx, user.store_id, line.yearId, line.j_ref ?? ''));
      const row = named === undefined ? undefined : (found.get(named) ?? (await findJournal(tx, user.store_id, named)));
      if (!row) return fail('NOT_FOUND', { [`${index}.${line.j_id !== undefined ? 'j_id' : 'j_ref'}`]: 'NOT_FOUND' });
      // A journal's year never changes (an edit in another year is refused): read before its lock, it holds.
      if (row.yearId !== line.yearId)
        return fail('DOCUMENT_IN_OTHER_YEAR', { [`${index}.yearId`]: 'DOCUMENT_IN_OTHER_YEAR' });
      found.set(row.j_id, row);
      journalOf.push(row.j_id);
    }
    // Locked in id order: two batches naming the same journals wait for each other, never in a circle.
    const ids = [...found.keys()].sort((a, b) => a - b);
    for (const jId of ids) if (!(await lockJournal(tx, user.store_id, jId))) return fail('NOT_FOUND');
    // Adding lines changes each journal: another user's or another day's, as the user's role permits (read again
    // under its lock, since its date may have moved meanwhile).
    for (const jId of ids) {
      const byRole = journalRefusal(user, 'journal', await findJournal(tx, user.store_id, jId));
      if (byRole) return byRole;
    }
    const accounts = await checkLineAccounts(tx, user.store_id, lines, '');
    if (!accounts.ok) return accounts;

    const saved: JournalWithLines[] = [];
    for (const jId of ids) {
      const added = lines.filter((_, index) => journalOf[index] === jId).map((line) => ({ ...line, side }));
      await insertLines(tx, user.store_id, jId, added, await nextLineNo(tx, jId));
      const settled = await settleJournal(tx, jId);
      if (!settled.ok) return settled;
      saved.push(await logJournal(tx, user, 'update journal', jId));
    }
    return ok(saved);
  });
}

/** Drops the `0.` of a one-line check's fields: `jdetails_*\/update` sends one line, not an array. */
const asOneLine = <T>(result: Result<T>): Result<T> =>
  result.ok
    ? result
    : fail(
        result.code,
        result.fields &&
          Object.fromEntries(Object.entries(result.fields).map(([field, code]) => [field.replace(/^0\./, ''), code])),
      );

/** `jdetails_from/update` and `jdetails_to/update`: one line of that side, by its id, replaced. */
export function updateLine(db: DbOrTx, user: SessionUser, side: JournalSide, line: LegacyJournalLineUpdateBody) {
  const sides = asOneLine(checkLineSides([line], { path: '', side }));
  if (!sides.ok) return Promise.resolve(fail<JournalWithLines>(sides.code, sides.fields));
  return inTransaction(db, async (tx): Promise<Result<JournalWithLines>> => {
    const [row] = await tx
      .select({ j_id: journalLine.j_id })
      .from(journalLine)
      .where(and(eq(journalLine.id, line.id), eq(journalLine.store_id, user.store_id), eq(journalLine.side, side)));
    if (!row || !(await lockJournal(tx, user.store_id, row.j_id))) return fail('NOT_FOUND', { id: 'NOT_FOUND' });
    const existing = await findJournal(tx, user.store_id, row.j_id);
    if (!existing) return fail('NOT_FOUND', { id: 'NOT_FOUND' });
    const byRole = journalRefusal(user, 'journal', existing);
    if (byRole) return byRole;
    if (line.yearId !== undefined && line.yearId !== existing.yearId)
      return fail('DOCUMENT_IN_OTHER_YEAR', { yearId: 'DOCUMENT_IN_OTHER_YEAR' });
    const accounts = asOneLine(await checkLineAccounts(tx, user.store_id, [line], ''));
    if (!accounts.ok) return accounts;
    await tx
      .update(journalLine)
      .set({ ac_id: line.ac_id, debit: line.debit, credit: line.credit, j_desc: line.j_desc })
      .where(eq(journalLine.id, line.id));
    const settled = await settleJournal(tx, row.j_id);
    if (!settled.ok) return settled;
    return ok(await logJournal(tx, user, 'update journal', row.j_id));
  });
}

/**
 * `jdetails_*\/deleteMultiServices`: one side's lines of the journal a reference names. The legacy client deletes
 * the header first and then each side's lines, so lines of a journal that is gone answer nothing, not an error.
 */
export function removeLines(db: DbOrTx, user: SessionUser, side: JournalSide, ref: string, yearId: number) {
  return inTransaction(db, async (tx): Promise<Journals> => {
    const jId = await findJournalIdByRef(tx, user.store_id, yearId, ref);
    if (jId === undefined || !(await lockJournal(tx, user.store_id, jId))) return ok([]);
    const byRole = journalRefusal(user, 'journal', await findJournal(tx, user.store_id, jId));
    if (byRole) return byRole;
    await tx.delete(journalLine).where(and(eq(journalLine.j_id, jId), eq(journalLine.side, side)));
    const settled = await settleJournal(tx, jId);
    if (!settled.ok) return settled;
    return ok([await logJournal(tx, user, 'update journal', jId)]);
  });
}

/** `journal/deleteMultiServices`: the journal a reference names, with its lines and what it posted. */
export function deleteByRef(db: DbOrTx, user: SessionUser, ref: string, yearId: number) {
  return inTransaction(db, async (tx): Promise<Result<{ j_id: number }>> => {
    const jId = await findJournalIdByRef(tx, user.store_id, yearId, ref);
    return jId === undefined ? fail('NOT_FOUND', { j_ref: 'NOT_FOUND' }) : removeJournal(tx, user, jId);
  });
}
