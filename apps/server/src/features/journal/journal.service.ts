/**
 * Journals (vouchers and journal entries): saved, edited and deleted in one transaction each, as load → rules →
 * write. Whatever wrote to a journal (our one-call save, or one of a legacy client's three calls), `settleJournal`
 * then keeps its totals and its postings: its lines go to the ledger on its date when its two sides are equal and
 * non-zero, and nothing of it is in the ledger otherwise. See docs/journals.md.
 */
import { createHash } from 'node:crypto';
import {
  checkJournal,
  fail,
  isWithinAmountBound,
  type JournalHeaderInput,
  type JournalLineInput,
  type JournalSide,
  type JournalWithLines,
  journalTotals,
  type LogAction,
  money,
  ok,
  parseMoney,
  type Result,
  type SessionUser,
  toMoneyString,
} from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { journal, journalLine } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { type AccountingYear, findYear, isInsideYear } from '../organisation/currentYear.ts';
import { repost } from '../posting/repost.ts';
import { nextSequence, storeOf } from '../trade/trade.queries.ts';
import { accountRoles, findJournal, type JournalRow, linesToPost, listLines, lockJournal } from './journal.queries.ts';
import { checkAccounts, JOURNAL_SEQUENCE, journalPosting, journalReference } from './journal.rules.ts';

/** A header's own fields as they are stored (a field left out is stored empty). */
export const headerValues = (header: JournalHeaderInput) => ({
  j_date: header.j_date,
  j_type: header.j_type,
  j_details: header.j_details,
  j_desc: header.j_desc,
  invo_ref: header.invo_ref,
  standard_details: header.standard_details,
});

export async function readJournal(db: DbOrTx, storeId: number, jId: number): Promise<JournalWithLines | undefined> {
  const row = await findJournal(db, storeId, jId);
  return row ? { ...row, items: await listLines(db, { storeId, jId }) } : undefined;
}

/**
 * The year a save writes into, and its date inside it. An edit keeps the journal in its own year: one sent in
 * another is refused, as an invoice's is.
 */
