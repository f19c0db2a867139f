/**
 * The one save of every document family (docs/document-families.md). In one transaction:
 *
 * 1. load: what the save depends on, under its locks, in the one order of every save (the document it replaces,
 *    then its items by `lockStockItems`; the reference counter and the balances are taken later, by the write);
 * 2. check: the family's pure rules, its refusals and what it posts (its `Posting`);
 * 3. write: the document itself (header, lines, a new one's reference), then what it posts through `repost` (the
 *    one writer: it values the goods in date order and refuses stock below zero on any date), then the activity log.
 *
 * A family brings one module of that shape (`DocumentModule`); a refusal at any step rolls everything back. What
 * the families do not share stays in their modules: the idempotency key of a retry is answered before a save is
 * tried, and a delete takes back what a document posted before its rows go.
 */
import { type LogAction, ok, type Result, type SessionUser, type StockShortage } from '@mizan/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { logInsert, logInsertNumbered } from '../logHistory/logHistory.queries.ts';
import type { PostingAccounts } from '../posting/posting.rules.ts';
import { addToItemCosts, type LateNumber, writeLedgerAndBalances } from '../posting/posting.ts';
import { postRows, type Reposting } from '../posting/repost.ts';
import { stockRefusal } from '../stock/stockCheck.ts';

/** A save's answer; a save refused for want of stock also lists the short items (the screens show them). */
export type SaveResult<T> = Result<T> & { shortages?: StockShortage[] };

/** What a module's write leaves for the pipeline: what the document posts and logs, and how to read its answer. */
export type Written<Saved> = {
  /** What it posts now, in place of what it posted before (`repost`): one entry per source it posts under. */
  postings: Reposting[];
  /** The store's posting accounts, when the module read them (the cost engine needs them too). */
  accounts?: PostingAccounts | undefined;
  /**
   * The activity log's line: the action and a snapshot of what was saved (none: a nested save logged it). A
   * document numbered late makes it with its provisional reference, which the log's insert replaces.
   */
  log?: LogLine | undefined;
  /**
   * A new document numbered as late as possible: written with a provisional reference, it takes its number from
   * its kind's counter (`counter`) in the save's last statement, with its ledger lines, the accounts' sums, its
   * header's reference (`rename`, reading the statement's `numbered` part) and its log line. The counter's row,
   * which every save of the kind in the store shares, is so locked for one statement and the commit; the reference
   * stays gap-free (a refused save takes no number). `answer` is told the reference.
   */
  numbering?: (LateNumber & { rename: SQL }) | undefined;
  /**
   * The module's load refused a closed year for every source it posts, under the store's key-share lock: `repost`
   * does not ask again.
   */
  yearsChecked?: boolean;
  /**
   * Reads what the save answers, once it is posted and logged: after the commit (or the savepoint's release, inside
   * a caller's transaction), so the rows every save of the store shares (its reference counter, its accounts' kept
   * sums) are not held locked while the answer is read. `reference`: what `numbering` took.
   */
  answer: (reader: DbOrTx, reference?: string) => Promise<Result<Saved>>;
};

type LogLine = { yearId: number; typee: LogAction; logToken: Record<string, unknown> };

/** A family's save, in the pipeline's three steps. */
export type DocumentModule<Input, Loaded, Checked, Saved> = {
  /** Reads what the save depends on under its locks; refuses what it cannot load (an unknown document, year...). */
  load(tx: Tx, user: SessionUser, input: Input): Promise<Result<Loaded>>;
  /** Pure: the family's refusals, in their order, and what the document is and posts. */
  check(loaded: Loaded): Result<Checked>;
  /** Writes the document (header, lines, a new one's reference). */
  write(tx: Tx, user: SessionUser, checked: Checked): Promise<Written<Saved>>;
};

/**
 * Saves a document of a family through its module: load → check → write, post and log, in one transaction (a
 * savepoint inside a caller's transaction, so a save can be one step of a larger use case).
 */
export async function saveThrough<Input, Loaded, Checked, Saved>(
  db: DbOrTx,
  user: SessionUser,
  module: DocumentModule<Input, Loaded, Checked, Saved>,
  input: Input,
): Promise<SaveResult<Saved>> {
  const saved = await inTransaction(db, async (tx): Promise<SaveResult<Written<Saved>['answer']>> => {
    const loaded = await module.load(tx, user, input);
    if (!loaded.ok) return loaded;
    const checked = module.check(loaded.value);
    if (!checked.ok) return checked;
    const written = await module.write(tx, user, checked.value);
    const posted = await postRows(tx, written.postings, {
      ...(written.accounts ? { accounts: written.accounts } : {}),
      yearsChecked: written.yearsChecked === true,
    });
    if (posted.shortages.length) return stockRefusal(posted.shortages);
    // The items' sums first (their rows are the save's own, under its items' lock), then the rows every save of
    // the store shares, in one statement: the counter's next number, the ledger, the accounts' sums and the log line.
    await addToItemCosts(tx, posted.sums);
    const { numbering } = written;
    const entry = written.log && { store_id: user.store_id, user_id: user.id, ...written.log };
    const reference = await writeLedgerAndBalances(
      tx,
      posted.sums,
      [
        ...(numbering ? [numbering.rename] : []),
        ...(entry ? [numbering ? logInsertNumbered(entry, numbering.provisional) : logInsert(tx, entry)] : []),
      ],
      numbering,
    );
    return ok((reader: DbOrTx) => written.answer(reader, reference));
  });
  return saved.ok ? saved.value(db) : saved;
}
