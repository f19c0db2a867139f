/**
 * Importing items and opening quantities from .xlsx: a preview shows every row with its Arabic errors; applying
 * saves the valid rows. Items are added or updated by their code (never by wiping the table; updating is for
 * administrators); opening quantities of the store and year are replaced.
 *
 * The sheet is read and its rows checked in a worker thread (sheetThread.ts). Applying is set-based: a few statements
 * per chunk of `APPLY_CHUNK_ROWS` rows, each chunk its own short transaction. The embedded database has one
 * connection that every request shares, so one transaction over 10,000 rows (8 to 13 s there, measured by
 * bench/excel-import.ts) would make every other user wait that long; chunks of 250 rows keep each wait to a fraction
 * of a second. Every check runs before the first chunk is written, so a chunk refuses only when something changed in
 * between (a concurrent edit). An opening-quantity import is then all or nothing: the chunks written before the one
 * that failed are put back as they were (`putBackOpenings`). An item import keeps the chunks written before: importing
 * the same sheet again finishes the work, as rows are matched by their code.
 */
import { fail, ok, type Result, type SessionUser } from '@mizan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { firstq, itemCategories, items } from '../../db/schema.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import {
  type OpeningOfItem,
  openingReplacementChanges,
  replaceOpeningQuantities,
} from '../openingStock/openingStock.posting.ts';
import { findStockShortages, stockRefusal } from '../stock/stockCheck.ts';
import type { ItemSheetValues, OpeningSheetValues, RowCheck } from './itemSheet.rules.ts';
import { parseSheet } from './sheetThread.ts';

/** Rows written per transaction (see the file's comment). */
export const APPLY_CHUNK_ROWS = 250;

export type ImportPreview<T> = { rows: RowCheck<Partial<T>>[]; valid: number; invalid: number; unlisted?: number };
export type ImportResult = { created: number; updated: number; skipped: number; cleared?: number };

const summarise = <T>(rows: RowCheck<Partial<T>>[]): ImportPreview<T> => {
  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
};

const isValid = <T>(check: RowCheck<T>) => Object.keys(check.errors).length === 0;

function chunks<T>(list: T[], size = APPLY_CHUNK_ROWS): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < list.length; at += size) out.push(list.slice(at, at + size));
  return out;
}

/**
 * A pause between chunks. A request of another user makes several queries one after another (its session, then
 * its reads); without a pause each of them would queue behind the next chunk, so it would wait for several chunks.
 */
const OTHERS_TURN_MS = 10;
const letOthersTakeTheirTurn = () => new Promise((resolve) => setTimeout(resolve, OTHERS_TURN_MS));

/**
 * The one stock check for opening quantities an import replaces: refused (409 with the short items) when goods sold
 * since would go below zero. It locks the items, so it runs in the transaction that writes them.
 */
async function refuseShortOpenings(
  tx: DbOrTx,
  storeId: number,
  yearId: number,
  openings: { item_id: number; quantity: string }[],
  scope: 'these items' | 'whole year',
): Promise<Result<never> | undefined> {
  const changes = await openingReplacementChanges(tx, storeId, yearId, openings, scope);
  const short = await findStockShortages(tx, storeId, changes);
  return short.length ? stockRefusal(short) : undefined;
}

