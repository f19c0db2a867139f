/**
 * Opening balances and the opening-balance (equity) account (docs/accounting-years.md).
 *
 * An account's opening balance (`sub_balance`, as typed) is a dated posting: on its `opening_date` (the day the account
 * was taken on: the date given with it, else the day it is typed) the account is posted on its side against the
 * store's opening-balance account (role `opening_balance`, class 7 equity), through the one writer (`repost`), under
 * the source `sub_balance` and the account's id (`openingBalancePosting`). So every report reads it from the ledger
 * on its date, like any document: it is not in a balance before that day, and a closed year refuses it (an opening
 * dated in it, its change, its move out of it and its account's delete), 409 YEAR_CLOSED.
 *
 * The opening-balance account's own `sub_balance` is the sum of all the other accounts' openings, debit side
 * positive, recomputed in the transaction of every change to an account (create, edit, delete) and never typed: it
 * is shown (the legacy field), never posted: its balance is its ledger lines.
 *
 * Opening stock is posted the same way: each opening quantity posts its stated cost to inventory against this
 * account, on its year's first day (docs/inventory-costing.md).
 */
import { bookKinds, fail, type Money, ok, parseMoney, type Result } from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subAccounts } from '../../db/schema.ts';
import { today } from '../../lib/clock.ts';
import { requireOpenYears } from '../book/yearLock.ts';
import { listYears } from '../organisation/organisation.queries.ts';
import { openingBalancePosting } from '../posting/posting.rules.ts';
import { type Reposting, repost } from '../posting/repost.ts';

export const OPENING_BALANCE_ACCOUNT_NAME = 'الأرصدة الافتتاحية';

/** The source the openings post under: the kind's token, and the account's id. */
export const OPENING_SOURCE = bookKinds.openingBalance.wire;

/**
 * Sets the opening-balance account of the store to the other side of every other account's opening. Its row is
 * locked first, so two account changes at once recompute one after the other, each seeing the other's change.
 */
export async function balanceOpeningAccount(tx: DbOrTx, storeId: number) {
  const [account] = await tx
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(and(eq(subAccounts.store_id, storeId), eq(subAccounts.role, 'opening_balance')))
    .for('update');
  if (!account) throw new Error(`store ${storeId} has no opening_balance account`);
  await tx
    .update(subAccounts)
    .set({
      sub_balance: sql`(select coalesce(sum(case when o.sub_type = 'debit' then o.sub_balance else -o.sub_balance end), 0)
        from ${subAccounts} o where o.store_id = ${storeId} and o.id <> ${account.id})`,
    })
    .where(eq(subAccounts.id, account.id));
}

const amount = (text: string): Money => parseMoney(text) ?? (0n as Money);

/**
 * The day an account's opening is posted on: none for an opening of 0; else the day sent with it, else the day it has
 * (an edit by a legacy client, which sends no date), else the day it is typed (the server's local day).
 */
export function openingDateOf(
  sub_balance: string,
  sent: string | null | undefined,
  kept: string | null | undefined,
): string | null {
  if (amount(sub_balance) === 0n) return null;
  return sent ?? kept ?? today();
}

/** An account's opening as posted (or to post): what it is, on which side, on which day. */
export type OpeningState = {
  sub_name: string;
  sub_type: 'debit' | 'credit';
  sub_balance: string;
  opening_date: string | null;
};

/** Whether two states post the same lines on the same day (a new name alone re-posts nothing). */
const samePosting = (a: OpeningState, b: OpeningState) =>
  a.opening_date === b.opening_date &&
  (a.opening_date === null || (a.sub_type === b.sub_type && amount(a.sub_balance) === amount(b.sub_balance)));

/** The years of the book: few rows, read once per change. */
type BookYear = { id: number; yearStart: string; yearEnd: string };
const yearHolding = (years: BookYear[], day: string) =>
  years.find((year) => year.yearStart <= day && day <= year.yearEnd);

/** The refusal of an opening dated outside every year of the book, or undefined. */
export function openingOutsideBook(years: BookYear[], state: Pick<OpeningState, 'opening_date'>) {
  return state.opening_date !== null && !yearHolding(years, state.opening_date)
    ? fail<never>('VALIDATION_FAILED', { opening_date: 'OPENING_DATE_OUTSIDE_BOOK' })
    : undefined;
}

export const openingYearClosed = () => fail<never>('YEAR_CLOSED', { opening_date: 'OPENING_YEAR_CLOSED' });

export type OpeningChange = {
  id: number;
  now: OpeningState;
  /** What it posted before; undefined: a new account, which posted nothing. */
  before?: OpeningState | undefined;
};

/**
 * Posts the openings of some accounts of a store in place of what they posted before, in the caller's transaction:
 * each changed one through `repost`, on its day, in the year holding it. Refuses a day no year holds (400
 * `OPENING_DATE_OUTSIDE_BOOK`), and a change in a closed year: the year of the day it is posted on, and of the day it
 * was (409 YEAR_CLOSED, `opening_date: OPENING_YEAR_CLOSED`), under the store's key-share lock (yearLock.ts).
 * `force` takes back a batch just written without the lock's check (nothing can use its accounts yet).
 */
export async function postOpenings(
  tx: DbOrTx,
  storeId: number,
  changes: OpeningChange[],
  { force = false } = {},
): Promise<Result<true>> {
  const changed = changes.filter((change) => !(change.before && samePosting(change.before, change.now)));
  const posting = changed.filter(
    (change) => change.now.opening_date !== null || (change.before && change.before.opening_date !== null),
  );
  if (posting.length === 0) return ok(true);
  const years = await listYears(tx);
  const yearIds: number[] = [];
  for (const change of posting) {
    const outside = openingOutsideBook(years, change.now);
    if (outside) return outside;
    for (const day of [change.now.opening_date, change.before?.opening_date])
      if (day) yearIds.push(yearHolding(years, day)?.id ?? 0);
  }
  if (!force && !(await requireOpenYears(tx, storeId, yearIds)).ok) return openingYearClosed();
  const [openingAccount] = await tx
    .select({ id: subAccounts.id })
    .from(subAccounts)
    .where(and(eq(subAccounts.store_id, storeId), eq(subAccounts.role, 'opening_balance')));
  if (!openingAccount) throw new Error(`store ${storeId} has no opening_balance account`);
  const entries: Reposting[] = posting.map(({ id, now, before }) => {
    const day = (now.opening_date ?? before?.opening_date) as string;
    return {
      source: {
        store_id: storeId,
        yearId: yearHolding(years, day)?.id ?? 0,
        source_kind: OPENING_SOURCE,
        source_id: id,
        date: day,
        time: '00:00:00',
        reference: null,
      },
      posting:
        now.opening_date === null
          ? undefined
          : openingBalancePosting(now, { account_id: id, opening_balance: openingAccount.id }),
      stockUnchanged: true,
      fresh: !before || before.opening_date === null,
    };
  });
  await repost(tx, entries, { yearsChecked: true });
  return ok(true);
}
