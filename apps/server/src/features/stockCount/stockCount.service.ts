/**
 * Saving and deleting stock counts (docs/stock-counts.md), each in one transaction: load under locks (the count,
 * then its items in id order) → the system quantities at its date and time (`stockAt`) → the pure rule → write the
 * count and its lines, post its movements through `repost` (which values them at the moving average and refuses a
 * count that takes later stock below zero) and log. A refusal rolls everything back.
 */
import { createHash } from 'node:crypto';
import {
  fail,
  fromMilli,
  ok,
  type Result,
  type SessionUser,
  type StockCountWithLines,
  toMilli,
  toMoneyString,
} from '@mizan/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { items, stockCount, stockCountLine } from '../../db/schema.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { findYear, isInsideYear } from '../organisation/currentYear.ts';
import { type PostingSource, postingAccounts } from '../posting/posting.ts';
import { movedItems, repost } from '../posting/repost.ts';
import { stockAt } from '../stock/stockAt.ts';
import { lockStockItems, stockRefusal } from '../stock/stockCheck.ts';
import { nextSequence, storeOf } from '../trade/trade.queries.ts';
import { countWithKey, listCountLines, listCounts, lockCount } from './stockCount.queries.ts';
import { type CountedLine, checkCountLines, countPosting, countTotal } from './stockCount.rules.ts';

/** A line as a save takes it; `field` is where the client sent it (for the refusals), default `items.<index>`. */
export type CountLineInput = {
  item_id: number;
  qtyReal: string;
  pay_price?: string | undefined;
  perch_price?: string | undefined;
  field?: string;
};

export type CountHeader = {
  pay_date: string;
  pay_time?: string | undefined;
  payComment?: string | null | undefined;
  /** The year the route resolved for the request. */
  yearId: number;
};

export type CountSave = {
  header: CountHeader;
  lines: CountLineInput[];
  /** The count being replaced (an edit). */
  payId?: number | undefined;
  /** A new count's idempotency key (a legacy client's own reference is one). */
  idempotencyKey?: string | undefined;
};

const SOURCE_KIND = 'tswia';
/** The counter and the letter of a count's reference (`SH-T-000001`). */
const SEQUENCE = 'tswia';
const formatCountRef = (storeRef: string, sequence: number) =>
  `${storeRef.toUpperCase()}-T-${String(sequence).padStart(6, '0')}`;
const nowTime = () => new Date().toTimeString().slice(0, 8);
/** `09:00` → `09:00:00`, as the database keeps a time: an edit that sends the time it was shown keeps its place. */
const asStoredTime = (time: string) => (time.length === 5 ? `${time}:00` : time);

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

