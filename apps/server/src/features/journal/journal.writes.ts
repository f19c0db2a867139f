/**
 * The journal's writes, shared by its one-call save (journal.save.ts, through the pipeline) and the legacy three-call
 * save (journal.legacy.ts): its header and lines, and `journalReposting`, which keeps its totals and says what it
 * posts from what is saved (its lines on its date when its two sides are equal and non-zero, nothing otherwise).
 */
import {
  bookKinds,
  documentKinds,
  fail,
  isWithinAmountBound,
  type JournalHeaderInput,
  type JournalLineInput,
  type JournalSide,
  type JournalWithLines,
  journalTotals,
  kindOf,
  type LogAction,
  money,
  ok,
  parseMoney,
  type Result,
  type SessionUser,
  toMoneyString,
} from '@mizan/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { journal, journalLine, paymentAllocation } from '../../db/schema.ts';
import { today } from '../../lib/clock.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { documentRefusal } from '../book/documentPermissions.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { type AccountingYear, findYear, isInsideYear } from '../organisation/currentYear.ts';
import type { Posting } from '../posting/posting.rules.ts';
import { type Reposting, repost } from '../posting/repost.ts';
import { nextSequence, storeOf } from '../trade/trade.queries.ts';
import { accountRoles, type JournalRow, linesToPost, readJournal } from './journal.queries.ts';
import { checkAccounts, type JournalPostingInput, journalPosting, journalReference } from './journal.rules.ts';

/**
 * What the user's role permits of a journal or voucher (documentPermissions.ts): a date before today, another user's
 * one, one of another day. `existing`: the one being changed (an edit, a delete, a legacy line call); `date`: the
 * date it will have (a create or an edit of its header).
 */
export const journalRefusal = (
  user: SessionUser,
  subject: 'journal' | 'voucher',
  existing: { user_id: number | null; j_date: string } | undefined,
  date?: string,
) =>
  documentRefusal(user, {
    subject,
    posts: true,
    today: today(),
    before: existing && { user_id: existing.user_id, date: existing.j_date },
    date,
    dateField: 'j_date',
  });

/** A header's own fields as they are stored (a field left out is stored empty). */
export const headerValues = (header: JournalHeaderInput) => ({
  j_date: header.j_date,
  j_type: header.j_type,
  j_details: header.j_details,
  j_desc: header.j_desc,
  invo_ref: header.invo_ref,
  standard_details: header.standard_details,
});

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
  const sequence = await nextSequence(tx, user.store_id, bookKinds.journal.sequence);
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
 * After any write to a journal (its header, its lines): its totals from its lines, kept on its header, and what it
 * posts now by its rule (`journalPosting`): its lines on its date when they balance, nothing otherwise. Read from
 * what is saved, since a legacy client builds a journal call by call. Answers it for `repost` (no stock moves: only
 * the money part is replaced); `fresh`: it is new and posted nothing before.
 */
export async function journalReposting(
  tx: Tx,
  jId: number,
  options: { fresh?: boolean } = {},
): Promise<Result<Reposting>> {
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
  if (posting !== undefined) await fitVoucherToLines(tx, jId);
  // A voucher's allocations never pass what it pays, whichever call changed its lines (a legacy line edit, say).
  const [settled] = await tx
    .select({ amount: sql<string>`coalesce(sum(${paymentAllocation.amount}), 0)::text` })
    .from(paymentAllocation)
    .where(eq(paymentAllocation.j_id, jId));
  const allocated = parseMoney(settled?.amount ?? '0') ?? money(0n);
  if (allocated > 0n && (posting === undefined || allocated > debit))
    return fail('ALLOCATION_EXCEEDS_PAYMENT', { amount: 'ALLOCATION_EXCEEDS_PAYMENT' });
  await tx
    .update(journal)
    .set({ j_pay: toMoneyString(debit), credit_total: toMoneyString(credit), posted: posting !== undefined })
    .where(eq(journal.j_id, jId));
  return ok(journalRepostingOf({ ...head, j_id: jId }, posting, options.fresh === true));
}

type JournalHead = { j_id: number; store_id: number; yearId: number; j_date: string; j_ref: string };

/** A journal's posting for `repost`: its money lines on its date (no stock moves, so only the money part changes). */
const journalRepostingOf = (head: JournalHead, posting: Posting | undefined, fresh: boolean): Reposting => ({
  source: {
    store_id: head.store_id,
    yearId: head.yearId,
    source_kind: bookKinds.journal.wire,
    source_id: head.j_id,
    date: head.j_date,
    time: '00:00:00',
    reference: head.j_ref,
  },
  posting,
  stockUnchanged: true,
  fresh,
});

/**
 * Posts new journals written set-based (the large-store generator's vouchers, their lines and allocations already
 * consistent, and its general journals) as `journalReposting` does for one, in one `repost`: each one's totals kept on its header from its
 * lines and what it posts by its rule (`journalPosting`), in id order. Reads their heads and lines in one statement
 * each, whatever their number. Answers how many posted.
 */
