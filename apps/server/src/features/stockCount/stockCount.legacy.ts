/**
 * The legacy two-call save of a count (screens.md, folder/tswia and edit-tswia): `tswia/create` (the header), then
 * `tswia_details/createMulti` (its lines, by `pay_ref`); an edit is `tswia/update`, `tswia_details/
 * deleteMultiServices`, then `createMulti` again. Each call is one transaction through the same `writeCount` as the
 * one-call save: the system quantities, the refusals, the posting and the log are the same. In between, a count
 * without lines posts nothing.
 *
 * A legacy client names the count by `pay_ref`: the reference the server answered, or one it made up (kept as the
 * count's idempotency key, so its lines still find it and a header sent again is not saved twice).
 */
import {
  bookKinds,
  fail,
  type LegacyStockCountHeader,
  type LegacyStockCountLine,
  ok,
  type SessionUser,
  type StockCountWithLines,
} from '@mizan/contract';
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { stockCount } from '../../db/schema.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import { movedItems } from '../posting/repost.ts';
import { lockStockItems } from '../stock/stockCheck.ts';
import { legacyKey, lockCount, readCount, savedLines } from './stockCount.queries.ts';
import type { CountLineInput } from './stockCount.save.ts';
import { saveCount, writeCount } from './stockCount.service.ts';

type Saved = SaveResult<StockCountWithLines[]>;

/** The count a legacy client means by `ref` in the year it names (the server's reference or its own). */
async function findByReference(tx: DbOrTx, storeId: number, ref: string, yearId: number) {
  const [row] = await tx
    .select({ pay_id: stockCount.pay_id })
    .from(stockCount)
    .where(
      and(
        eq(stockCount.store_id, storeId),
        eq(stockCount.yearId, yearId),
        or(eq(stockCount.pay_ref, ref), eq(stockCount.idempotency_key, legacyKey(yearId, ref))),
      ),
    )
    .limit(1);
  return row?.pay_id;
}

/** A saved count's lines as a save takes them again (their counted quantities and prices). */
const keptLines = async (tx: Tx, payId: number): Promise<CountLineInput[]> =>
  (await savedLines(tx, payId)).map((line) => ({ ...line }));

const answer = (written: SaveResult<StockCountWithLines>): Saved => (written.ok ? ok([written.value]) : written);

/**
 * `tswia/create` (no `payId`): a count without lines, waiting for them; `tswia/update`: the header edited, its
 * lines kept and their system quantities computed again at its (maybe new) date. The header's `yearId` is the one
 * its route resolved.
 */
export async function saveLegacyHeader(
  db: DbOrTx,
  user: SessionUser,
  header: LegacyStockCountHeader & { yearId: number },
  payId?: number,
): Promise<Saved> {
  if (payId === undefined) {
    const key = header.idempotency_key ?? (header.pay_ref ? legacyKey(header.yearId, header.pay_ref) : undefined);
    const saved = await saveCount(db, user, { header, lines: [], idempotencyKey: key });
    return saved.ok ? ok([saved.value]) : saved;
  }
  return inTransaction(db, async (tx): Promise<Saved> => {
    if (!(await lockCount(tx, user.store_id, payId))) return fail('NOT_FOUND');
    return answer(await writeCount(tx, user, { header, lines: await keptLines(tx, payId), payId }));
  });
}

/**
 * `tswia_details/createMulti`: lines added to their counts (by reference and year), all or none. Each count is
 * saved again with its old and new lines. The lines' `availQty` (and `quantity`, `tot`) as the client computed
 * them are not read: the server computes the system quantity at the count's date and time.
 */
export function addLegacyLines(db: DbOrTx, user: SessionUser, lines: (LegacyStockCountLine & { yearId: number })[]) {
  return inTransaction(db, async (tx): Promise<Saved> => {
    const byCount = new Map<number, CountLineInput[]>();
    for (const [index, line] of lines.entries()) {
      const payId = await findByReference(tx, user.store_id, line.pay_ref, line.yearId);
      if (payId === undefined) return fail('NOT_FOUND', { [`${index}.pay_ref`]: 'NOT_FOUND' });
      const { item_id, qtyReal, pay_price, perch_price } = line;
      byCount.set(payId, [
        ...(byCount.get(payId) ?? []),
        { item_id, qtyReal, pay_price, perch_price, field: `${index}` },
      ]);
    }
    // The counts in id order, then every item of the batch: the order of every other save (count, then items).
    const payIds = [...byCount.keys()].sort((a, b) => a - b);
    for (const payId of payIds) await lockCount(tx, user.store_id, payId);
    const moved: number[] = [];
    for (const payId of payIds) moved.push(...(await movedItems(tx, bookKinds.stockCount.wire, payId)));
    await lockStockItems(tx, user.store_id, [...moved, ...lines.map((line) => line.item_id)]);
    const saved: StockCountWithLines[] = [];
    for (const payId of payIds) {
      const count = await readCount(tx, user.store_id, payId);
      if (!count) return fail('NOT_FOUND');
      const header = { pay_date: count.pay_date, pay_time: count.pay_time, payComment: count.payComment };
      const kept = await keptLines(tx, payId);
      const written = await writeCount(tx, user, {
        header: { ...header, yearId: count.yearId },
        lines: [...kept, ...(byCount.get(payId) ?? [])],
        payId,
      });
      const answered = answer(written);
      if (!answered.ok) return answered;
      saved.push(...answered.value);
    }
    return ok(saved);
  });
}

/**
 * `tswia_details/deleteMultiServices`: a count's lines deleted before a legacy edit sends new ones; the count stays,
 * posting nothing until they arrive (refused if taking its goods back leaves later stock short). A reference that
 * names no count answers no rows: its lines are gone either way (the legacy delete may come after the header's).
 */
export function removeLegacyLines(db: DbOrTx, user: SessionUser, ref: string, yearId: number) {
  return inTransaction(db, async (tx): Promise<Saved> => {
    const payId = await findByReference(tx, user.store_id, ref, yearId);
    if (payId === undefined) return ok([]);
    const count = await lockCount(tx, user.store_id, payId);
    if (!count) return ok([]);
    const header = { pay_date: count.pay_date, pay_time: count.pay_time, payComment: count.payComment, yearId };
    return answer(await writeCount(tx, user, { header, lines: [], payId }));
  });
}
