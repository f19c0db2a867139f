/**
 * `items/createMulti`: a legacy batch of up to 1,000 new items, with their opening quantities, all or none, written
 * so that other users never wait for it (docs/legacy-batches.md). Every row is checked first, outside any
 * transaction (category, code and barcode taken in the store or earlier in the batch, the openings' year); then the
 * items and their openings are written set-based in short transactions (lib/chunkedBatch.ts), as the sheet import
 * writes them (openingStock.posting.ts: one insert, one repost of the chunk's openings); a chunk still refused takes
 * back the chunks before it.
 */
import { fail, type Item, type ItemValues, ok, type Result, type SessionUser } from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { itemCategories, items, logHistory } from '../../db/schema.ts';
import { readInChunks, writeInChunks } from '../../lib/chunkedBatch.ts';
import { violatedUniqueIndex } from '../../lib/dbErrors.ts';
import { fieldsOfRecord } from '../../lib/fieldPaths.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import {
  isAfterFirstYear,
  notFirstYear,
  removeOpeningQuantities,
  replaceOpeningQuantities,
  yearStart,
} from '../openingStock/openingStock.posting.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import { findItems } from './items.queries.ts';

/** Distinct non-empty values of one field of the batch. */
const valuesOf = (inputs: ItemValues[], key: 'part_no' | 'item_parcode') => [
  ...new Set(inputs.flatMap((input) => (input[key] ? [input[key]] : []))),
];

/** Every row checked against the store and the rows before it; the first refused row, keyed by its place. */
async function checkNewItems(db: DbOrTx, storeId: number, inputs: ItemValues[]): Promise<Result<ItemValues[]>> {
  const categories = new Set(
    (await db.select({ id: itemCategories.id }).from(itemCategories).where(eq(itemCategories.store_id, storeId))).map(
      (row) => row.id,
    ),
  );
  const taken = async (column: typeof items.part_no | typeof items.item_parcode, values: string[]) =>
    new Set(
      values.length
        ? (
            await db
              .select({ value: column })
              .from(items)
              .where(and(eq(items.store_id, storeId), sql`${column} = any(${arrayOf(values)}::text[])`))
          ).map((row) => row.value)
        : [],
    );
  const codes = await taken(items.part_no, valuesOf(inputs, 'part_no'));
  const barcodes = await taken(items.item_parcode, valuesOf(inputs, 'item_parcode'));
  // The openings' years: each must exist and be the store's first (an opening of 0 is allowed in any year).
  const years = new Map<number, Result<true>>();
  for (const yearId of new Set(inputs.flatMap((input) => (input.firstQuantity ? [input.yearId ?? 0] : [])))) {
    const found = await resolveYearId(db, yearId);
    if (found === undefined) years.set(yearId, fail('YEAR_NOT_FOUND'));
    else if (await isAfterFirstYear(db, storeId, found, await yearStart(db, found))) years.set(yearId, notFirstYear());
  }
  const many = inputs.length > 1;
  const refuse = (result: Result<never>, index: number) =>
    many && !result.ok ? fail(result.code, fieldsOfRecord(result.fields, index)) : result;
  for (const [index, input] of inputs.entries()) {
    if (input.category_id !== null && !categories.has(input.category_id))
      return refuse(fail('VALIDATION_FAILED', { category_id: 'CATEGORY_NOT_FOUND' }), index);
    if (input.part_no) {
      if (codes.has(input.part_no)) return refuse(fail('ITEM_CODE_TAKEN', { part_no: 'ITEM_CODE_TAKEN' }), index);
      codes.add(input.part_no);
    }
    if (input.item_parcode) {
      if (barcodes.has(input.item_parcode))
        return refuse(fail('ITEM_BARCODE_TAKEN', { item_parcode: 'ITEM_BARCODE_TAKEN' }), index);
      barcodes.add(input.item_parcode);
    }
    const year = input.firstQuantity ? years.get(input.yearId ?? 0) : undefined;
    if (year && !year.ok) return refuse(year, index);
  }
  return ok(inputs);
}

type Written = { id: number; yearId: number | undefined; opening: boolean };