async function categoryIds(db: DbOrTx, storeId: number) {
  const rows = await db
    .select({ id: itemCategories.id, name: itemCategories.category_name })
    .from(itemCategories)
    .where(eq(itemCategories.store_id, storeId));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The store's items among these codes, by code (one array parameter, however many codes). */
async function itemsByCode(db: DbOrTx, storeId: number, codes: string[]) {
  if (codes.length === 0) return new Map<string, { id: number; pay_price: string; perch_price: string }>();
  const rows = await db
    .select({ id: items.id, part_no: items.part_no, pay_price: items.pay_price, perch_price: items.perch_price })
    .from(items)
    .where(and(eq(items.store_id, storeId), sql`${items.part_no} = any(${arrayOf(codes)}::text[])`));
  return new Map(rows.map(({ part_no, ...item }) => [part_no ?? '', item]));
}

type CheckedItems = ImportPreview<ItemSheetValues> & {
  /** Rows (sheet row numbers) whose code is an existing item of the store: applying them updates it. */
  updatingRows: number[];
  categories: Map<string, number>;
};

/**
 * The item sheet's rows with every check: their own and the file's (in the worker), then the store's: category
 * names, barcodes of other items, and, for a user who is not an administrator, codes of existing items.
 */
async function checkItems(db: DbOrTx, user: SessionUser, bytes: Buffer): Promise<Result<CheckedItems>> {
  const parsed = await parseSheet('items', bytes, user.store_id);
  if (!parsed.ok) return parsed;
  const rows = parsed.value;
  const categories = await categoryIds(db, user.store_id);
  const codes = [...new Set(rows.map((row) => row.values.part_no).filter((code): code is string => Boolean(code)))];
  const existing = await itemsByCode(db, user.store_id, codes);
  const barcodes = [...new Set(rows.map((row) => row.values.item_parcode).filter((b): b is string => Boolean(b)))];
  const barcodeOwners = barcodes.length
    ? await db
        .select({ barcode: items.item_parcode, part_no: items.part_no })
        .from(items)
        .where(and(eq(items.store_id, user.store_id), sql`${items.item_parcode} = any(${arrayOf(barcodes)}::text[])`))
    : [];
  const owner = new Map(barcodeOwners.map((row) => [row.barcode, row.part_no]));
  const updatingRows: number[] = [];
  for (const check of rows) {
    const { part_no, item_parcode, category_name } = check.values;
    if (category_name && !categories.has(category_name)) {
      check.errors.category_name = 'CATEGORY_NOT_FOUND';
    }
    // A barcode already used by another item of the store (not the one this row updates by code) is refused.
    if (item_parcode && owner.has(item_parcode) && owner.get(item_parcode) !== part_no) {
      check.errors.item_parcode ??= 'ITEM_BARCODE_TAKEN';
    }
    if (part_no && existing.has(part_no)) {
      updatingRows.push(check.row);
      if (!user.is_admin) check.errors.part_no ??= 'FILE_UPDATES_ITEMS';
    }
  }
  return ok({ ...summarise(rows), updatingRows, categories });
}

/** Checks every row of an item sheet; changes nothing. */
export async function previewItemSheet(
  db: DbOrTx,
  user: SessionUser,
  bytes: Buffer,
): Promise<Result<ImportPreview<ItemSheetValues>>> {
  const checked = await checkItems(db, user, bytes);
  if (!checked.ok) return checked;
  const { rows, valid, invalid } = checked.value;
  return ok({ rows, valid, invalid });
}

/**
 * Adds or updates (by code) one chunk of checked item rows, set-based, and sets the opening quantities that the
 * rows carry. New items get their ids from the items' sequence first, so every row knows its item.
 */
async function saveItemChunk(
  tx: DbOrTx,
  storeId: number,
  yearId: number,
  rows: ItemSheetValues[],
  categories: Map<string, number>,
): Promise<Result<{ created: number; updated: number }>> {
  const ids = await tx.execute<{ id: number; existed: boolean }>(sql`
    select coalesce(i.id, nextval(pg_get_serial_sequence('items', 'id')))::int as id, i.id is not null as existed
    from unnest(${arrayOf(rows.map((row) => row.part_no ?? null))}::text[]) with ordinality as u(part_no, ord)
    left join items i on i.store_id = ${storeId} and i.part_no = u.part_no
    order by u.ord`);
  const itemIds = ids.rows.map((row) => Number(row.id));
  const column = <K extends keyof ItemSheetValues>(key: K) => arrayOf(rows.map((row) => row[key] ?? null));
  await tx.execute(sql`
    insert into items as it (id, store_id, item_name, item_desc, "aliasEn", part_no, item_parcode, brand, model,
      item_unit, min_qty, perch_price, pay_price, tax, category_id)
    select u.id, ${storeId}, u.item_name, u.item_desc, u.alias_en, u.part_no, u.item_parcode, u.brand, u.model,
      u.item_unit, coalesce(u.min_qty, 0), u.perch_price, u.pay_price, coalesce(u.tax, 0), u.category_id
    from unnest(${arrayOf(itemIds)}::int[], ${column('item_name')}::text[], ${column('item_desc')}::text[],
      ${column('aliasEn')}::text[], ${column('part_no')}::text[], ${column('item_parcode')}::text[],
      ${column('brand')}::text[], ${column('model')}::text[], ${column('item_unit')}::text[],
      ${column('min_qty')}::numeric[], ${column('perch_price')}::numeric[], ${column('pay_price')}::numeric[],
      ${column('tax')}::numeric[],
      ${arrayOf(rows.map((row) => (row.category_name ? (categories.get(row.category_name) ?? null) : null)))}::int[])
      as u(id, item_name, item_desc, alias_en, part_no, item_parcode, brand, model, item_unit, min_qty, perch_price,
        pay_price, tax, category_id)
    on conflict (id) do update set item_name = excluded.item_name, item_desc = excluded.item_desc,
      "aliasEn" = excluded."aliasEn", item_parcode = excluded.item_parcode, brand = excluded.brand,
      model = excluded.model, item_unit = excluded.item_unit, min_qty = excluded.min_qty,
      perch_price = excluded.perch_price, pay_price = excluded.pay_price, tax = excluded.tax,
      category_id = excluded.category_id
    where it.store_id = excluded.store_id`);
  const openings: OpeningOfItem[] = [];
  rows.forEach((row, index) => {
    const item_id = itemIds[index];
    if (row.firstQuantity === undefined || item_id === undefined) return;
    openings.push({ item_id, quantity: row.firstQuantity, pay_price: row.pay_price, perch_price: row.perch_price });
  });
  const refused = await refuseShortOpenings(tx, storeId, yearId, openings, 'these items');
  if (refused) return refused;
  await replaceOpeningQuantities(tx, storeId, yearId, openings);
  const updated = ids.rows.filter((row) => row.existed).length;
  return ok({ created: rows.length - updated, updated });
}

/**
 * Saves the valid rows of an item sheet (rows with errors are skipped and counted). A user who is not an
 * administrator may only add items: a sheet that would update an existing one is refused whole (403).
 * Opening quantities in the sheet go into `yearId`, the request's year (decided by the route, see currentYear.ts).
 */
export async function applyItemSheet(
  db: Db,
  user: SessionUser,
  bytes: Buffer,
  yearId: number,
): Promise<Result<ImportResult>> {
  const checked = await checkItems(db, user, bytes);
  if (!checked.ok) return checked;
  const { rows, invalid, updatingRows, categories } = checked.value;
  if (!user.is_admin && updatingRows.length > 0) {
    // The sheet's rows that would update an item, each named by its row number (as the preview numbers them).
    const rows = Object.fromEntries(updatingRows.map((row) => [`${row}.part_no`, 'FILE_UPDATES_ITEMS' as const]));
    return fail('ADMIN_ONLY', { file: 'FILE_UPDATES_ITEMS', ...rows });
  }
  const valid = rows.filter(isValid).map((row) => row.values as ItemSheetValues);
  const result: ImportResult = { created: 0, updated: 0, skipped: invalid };
  for (const chunk of chunks(valid)) {
    await letOthersTakeTheirTurn();
    const saved = await inTransaction(db, (tx) => saveItemChunk(tx, user.store_id, yearId, chunk, categories));
    if (!saved.ok) return saved;
    result.created += saved.value.created;
    result.updated += saved.value.updated;
  }
  await writeLog(db, { store_id: user.store_id, user_id: user.id, typee: 'import items', yearId, logToken: result });
  return ok(result);
}

type CheckedOpening = OpeningSheetValues & { item_id: number };

/** The year's openings of the store: item and what was set, to count those a sheet leaves out and to put back. */
async function openingsOfYear(db: DbOrTx, storeId: number, yearId: number): Promise<OpeningOfItem[]> {
  return db
    .select({
      item_id: firstq.item_id,
      quantity: firstq.quantity,
      pay_price: firstq.pay_price,
      perch_price: firstq.perch_price,
    })
    .from(firstq)
    .where(and(eq(firstq.store_id, storeId), eq(firstq.fq_year, yearId)));
}

type CheckedOpeningSheet = ImportPreview<CheckedOpening> & {
  /** The year's openings before the import, of every item. */
  before: OpeningOfItem[];
  /** Items a row names (valid or not): never cleared as "unlisted". */
  listed: Set<number>;
};

/** Every row of an opening-quantity sheet checked (fields, a known item code, a code repeated in the file). */
async function checkOpenings(
  db: DbOrTx,
  storeId: number,
  bytes: Buffer,
  yearId: number,
): Promise<Result<CheckedOpeningSheet>> {
  const parsed = await parseSheet('openings', bytes, storeId);
  if (!parsed.ok) return parsed;
  const checks = parsed.value;
  const codes = [...new Set(checks.map((c) => c.values.part_no).filter((code): code is string => Boolean(code)))];
  const byCode = await itemsByCode(db, storeId, codes);
  const rows = checks.map((check) => {
    const code = check.values.part_no;
    const item = code ? byCode.get(code) : undefined;
    if (code && !item) check.errors.part_no ??= 'ITEM_NOT_FOUND';
    return {
      ...check,
      values: {
        ...check.values,
        item_id: item?.id,
        pay_price: check.values.pay_price ?? item?.pay_price,
        perch_price: check.values.perch_price ?? item?.perch_price,
      },
    };
  });
  const listed = new Set(rows.flatMap((row) => (row.values.item_id ? [row.values.item_id] : [])));
  const before = await openingsOfYear(db, storeId, yearId);
  const unlisted = before.filter((opening) => !listed.has(opening.item_id)).length;
  return ok({ ...summarise(rows), unlisted, before, listed });
}

/**
 * Checks every row of an opening-quantity sheet; changes nothing. Also counts the year's openings of items the
 * sheet does not name (`unlisted`): what applying with `clearUnlisted` would clear.
 */
export async function previewOpeningSheet(
  db: DbOrTx,
  storeId: number,
  bytes: Buffer,
  yearId: number,
): Promise<Result<ImportPreview<CheckedOpening>>> {
  const checked = await checkOpenings(db, storeId, bytes, yearId);
  if (!checked.ok) return checked;
  const { rows, valid, invalid, unlisted } = checked.value;
  return ok({ rows, valid, invalid, unlisted });
}

/** One step of an opening import: an item's opening set, or cleared. */
type OpeningStep = { set: OpeningOfItem } | { clear: number };
const itemOf = (step: OpeningStep) => ('set' in step ? step.set.item_id : step.clear);

/**
 * Writes opening steps chunk by chunk, each chunk in its own transaction with the stock check of its items (see
 * the file's comment for why not one transaction). Answers the chunks written, and the failure that stopped it.
 */
async function writeOpeningSteps(
  db: Db,
  storeId: number,
  yearId: number,
  steps: OpeningStep[],
): Promise<{ written: OpeningStep[]; failure?: { refused: Result<never> } | { error: unknown } }> {
  const written: OpeningStep[] = [];
  for (const chunk of chunks(steps)) {
    await letOthersTakeTheirTurn();
    const set = chunk.flatMap((step) => ('set' in step ? [step.set] : []));
    const clear = chunk.flatMap((step) => ('clear' in step ? [step.clear] : []));
    try {
      const result = await inTransaction(db, async (tx) => {
        const cleared = clear.map((item_id) => ({ item_id, quantity: '0' }));
        const refused = await refuseShortOpenings(tx, storeId, yearId, [...set, ...cleared], 'these items');
        if (refused) return refused;
        await replaceOpeningQuantities(tx, storeId, yearId, set, clear);
        return ok(null);
      });
      if (!result.ok) return { written, failure: { refused: result } };
    } catch (error) {
      return { written, failure: { error } };
    }
    written.push(...chunk);
  }
  return { written };
}

/**
 * Replaces the store's opening quantities of the year `fq_year` (the request's, decided by the route) for the items
 * the sheet names, with its valid rows. The year's other openings are left alone, unless `clearUnlisted`: then the
 * openings of items no row names are cleared (the preview counts them first).
 *
 * All or nothing: every check runs before the first chunk is written; a chunk that still fails (a sale made
 * meanwhile, a database error) has the chunks before it put back as they were, so the import leaves nothing.
 */
export async function applyOpeningSheet(
  db: Db,
  user: SessionUser,
  bytes: Buffer,
  fq_year: number,
  clearUnlisted = false,
): Promise<Result<ImportResult>> {
  const checked = await checkOpenings(db, user.store_id, bytes, fq_year);
  if (!checked.ok) return checked;
  const { rows, invalid, before, listed } = checked.value;
  const openings: OpeningOfItem[] = [];
  for (const { values, errors } of rows) {
    if (Object.keys(errors).length > 0 || !values.item_id || !values.quantity) continue;
    if (!values.pay_price || !values.perch_price) continue;
    const { item_id, quantity, pay_price, perch_price } = values;
    openings.push({ item_id, quantity, pay_price, perch_price });
  }
  const cleared = clearUnlisted ? before.map((row) => row.item_id).filter((id) => !listed.has(id)) : [];
  // The whole sheet is checked before the first chunk is written, so a sheet that would take sold goods below zero
  // changes nothing; each chunk checks its own items again, in its transaction, against a sale made meanwhile.
  const refusedWhole = await inTransaction(db, async (tx) => {
    const changes = [...openings, ...cleared.map((item_id) => ({ item_id, quantity: '0' }))];
    return (await refuseShortOpenings(tx, user.store_id, fq_year, changes, 'these items')) ?? ok(null);
  });
  if (!refusedWhole.ok) return refusedWhole;
  const steps: OpeningStep[] = [...openings.map((set) => ({ set })), ...cleared.map((clear) => ({ clear }))];
  const { written, failure } = await writeOpeningSteps(db, user.store_id, fq_year, steps);
  if (failure) {
    await putBackOpenings(db, user, fq_year, written, before);
    if ('refused' in failure) return failure.refused;
    throw failure.error;
  }
  const result = { created: openings.length, updated: 0, skipped: invalid, cleared: cleared.length };
  await writeLog(db, {
    store_id: user.store_id,
    user_id: user.id,
    typee: 'import firstq',
    yearId: fq_year,
    logToken: result,
  });
  return ok(result);
}

/**
 * Takes back the chunks an import wrote before it failed: each item's opening as it was before the import (or
 * none), in chunks as they were written, each with its stock check. Putting one back is refused only when goods of
 * that item were sold in the seconds between (the opening now carries a sale): that one is logged, not forced below
 * zero.
 */
async function putBackOpenings(
  db: Db,
  user: SessionUser,
  yearId: number,
  written: OpeningStep[],
  before: OpeningOfItem[],
) {
  if (written.length === 0) return;
  const was = new Map(before.map((opening) => [opening.item_id, opening]));
  const steps = written.map(itemOf).map((item_id): OpeningStep => {
    const opening = was.get(item_id);
    return opening ? { set: opening } : { clear: item_id };
  });
  const { written: restored, failure } = await writeOpeningSteps(db, user.store_id, yearId, steps);
  const kept = steps.slice(restored.length).map(itemOf);
  await writeLog(db, {
    store_id: user.store_id,
    user_id: user.id,
    typee: 'import firstq undone',
    yearId,
    logToken: { undone: restored.length, ...(failure ? { notUndone: kept } : {}) },
  });
}