export async function loadYear(
  tx: DbOrTx,
  header: { yearId?: number | undefined; j_date: string },
  existing?: JournalRow,
): Promise<Result<AccountingYear>> {
  if (header.yearId === undefined) return fail('YEAR_REQUIRED', { yearId: 'YEAR_REQUIRED' });
  const accountingYear = await findYear(tx, header.yearId);
  if (!accountingYear) return fail('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
  if (existing && existing.yearId !== accountingYear.id)
    return fail('DOCUMENT_IN_OTHER_YEAR', { yearId: 'DOCUMENT_IN_OTHER_YEAR' });
  if (!isInsideYear(header.j_date, accountingYear)) return fail('DATE_OUTSIDE_YEAR', { j_date: 'DATE_OUTSIDE_YEAR' });
  return ok(accountingYear);
}

/** The accounts of lines, checked against the store's (`checkAccounts`): every refused line named at once. */
export async function checkLineAccounts(tx: DbOrTx, storeId: number, lines: { ac_id: number }[], path: string) {
  return checkAccounts(
    lines,
    await accountRoles(
      tx,
      storeId,
      lines.map((line) => line.ac_id),
    ),
    path,
  );
}

/** A new journal's header: its reference comes from the store's journal counter, in this transaction. */
export async function insertHeader(
  tx: Tx,
  user: SessionUser,
  yearId: number,
  header: JournalHeaderInput,
  keys: { client_ref?: string | null; idempotency_key?: string | null; idempotency_hash?: string | null } = {},
) {
  const { store_ref } = await storeOf(tx, user.store_id);
  const sequence = await nextSequence(tx, user.store_id, JOURNAL_SEQUENCE);
  const [row] = await tx
    .insert(journal)
    .values({
      ...headerValues(header),
      ...keys,
      j_ref: journalReference(store_ref, sequence),
      store_id: user.store_id,
      yearId,
      user_id: user.id,
    })
    .returning({ j_id: journal.j_id });
  if (!row) throw new Error('journal insert returned nothing');
  return row.j_id;
}

/** Adds lines to a journal after its others, each on its side. */
export async function insertLines(
  tx: Tx,
  storeId: number,
  jId: number,
  lines: (JournalLineInput & { side: JournalSide })[],
  firstLineNo = 0,
) {
  if (lines.length === 0) return;
  await tx.insert(journalLine).values(
    lines.map((line, index) => ({
      j_id: jId,
      store_id: storeId,
      side: line.side,
      line_no: firstLineNo + index,
      ac_id: line.ac_id,
      debit: line.debit,
      credit: line.credit,
      j_desc: line.j_desc,
    })),
  );
}

/**
 * After any write to a journal (its header, its lines): its totals from its lines, and its postings replaced by
 * what its rule posts now: its lines on its date when they balance, nothing otherwise. The only way a journal
 * reaches the ledger, through `repost` (no stock moves: only the money part is replaced). `fresh`: it is new and
 * posted nothing before.
 */
export async function settleJournal(tx: Tx, jId: number, options: { fresh?: boolean } = {}): Promise<Result<void>> {
  const [head] = await tx
    .select({
      store_id: journal.store_id,
      yearId: journal.yearId,
      j_date: journal.j_date,
      j_ref: journal.j_ref,
      j_details: journal.j_details,
      j_desc: journal.j_desc,
      j_type: journal.j_type,
    })
    .from(journal)
    .where(eq(journal.j_id, jId));
  if (!head) throw new Error(`journal ${jId} not found while settling it`);
  const lines = await linesToPost(tx, jId);
  const { debit, credit } = journalTotals(lines);
  // A legacy client may add lines call after call: each side's total stays within what the ledger keeps.
  if (!isWithinAmountBound(debit) || !isWithinAmountBound(credit)) return fail('AMOUNT_TOO_LARGE');
  const posting = journalPosting({ ...head, lines });
  await tx
    .update(journal)
    .set({ j_pay: toMoneyString(debit), credit_total: toMoneyString(credit), posted: posting !== undefined })
    .where(eq(journal.j_id, jId));
  await repost(tx, [
    {
      source: {
        store_id: head.store_id,
        yearId: head.yearId,
        source_kind: 'journal',
        source_id: jId,
        date: head.j_date,
        time: '00:00:00',
        reference: head.j_ref,
      },
      posting,
      stockUnchanged: true,
      fresh: options.fresh === true,
    },
  ]);
  return ok(undefined);
}

/** Writes the activity log's line of a journal change: a snapshot of what it holds now. */
export async function logJournal(tx: Tx, user: SessionUser, typee: LogAction, jId: number) {
  const saved = await readJournal(tx, user.store_id, jId);
  if (!saved) throw new Error(`journal ${jId} not found while logging it`);
  await writeLog(tx, {
    store_id: user.store_id,
    user_id: user.id,
    yearId: saved.yearId,
    typee,
    logToken: {
      j_id: saved.j_id,
      j_ref: saved.j_ref,
      j_date: saved.j_date,
      j_type: saved.j_type,
      j_pay: saved.j_pay,
      posted: saved.posted,
      lines: saved.items.map((line) => ({ ac_id: line.ac_id, debit: line.debit, credit: line.credit })),
    },
  });
  return saved;
}

export type JournalSave = {
  /** Its `yearId` is the year the route resolved for the request (see organisation/currentYear.ts). */
  header: JournalHeaderInput & { yearId: number };
  lines: JournalLineInput[];
  /** The journal being replaced (an edit), if any. */
  jId?: number;
  idempotencyKey?: string | undefined;
};

const canonicalAmount = (text: string) => toMoneyString(parseMoney(text) ?? money(0n));

/** A hash of a save's content (date and lines, in any order): a retry carries the same. */
function contentHash(save: JournalSave) {
  const lines = save.lines
    .map((line) => JSON.stringify([line.ac_id, canonicalAmount(line.debit), canonicalAmount(line.credit)]))
    .sort();
  return createHash('sha256')
    .update(JSON.stringify({ j_date: save.header.j_date, lines }))
    .digest('hex');
}

/** The journal an earlier save with this key made: answered when it is the same save, refused when it is not. */
async function earlierSave(db: DbOrTx, storeId: number, key: string, hash: string) {
  const [row] = await db
    .select({ j_id: journal.j_id, hash: journal.idempotency_hash })
    .from(journal)
    .where(and(eq(journal.store_id, storeId), eq(journal.idempotency_key, key)));
  if (!row) return undefined;
  if (row.hash !== hash)
    return fail<JournalWithLines>('IDEMPOTENCY_KEY_REUSED', { idempotency_key: 'IDEMPOTENCY_KEY_REUSED' });
  const saved = await readJournal(db, storeId, row.j_id);
  return saved ? ok(saved) : fail<JournalWithLines>('NOT_FOUND');
}

/**
 * Our one-call save (`createWithItems`, `updateWithItems`): a balanced, non-zero journal of the store's accounts,
 * header and every line, in one transaction; an edit replaces every line. Anything else is refused before a write.
 */
export async function saveJournal(db: DbOrTx, user: SessionUser, save: JournalSave): Promise<Result<JournalWithLines>> {
  const sides = checkJournal(save.lines);
  if (!sides.ok) return sides;
  const key = save.jId === undefined ? save.idempotencyKey : undefined;
  const hash = key ? contentHash(save) : undefined;
  if (key && hash) {
    const earlier = await earlierSave(db, user.store_id, key, hash);
    if (earlier) return earlier;
  }
  try {
    return await inTransaction(db, async (tx): Promise<Result<JournalWithLines>> => {
      let existing: JournalRow | undefined;
      if (save.jId !== undefined) {
        existing = (await lockJournal(tx, user.store_id, save.jId))
          ? await findJournal(tx, user.store_id, save.jId)
          : undefined;
        if (!existing) return fail('NOT_FOUND');
      }
      const accountingYear = await loadYear(tx, save.header, existing);
      if (!accountingYear.ok) return accountingYear;
      const accounts = await checkLineAccounts(tx, user.store_id, save.lines, 'items.');
      if (!accounts.ok) return accounts;

      let jId: number;
      if (existing) {
        jId = existing.j_id;
        await tx.update(journal).set(headerValues(save.header)).where(eq(journal.j_id, jId));
        await tx.delete(journalLine).where(eq(journalLine.j_id, jId));
      } else {
        jId = await insertHeader(tx, user, accountingYear.value.id, save.header, {
          idempotency_key: key ?? null,
          idempotency_hash: hash ?? null,
        });
      }
      const lines = save.lines.map((line, index) => ({ ...line, side: sides.value[index] ?? ('from' as const) }));
      await insertLines(tx, user.store_id, jId, lines);
      const settled = await settleJournal(tx, jId, { fresh: !existing });
      if (!settled.ok) return settled;
      return ok(await logJournal(tx, user, existing ? 'update journal' : 'insert journal', jId));
    });
  } catch (error) {
    // Two saves with one key raced: the second hit the key's index; answer (or refuse) it as if it came later.
    if (key && hash && violatedUniqueIndex(error) === 'journal_idem_uq') {
      const earlier = await earlierSave(db, user.store_id, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

/** Deletes a journal with its lines and what it posted, inside the caller's transaction. */
export async function removeJournal(tx: Tx, user: SessionUser, jId: number): Promise<Result<{ j_id: number }>> {
  if (!(await lockJournal(tx, user.store_id, jId))) return fail('NOT_FOUND');
  const existing = await findJournal(tx, user.store_id, jId);
  if (!existing) return fail('NOT_FOUND');
  // The log keeps what was deleted: its lines and amounts as they were.
  await logJournal(tx, user, 'delete journal', jId);
  await tx.delete(journalLine).where(eq(journalLine.j_id, jId));
  // With no lines it posts nothing: its ledger lines are taken back (and from the accounts' kept sums).
  await settleJournal(tx, jId);
  await tx.delete(journal).where(eq(journal.j_id, jId));
  return ok({ j_id: jId });
}

export const deleteJournal = (db: DbOrTx, user: SessionUser, jId: number) =>
  inTransaction(db, (tx) => removeJournal(tx, user, jId));