/** One chunk of checked items in one transaction: the items, their log lines, their openings posted by year. */
function insertItems(db: Db, user: SessionUser, chunk: ItemValues[]): Promise<Result<Written[]>> {
  return inTransaction(db, async (tx) => {
    const column = <K extends keyof ItemValues>(key: K) => arrayOf(chunk.map((row) => row[key] ?? null));
    // The ids are taken first and written with their rows, so each row knows its id whatever order rows come back.
    const allocated = await tx.execute<{ id: number }>(sql`
      select nextval(pg_get_serial_sequence('items', 'id'))::int as id from generate_series(1, ${chunk.length})`);
    const ids = allocated.rows.map((row) => Number(row.id));
    await tx.execute(sql`
      insert into ${items} (id, store_id, item_name, item_desc, "aliasEn", part_no, item_parcode, brand, model,
        item_unit, min_qty, perch_price, pay_price, tax, category_id, "imageUrl")
      select u.id, ${user.store_id}, u.item_name, u.item_desc, u.alias_en, u.part_no, u.item_parcode, u.brand,
        u.model, u.item_unit, u.min_qty, u.perch_price, u.pay_price, u.tax, u.category_id, u.image_url
      from unnest(${arrayOf(ids)}::int[], ${column('item_name')}::text[], ${column('item_desc')}::text[],
        ${column('aliasEn')}::text[], ${column('part_no')}::text[], ${column('item_parcode')}::text[],
        ${column('brand')}::text[], ${column('model')}::text[], ${column('item_unit')}::text[],
        ${column('min_qty')}::numeric[], ${column('perch_price')}::numeric[], ${column('pay_price')}::numeric[],
        ${column('tax')}::numeric[], ${column('category_id')}::int[], ${column('imageUrl')}::text[])
        as u(id, item_name, item_desc, alias_en, part_no, item_parcode, brand, model, item_unit, min_qty,
          perch_price, pay_price, tax, category_id, image_url)`);
    await tx.execute(sql`
      insert into ${logHistory} (store_id, user_id, typee, "logToken")
      select ${user.store_id}, ${user.id}, 'insert item', jsonb_build_object('id', u.id, 'item_name', u.item_name)
      from unnest(${arrayOf(ids)}::int[], ${column('item_name')}::text[]) as u(id, item_name)`);
    const written = chunk.map((row, index) => ({
      id: ids[index] ?? 0,
      yearId: row.yearId,
      opening: row.firstQuantity !== undefined,
    }));
    for (const yearId of new Set(written.flatMap((row) => (row.opening ? [row.yearId ?? 0] : [])))) {
      const openings = chunk.flatMap((row, index) =>
        row.firstQuantity !== undefined && (row.yearId ?? 0) === yearId
          ? [
              {
                item_id: ids[index] ?? 0,
                quantity: row.firstQuantity,
                pay_price: row.pay_price,
                perch_price: row.perch_price,
              },
            ]
          : [],
      );
      // Posted as the openings' save posts each (the sheet import's set-based writer); the year's checks ran first,
      // and a closed year is refused by the posting itself.
      await replaceOpeningQuantities(tx, user.store_id, yearId, openings);
      await tx.execute(sql`
        insert into ${logHistory} (store_id, user_id, typee, "yearId", "logToken")
        select ${user.store_id}, ${user.id}, 'insert firstq', ${yearId},
          jsonb_build_object('item_id', u.item_id, 'quantity', u.quantity)
        from unnest(${arrayOf(openings.map((o) => o.item_id))}::int[], ${arrayOf(openings.map((o) => o.quantity))}::text[])
          as u(item_id, quantity)`);
    }
    return ok(written);
  });
}

/** Takes back the items (and their openings) of a refused batch's earlier chunks, in one transaction, logged. */
async function undoItems(db: Db, user: SessionUser, written: Written[]) {
  await inTransaction(db, async (tx) => {
    for (const yearId of new Set(written.flatMap((row) => (row.opening ? [row.yearId ?? 0] : [])))) {
      const itemIds = written.filter((row) => row.opening && (row.yearId ?? 0) === yearId).map((row) => row.id);
      await removeOpeningQuantities(tx, { storeId: user.store_id, yearId, itemIds });
    }
    const ids = written.map((row) => row.id);
    await tx
      .delete(items)
      .where(and(eq(items.store_id, user.store_id), sql`${items.id} = any(${arrayOf(ids)}::int[])`));
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'delete item',
      logToken: { undone_batch: ids.length, ids },
    });
    return ok(null);
  });
}

/** The refusal a user understands for a code or barcode taken between the checks and the write. */
function refusingDuplicates(error: unknown): Result<never> {
  const index = violatedUniqueIndex(error);
  if (index === 'items_store_part_no_uq') return fail('ITEM_CODE_TAKEN', { part_no: 'ITEM_CODE_TAKEN' });
  if (index === 'items_store_parcode_uq') return fail('ITEM_BARCODE_TAKEN', { item_parcode: 'ITEM_BARCODE_TAKEN' });
  throw error;
}

/**
 * Items per transaction: half the other batches' rows, since each chunk also posts its items' openings (about 75 ms
 * for 50 on a quiet machine); under CI's load 50 held another store's read for 0.9 s.
 */
const ITEM_CHUNK_ROWS = 25;

/** Creates items with their openings: all of them, or none; checked whole, then written in short transactions. */
export async function createItemBatch(db: Db, user: SessionUser, inputs: ItemValues[]): Promise<Result<Item[]>> {
  const checked = await checkNewItems(db, user.store_id, inputs);
  if (!checked.ok) return checked;
  const written = await writeInChunks(
    checked.value,
    (chunk) => insertItems(db, user, chunk).catch(refusingDuplicates),
    (rows) => undoItems(db, user, rows),
    ITEM_CHUNK_ROWS,
  );
  if (!written.ok) {
    // Taken meanwhile by another user: the checks, run again, name the row.
    const again = await checkNewItems(db, user.store_id, inputs);
    return again.ok ? written : again;
  }
  const ids = written.value.map((row) => row.id);
  return ok(await readInChunks(ids, (chunk) => findItems(db, user.store_id, chunk)));
}
