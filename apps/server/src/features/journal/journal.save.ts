/**
 * The journal family's one-call save (`journal/createWithItems`, `updateWithItems`), in the pipeline's steps
 * (features/book/savePipeline.ts): load the journal it replaces under its lock, its year and the roles of the
 * accounts its lines name; check the accounts (every refused line at once); write the header (a new one gets its
 * reference from the store's journal counter) and every line. What it posts is its rule's (`journalPosting`) on
 * what was written (`journalReposting`, shared with the legacy three-call save). Its sides were checked before
 * (`checkJournal`: each line on one side, the two sides equal and non-zero), as a retry is answered first.
 */
import {
  fail,
  type JournalHeaderInput,
  type JournalLineInput,
  type JournalSide,
  type JournalWithLines,
  ok,
  type SessionUser,
} from '@mizan/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { journal, journalLine } from '../../db/schema.ts';
import { refuse } from '../../lib/transaction.ts';
import type { DocumentModule } from '../book/savePipeline.ts';
import { accountRoles, findJournal, type JournalRow, lockJournal, readJournal } from './journal.queries.ts';
import { checkAccounts } from './journal.rules.ts';
import {
  headerValues,
  insertHeader,
  insertLines,
  journalLogToken,
  journalRefusal,
  journalReposting,
  loadYear,
} from './journal.writes.ts';

export type JournalSave = {
  /** Its `yearId` is the year the route resolved for the request (see organisation/currentYear.ts). */
  header: JournalHeaderInput & { yearId: number };
  lines: JournalLineInput[];
  /** The journal being replaced (an edit), if any. */
  jId?: number;
  idempotencyKey?: string | undefined;
};

/** A save as the pipeline takes it: each line's side, and the key and hash a new journal keeps. */
type CheckedSave = JournalSave & {
  sides: JournalSide[];
  idempotency: { key: string | undefined; hash: string | undefined };
};

async function load(tx: Tx, user: SessionUser, save: CheckedSave) {
  let existing: JournalRow | undefined;
  if (save.jId !== undefined) {
    existing = (await lockJournal(tx, user.store_id, save.jId))
      ? await findJournal(tx, user.store_id, save.jId)
      : undefined;
    if (!existing) return fail<never>('NOT_FOUND');
  }
  // Whose journal it is, which day it is of and the day it is dated, as the user's role permits.
  const byRole = journalRefusal(user, 'journal', existing, save.header.j_date);
  if (byRole) return byRole;
  const accountingYear = await loadYear(tx, save.header, existing);
  if (!accountingYear.ok) return accountingYear;
  const roles = await accountRoles(
    tx,
    user.store_id,
    save.lines.map((line) => line.ac_id),
  );
  return ok({ save, existing, yearId: accountingYear.value.id, roles });
}

type Loaded = Extract<Awaited<ReturnType<typeof load>>, { ok: true }>['value'];

/** Every line names one of the store's accounts, and none the inventory account (kept by stock alone). */
function check(loaded: Loaded) {
  const accounts = checkAccounts(loaded.save.lines, loaded.roles, 'items.');
  return accounts.ok ? ok(loaded) : accounts;
}

/** Writes the header and replaces every line; then its totals and what it posts, from what was written. */
async function write(tx: Tx, user: SessionUser, { save, existing, yearId }: Loaded) {
  let jId: number;
  if (existing) {
    jId = existing.j_id;
    await tx.update(journal).set(headerValues(save.header)).where(eq(journal.j_id, jId));
    await tx.delete(journalLine).where(eq(journalLine.j_id, jId));
  } else {
    jId = await insertHeader(tx, user, yearId, save.header, {
      idempotency_key: save.idempotency.key ?? null,
      idempotency_hash: save.idempotency.hash ?? null,
    });
  }
  const lines = save.lines.map((line, index) => ({ ...line, side: save.sides[index] ?? ('from' as const) }));
  await insertLines(tx, user.store_id, jId, lines);
  const reposting = await journalReposting(tx, jId, { fresh: !existing });
  if (!reposting.ok) refuse(reposting);
  const saved = await readJournal(tx, user.store_id, jId);
  if (!saved) throw new Error(`journal ${jId} not found after its save`);
  return {
    postings: [reposting.value],
    log: {
      yearId: saved.yearId,
      typee: existing ? ('update journal' as const) : ('insert journal' as const),
      logToken: journalLogToken(saved),
    },
    answer: async () => ok(saved),
  };
}

export const journalSave: DocumentModule<CheckedSave, Loaded, Loaded, JournalWithLines> = { load, check, write };