export async function postNewJournals(tx: DbOrTx, jIds: readonly number[]): Promise<number> {
  if (jIds.length === 0) return 0;
  const ids = arrayOf([...jIds]);
  const { rows: heads } = await tx.execute<JournalHead & Omit<JournalPostingInput, 'lines'>>(sql`
    select j_id, store_id, "yearId", j_date::text as j_date, j_ref, j_details, j_desc, j_type
    from journal where j_id = any(${ids}::int[]) order by j_id`);
  const { rows: lines } = await tx.execute<JournalPostingInput['lines'][number] & { j_id: number }>(sql`
    select j_id, ac_id, debit::text as debit, credit::text as credit, j_desc from journal_line
    where j_id = any(${ids}::int[]) order by j_id, line_no, id`);
  const linesOf = new Map<number, JournalPostingInput['lines']>();
  for (const { j_id, ...line } of lines) {
    const list = linesOf.get(j_id);
    if (list) list.push(line);
    else linesOf.set(j_id, [line]);
  }
  const posted = heads.map((head) => {
    const own = linesOf.get(head.j_id) ?? [];
    return { head, totals: journalTotals(own), posting: journalPosting({ ...head, lines: own }) };
  });
  await tx.execute(sql`
    update journal j set j_pay = t.debit, credit_total = t.credit, posted = t.posted
    from unnest(${arrayOf(posted.map((p) => p.head.j_id))}::int[],
      ${arrayOf(posted.map((p) => toMoneyString(p.totals.debit)))}::numeric[],
      ${arrayOf(posted.map((p) => toMoneyString(p.totals.credit)))}::numeric[],
      ${arrayOf(posted.map((p) => p.posting !== undefined))}::boolean[]) as t(j_id, debit, credit, posted)
    where j.j_id = t.j_id`);
  await repost(
    tx,
    posted.map(({ head, posting }) => journalRepostingOf(head, posting, true)),
  );
  return posted.filter((p) => p.posting !== undefined).length;
}

/** The document kinds whose party is paid by a credit to its account (sales: a receipt credits the customer). */
const creditSettledKinds = Object.values(documentKinds)
  .filter((kind) => kindOf(kind.wire).party === 'customer')
  .map((kind) => kind.wire);

/**
 * A voucher's allocations kept within what its lines now pay each invoice's party: a legacy client edits a voucher
 * through the journal calls, which know nothing of allocations, and may move it to another account or lower it.
 * Per party, the oldest invoices keep their share and the newest are released (down to nothing when the party is no
 * longer paid), so the invoices' remainders, the aging and the due notifications agree with the ledger again.
 */
async function fitVoucherToLines(tx: Tx, jId: number) {
  await tx.execute(sql`
    with paid as (
      select l.ac_id, sum(l.credit - l.debit) as credited from journal_line l where l.j_id = ${jId} group by l.ac_id
    ),
    fitted as (
      select a.id, a.amount,
        greatest(0, least(a.amount,
          greatest(0, case when d.kind = any(${arrayOf(creditSettledKinds)}::text[]) then coalesce(p.credited, 0)
            else -coalesce(p.credited, 0) end)
          - coalesce(sum(a.amount) over (partition by d.cust_id order by d.pay_date, d.pay_id
              rows between unbounded preceding and 1 preceding), 0))) as kept
      from payment_allocation a
      join trade_document d on d.pay_id = a.pay_id
      left join paid p on p.ac_id = d.cust_id
      where a.j_id = ${jId}
    ),
    shrunk as (
      update payment_allocation a set amount = f.kept from fitted f
      where a.id = f.id and f.kept <> f.amount and f.kept > 0
    )
    delete from payment_allocation a using fitted f where a.id = f.id and f.kept = 0`);
  // Its money account and other account follow its lines when they are one of each side (a receipt takes the money
  // in on the debit side; a payment or an expense pays it out on the credit side), so the voucher screens show whom
  // it now pays.
  await tx.execute(sql`
    with sides as (
      select
        (array_agg(distinct l.ac_id) filter (where l.debit > 0)) as debited,
        (array_agg(distinct l.ac_id) filter (where l.credit > 0)) as credited
      from journal_line l where l.j_id = ${jId}
    )
    update journal j set
      money_account_id = case when j.voucher_kind = 'receipt' then s.debited[1] else s.credited[1] end,
      account_id = case when j.voucher_kind = 'receipt' then s.credited[1] else s.debited[1] end
    from sides s
    where j.j_id = ${jId} and j.voucher_kind is not null
      and cardinality(s.debited) = 1 and cardinality(s.credited) = 1`);
}

/**
 * After a legacy call wrote to a journal: its totals and its postings replaced by what it posts now, through
 * `repost` (the one writer). The only way a legacy call's journal reaches the ledger.
 */
export async function settleJournal(tx: Tx, jId: number, options: { fresh?: boolean } = {}): Promise<Result<void>> {
  const reposting = await journalReposting(tx, jId, options);
  if (!reposting.ok) return reposting;
  await repost(tx, [reposting.value]);
  return ok(undefined);
}

/** A snapshot of what a journal holds, for the activity log. */
export const journalLogToken = (saved: JournalWithLines) => ({
  j_id: saved.j_id,
  j_ref: saved.j_ref,
  j_date: saved.j_date,
  j_type: saved.j_type,
  j_pay: saved.j_pay,
  posted: saved.posted,
  lines: saved.items.map((line) => ({ ac_id: line.ac_id, debit: line.debit, credit: line.credit })),
});

/** Writes the activity log's line of a journal change: a snapshot of what it holds now. */
export async function logJournal(tx: Tx, user: SessionUser, typee: LogAction, jId: number) {
  const saved = await readJournal(tx, user.store_id, jId);
  if (!saved) throw new Error(`journal ${jId} not found while logging it`);
  await writeLog(tx, {
    store_id: user.store_id,
    user_id: user.id,
    yearId: saved.yearId,
    typee,
    logToken: journalLogToken(saved),
  });
  return saved;
}
