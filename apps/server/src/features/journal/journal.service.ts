/**
 * Journals (vouchers and journal entries): saved, edited and deleted in one transaction each. Our one-call save goes
 * through the pipeline with the journal family's module (journal.save.ts); whatever wrote to a journal (that save,
 * or one of a legacy client's three calls), its postings are what its rule says of what was written: its lines on
 * its date when its two sides are equal and non-zero, nothing otherwise. See docs/journals.md.
 */
import { createHash } from 'node:crypto';
import {
  checkJournal,
  fail,
  type JournalWithLines,
  money,
  ok,
  parseMoney,
  type Result,
  type SessionUser,
  toMoneyString,
} from '@mizan/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { journal, journalLine, paymentAllocation } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { saveThrough } from '../book/savePipeline.ts';
import { findJournal, lockJournal, readJournal } from './journal.queries.ts';
import { type JournalSave, journalSave } from './journal.save.ts';
import { journalRefusal, logJournal, settleJournal } from './journal.writes.ts';

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
    return await saveThrough(db, user, journalSave, { ...save, sides: sides.value, idempotency: { key, hash } });
  } catch (error) {
    // Two saves with one key raced: the second hit the key's index; answer (or refuse) it as if it came later.
    if (key && hash && violatedUniqueIndex(error) === 'journal_idem_uq') {
      const earlier = await earlierSave(db, user.store_id, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

/**
 * Deletes a journal with its lines and what it posted, inside the caller's transaction; `subject`: whose delete
 * permissions hold it (a voucher's or a journal's), for another user's or another day's.
 */
export async function removeJournal(
  tx: Tx,
  user: SessionUser,
  jId: number,
  subject: 'journal' | 'voucher' = 'journal',
): Promise<Result<{ j_id: number }>> {
  if (!(await lockJournal(tx, user.store_id, jId))) return fail('NOT_FOUND');
  const existing = await findJournal(tx, user.store_id, jId);
  if (!existing) return fail('NOT_FOUND');
  const byRole = journalRefusal(user, subject, existing);
  if (byRole) return byRole;
  // The log keeps what was deleted: its lines and amounts as they were.
  await logJournal(tx, user, 'delete journal', jId);
  // A voucher's allocations go first: the invoices it settled owe their remainders again.
  await tx.delete(paymentAllocation).where(eq(paymentAllocation.j_id, jId));
  await tx.delete(journalLine).where(eq(journalLine.j_id, jId));
  // With no lines it posts nothing: its ledger lines are taken back (and from the accounts' kept sums).
  await settleJournal(tx, jId);
  await tx.delete(journal).where(eq(journal.j_id, jId));
  return ok({ j_id: jId });
}

export const deleteJournal = (db: DbOrTx, user: SessionUser, jId: number) =>
  inTransaction(db, (tx) => removeJournal(tx, user, jId));