/** One count with its lines; undefined when the store has no such count. */
export async function readCount(db: DbOrTx, storeId: number, payId: number): Promise<StockCountWithLines | undefined> {
  const [count] = await listCounts(db, { storeId, payId }, 1);
  if (!count) return undefined;
  return { ...count, items: await listCountLines(db, { storeId, payId }) };
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
    return await inTransaction(db, async (tx): Promise<SaveResult<StockCountWithLines>> => {
      const written = await writeCount(tx, user, save, { key, hash });
      if (!written.ok) return written;
      const count = await readCount(tx, user.store_id, written.value);
      return count ? ok(count) : fail('NOT_FOUND');
    });
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
 * Writes a count inside the caller's transaction; answers its id. The system quantity of every line is computed
 * here, at the count's date and time, whatever the client sent: an edit computes it again at its (maybe new) date.
 */
export async function writeCount(
  tx: Tx,
  user: SessionUser,
  save: CountSave,
  idempotency: { key?: string | undefined; hash?: string | undefined } = {},
): Promise<SaveResult<number>> {
  const { header, lines } = save;
  const accountingYear = await findYear(tx, header.yearId);
  if (!accountingYear) return fail('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
  if (!isInsideYear(header.pay_date, accountingYear))
    return fail('DATE_OUTSIDE_YEAR', { pay_date: 'DATE_OUTSIDE_YEAR' });

  // Locks in the order every save takes them: the count, then its items (the old ones and the new) in id order.
  const existing = save.payId === undefined ? undefined : await lockCount(tx, user.store_id, save.payId);
  if (save.payId !== undefined && !existing) return fail('NOT_FOUND');
  if (existing && existing.yearId !== accountingYear.id)
    return fail('DOCUMENT_IN_OTHER_YEAR', { yearId: 'DOCUMENT_IN_OTHER_YEAR' });
  const before = existing ? await movedItems(tx, SOURCE_KIND, existing.pay_id) : [];
  const itemIds = [...new Set(lines.map((line) => line.item_id))];
  await lockStockItems(tx, user.store_id, [...before, ...itemIds]);
  const found = itemIds.length
    ? await tx
        .select({
          id: items.id,
          item_name: items.item_name,
          pay_price: items.pay_price,
          perch_price: items.perch_price,
        })
        .from(items)
        .where(and(eq(items.store_id, user.store_id), inArray(items.id, itemIds)))
    : [];
  const byId = new Map(found.map((item) => [item.id, item]));
  const counted: CountedLine[] = [];
  const missing: Record<string, 'ITEM_NOT_FOUND'> = {};
  lines.forEach((line, index) => {
    const field = line.field ?? `items.${index}`;
    const item = byId.get(line.item_id);
    if (!item) missing[`${field}.item_id`] = 'ITEM_NOT_FOUND';
    else
      counted.push({
        item_id: item.id,
        item_name: item.item_name,
        qtyReal: line.qtyReal,
        pay_price: line.pay_price ?? item.pay_price,
        perch_price: line.perch_price ?? item.perch_price,
        field,
      });
  });
  if (Object.keys(missing).length) return fail('ITEM_NOT_FOUND', missing);

  const values = {
    store_id: user.store_id,
    yearId: accountingYear.id,
    user_id: user.id,
    pay_date: header.pay_date,
    pay_time: header.pay_time ? asStoredTime(header.pay_time) : (existing?.pay_time ?? nowTime()),
    payComment: header.payComment ?? null,
  };
  // The header first: a new count's id is its place among the day's documents, which its system quantities need.
  let payId: number;
  let payRef: string;
  if (existing) {
    payId = existing.pay_id;
    payRef = existing.pay_ref;
    await tx.update(stockCount).set(values).where(eq(stockCount.pay_id, payId));
  } else {
    const storeRow = await storeOf(tx, user.store_id);
    payRef = formatCountRef(storeRow.store_ref, await nextSequence(tx, user.store_id, SEQUENCE));
    const [inserted] = await tx
      .insert(stockCount)
      .values({
        ...values,
        pay_ref: payRef,
        idempotency_key: idempotency.key ?? null,
        idempotency_hash: idempotency.hash ?? null,
      })
      .returning({ pay_id: stockCount.pay_id });
    if (!inserted) throw new Error('stock count insert returned nothing');
    payId = inserted.pay_id;
  }

  const system = await stockAt(tx, user.store_id, itemIds, values.pay_date, values.pay_time, payId);
  const checked = checkCountLines(counted, system);
  if (!checked.ok) return checked;
  await tx.delete(stockCountLine).where(eq(stockCountLine.pay_id, payId));
  if (checked.value.length)
    await tx.insert(stockCountLine).values(
      checked.value.map((line, line_no) => ({
        pay_id: payId,
        store_id: user.store_id,
        line_no,
        item_id: line.item_id,
        item_name: line.item_name,
        availQty: line.availQty,
        qtyReal: line.qtyReal,
        quantity: line.quantity,
        pay_price: line.pay_price,
        perch_price: line.perch_price,
        tot: toMoneyString(line.tot),
      })),
    );
  const tot_pr = toMoneyString(countTotal(checked.value));
  await tx.update(stockCount).set({ tot_pr }).where(eq(stockCount.pay_id, payId));

  const source: PostingSource = {
    store_id: user.store_id,
    yearId: accountingYear.id,
    source_kind: SOURCE_KIND,
    source_id: payId,
    date: values.pay_date,
    time: values.pay_time,
    reference: payRef,
  };
  const accounts = await postingAccounts(tx, user.store_id);
  const shortages = await repost(tx, [{ source, posting: countPosting(checked.value), fresh: !existing }], {
    accounts,
  });
  if (shortages.length) return stockRefusal(shortages);
  await writeLog(tx, {
    store_id: user.store_id,
    user_id: user.id,
    yearId: accountingYear.id,
    typee: existing ? 'update tswia' : 'insert tswia',
    logToken: {
      pay_id: payId,
      pay_ref: payRef,
      pay_date: values.pay_date,
      tot_pr,
      lines: checked.value.map((line) => ({
        item_id: line.item_id,
        item_name: line.item_name,
        availQty: line.availQty,
        qtyReal: line.qtyReal,
      })),
    },
  });
  return ok(payId);
}

/** Deletes a count with its lines and its movements, in one transaction (refused if later stock would go short). */
export function deleteCount(db: DbOrTx, user: SessionUser, payId: number): Promise<Result<{ pay_id: number }>> {
  return inTransaction(db, async (tx): Promise<Result<{ pay_id: number }>> => {
    const count = await lockCount(tx, user.store_id, payId);
    if (!count) return fail('NOT_FOUND');
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
