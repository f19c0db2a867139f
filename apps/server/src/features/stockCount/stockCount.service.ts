/**
 * Saving and deleting stock counts (docs/stock-counts.md), each in one transaction. A save goes through the pipeline
 * with the stock count family's module (stockCount.save.ts): load under locks → the pure rule → write, post and log;
 * a delete takes back what the count posted (refused if later stock would go short). A refusal rolls everything back.
 */
import { createHash } from 'node:crypto';
import {
  bookKinds,
  fail,
  fromMilli,
  ok,
  type Result,
  type SessionUser,
  type StockCountWithLines,
  toMilli,
} from '@mizan/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { stockCount } from '../../db/schema.ts';
import { asStoredTime, today } from '../../lib/clock.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { documentRefusal } from '../book/documentPermissions.ts';
import { type SaveResult, saveThrough } from '../book/savePipeline.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import type { PostingSource } from '../posting/posting.ts';
import { movedItems, repost } from '../posting/repost.ts';
import { lockStockItems, stockRefusal } from '../stock/stockCheck.ts';
import { countWithKey, lockCount, readCount } from './stockCount.queries.ts';
import { type CountSave, stockCountSave } from './stockCount.save.ts';

const SOURCE_KIND = bookKinds.stockCount.wire;

/**
 * A hash of what a new count saves (date, time as sent, comment, lines in any order), kept with its key: a retry
 * with the same key answers the first count, another count with the key is refused.
 */
function contentHash(save: CountSave) {
  const canonical = JSON.stringify({
    pay_date: save.header.pay_date,
    pay_time: save.header.pay_time ? asStoredTime(save.header.pay_time) : null,
    payComment: save.header.payComment ?? null,
    lines: save.lines.map((line) => `${line.item_id}:${fromMilli(toMilli(line.qtyReal))}`).sort(),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

async function answerEarlier(db: DbOrTx, storeId: number, key: string, hash: string) {
  const earlier = await countWithKey(db, storeId, key);
  if (!earlier) return undefined;
  if (earlier.hash !== null && earlier.hash !== hash) return fail<StockCountWithLines>('IDEMPOTENCY_KEY_REUSED');
  const count = await readCount(db, storeId, earlier.pay_id);
  return count ? ok(count) : fail<StockCountWithLines>('NOT_FOUND');
}

/** Saves a count (new, or replacing `payId`) in its own transaction, and answers it with its lines. */
export async function saveCount(
  db: DbOrTx,
  user: SessionUser,
  save: CountSave,
): Promise<SaveResult<StockCountWithLines>> {
  const key = save.payId === undefined ? save.idempotencyKey : undefined;
  const hash = key ? contentHash(save) : undefined;
  if (key && hash) {
    const earlier = await answerEarlier(db, user.store_id, key, hash);
    if (earlier) return earlier;
  }
  try {
    return await saveThrough(db, user, stockCountSave, { ...save, idempotencyKey: key, idempotencyHash: hash });
  } catch (error) {
    // Two saves with one key raced: the second met the key's unique index; answer it as if it came later.
    if (key && hash && violatedUniqueIndex(error) === 'stock_count_idem_uq') {
      const earlier = await answerEarlier(db, user.store_id, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

/**
 * Saves a count inside the caller's transaction (the legacy calls, each one transaction of their own), through the
 * pipeline; answers it with its lines.
 */
export const writeCount = (tx: Tx, user: SessionUser, save: CountSave) => saveThrough(tx, user, stockCountSave, save);

/** Deletes a count with its lines and its movements, in one transaction (refused if later stock would go short). */
export function deleteCount(db: DbOrTx, user: SessionUser, payId: number): Promise<Result<{ pay_id: number }>> {
  return inTransaction(db, async (tx): Promise<Result<{ pay_id: number }>> => {
    const count = await lockCount(tx, user.store_id, payId);
    if (!count) return fail('NOT_FOUND');
    // Whose count it is and which day it is of, as the user's role permits.
    const byRole = documentRefusal(user, {
      subject: 'stockCount',
      posts: true,
      today: today(),
      before: { user_id: count.user_id, date: count.pay_date },
    });
    if (byRole) return byRole;
    await lockStockItems(tx, user.store_id, await movedItems(tx, SOURCE_KIND, payId));
    const source: PostingSource = {
      store_id: user.store_id,
      yearId: count.yearId,
      source_kind: SOURCE_KIND,
      source_id: payId,
      date: count.pay_date,
      time: count.pay_time,
      reference: count.pay_ref,
    };
    // Taken back on its date: what came after is valued again, and stock is checked on every later date.
    const short = await repost(tx, [{ source, posting: undefined }]);
    if (short.length) return stockRefusal(short);
    await tx.delete(stockCount).where(eq(stockCount.pay_id, payId));
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      yearId: count.yearId,
      typee: 'delete tswia',
      logToken: { pay_id: payId, pay_ref: count.pay_ref, pay_date: count.pay_date },
    });
    return ok({ pay_id: payId });
  });
}
