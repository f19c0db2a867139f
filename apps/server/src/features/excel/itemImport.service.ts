/**
 * Importing items and opening quantities from .xlsx: a preview shows every row with its Arabic errors; applying
 * saves all valid rows in one transaction. Items are added or updated by their code (never by wiping the table);
 * opening quantities of the store and year are replaced.
 */
import { fail, ok, type Result, type SessionUser } from '@mizan/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { itemCategories, items } from '../../db/schema.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { postOpeningQuantity } from '../openingStock/openingStock.posting.ts';
import { deleteOpeningQuantities } from '../openingStock/openingStock.service.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import {
  checkItemRow,
  checkOpeningRow,
  type ItemSheetValues,
  itemColumns,
  mapHeader,
  type OpeningSheetValues,
  openingColumns,
  type RowCheck,
} from './itemSheet.rules.ts';
import { readSheet } from './sheetValues.ts';

export type ImportPreview<T> = { rows: RowCheck<Partial<T>>[]; valid: number; invalid: number };

async function sheetRows(bytes: Buffer) {
  try {
    return ok(await readSheet(bytes));
  } catch {
    return fail<never>('VALIDATION_FAILED', { file: 'الملف ليس ملف Excel صالحا (.xlsx)' });
  }
}

const summarise = <T>(rows: RowCheck<Partial<T>>[]): ImportPreview<T> => {
  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
};

async function categoryIds(db: DbOrTx, storeId: number) {
  const rows = await db
    .select({ id: itemCategories.id, name: itemCategories.category_name })
    .from(itemCategories)
    .where(eq(itemCategories.store_id, storeId));
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Checks every row of an item sheet: its own fields, codes and barcodes repeated in the file, category names. */
export async function previewItemSheet(
  db: DbOrTx,
  storeId: number,
  bytes: Buffer,
): Promise<Result<ImportPreview<ItemSheetValues>>> {
  const sheet = await sheetRows(bytes);
  if (!sheet.ok) return sheet;
  const [headerRow, ...dataRows] = sheet.value;
  const header = mapHeader(itemColumns, headerRow?.cells ?? []);
  if (!header.has('item_name') || !header.has('pay_price') || !header.has('perch_price')) {
    return fail('VALIDATION_FAILED', {
      file: 'الملف لا يحوي الأعمدة المطلوبة: اسم الصنف، سعر الشراء، سعر البيع (استخدم القالب)',
    });
  }
  const categories = await categoryIds(db, storeId);
  const seenCodes = new Map<string, number>();
  const seenBarcodes = new Map<string, number>();
  const rows = dataRows.map((dataRow) => {
    const check = checkItemRow(dataRow, header);
    const { part_no, item_parcode, category_name } = check.values;
    if (part_no) {
      const first = seenCodes.get(part_no);
      if (first !== undefined) check.errors.part_no ??= `الكود مكرر في الملف (الصف ${first})`;
      else seenCodes.set(part_no, check.row);
    }
    if (item_parcode) {
      const first = seenBarcodes.get(item_parcode);
      if (first !== undefined) check.errors.item_parcode ??= `الباركود مكرر في الملف (الصف ${first})`;
      else seenBarcodes.set(item_parcode, check.row);
    }
    if (category_name && !categories.has(category_name))
      check.errors.category_name = `التصنيف "${category_name}" غير موجود`;
    return check;
  });
  // A barcode already used by another item of the store (not the one this row updates by code) is refused.
  const barcodes = [...seenBarcodes.keys()];
  if (barcodes.length) {
    const taken = await db
      .select({ barcode: items.item_parcode, part_no: items.part_no })
      .from(items)
      .where(and(eq(items.store_id, storeId), inArray(items.item_parcode, barcodes)));
    const owner = new Map(taken.map((row) => [row.barcode, row.part_no]));
    for (const row of rows) {
      const barcode = row.values.item_parcode;
      if (barcode && owner.has(barcode) && owner.get(barcode) !== row.values.part_no) {
        row.errors.item_parcode ??= 'الباركود مستخدم لصنف آخر في هذا المخزن';
      }
    }
  }
  return ok(summarise(rows));
}

export type ImportResult = { created: number; updated: number; skipped: number };

/** Saves the valid rows of an item sheet in one transaction; rows with errors are skipped and counted. */
export function applyItemSheet(db: Db, user: SessionUser, bytes: Buffer): Promise<Result<ImportResult>> {
  return inTransaction(db, async (tx) => {
    const preview = await previewItemSheet(tx, user.store_id, bytes);
    if (!preview.ok) return preview;
    const categories = await categoryIds(tx, user.store_id);
    const yearId = await resolveYearId(tx, undefined);
    let created = 0;
    let updated = 0;
    for (const { values, errors } of preview.value.rows) {
      if (Object.keys(errors).length > 0) continue;
      const v = values as ItemSheetValues;
      const row = {
        item_name: v.item_name,
        item_desc: v.item_desc,
        aliasEn: v.aliasEn,
        part_no: v.part_no,
        item_parcode: v.item_parcode,
        brand: v.brand,
        model: v.model,
        item_unit: v.item_unit,
        min_qty: v.min_qty,
        perch_price: v.perch_price,
        pay_price: v.pay_price,
        tax: v.tax,
        category_id: v.category_name ? (categories.get(v.category_name) ?? null) : null,
      };
      const [existing] = v.part_no
        ? await tx
            .select({ id: items.id })
            .from(items)
            .where(and(eq(items.store_id, user.store_id), eq(items.part_no, v.part_no)))
        : [];
      let itemId: number;
      if (existing) {
        await tx.update(items).set(row).where(eq(items.id, existing.id));
        itemId = existing.id;
        updated++;
      } else {
        const [inserted] = await tx
          .insert(items)
          .values({ ...row, store_id: user.store_id })
          .returning({ id: items.id });
        if (!inserted) throw new Error('item insert returned nothing');
        itemId = inserted.id;
        created++;
      }
      if (v.firstQuantity !== undefined && yearId !== undefined) {
        await postOpeningQuantity(tx, {
          item_id: itemId,
          store_id: user.store_id,
          fq_year: yearId,
          quantity: v.firstQuantity,
          pay_price: v.pay_price,
          perch_price: v.perch_price,
        });
      }
    }
    const result = { created, updated, skipped: preview.value.invalid };
    await writeLog(tx, { store_id: user.store_id, user_id: user.id, typee: 'import items', logToken: result });
    return ok(result);
  });
}

/** Checks every row of an opening-quantity sheet: fields, a known item code, a code repeated in the file. */
export async function previewOpeningSheet(
  db: DbOrTx,
  storeId: number,
  bytes: Buffer,
): Promise<Result<ImportPreview<OpeningSheetValues & { item_id: number }>>> {
  const sheet = await sheetRows(bytes);
  if (!sheet.ok) return sheet;
  const [headerRow, ...dataRows] = sheet.value;
  const header = mapHeader(openingColumns, headerRow?.cells ?? []);
  if (!header.has('part_no') || !header.has('quantity')) {
    return fail('VALIDATION_FAILED', { file: 'الملف لا يحوي الأعمدة المطلوبة: الكود، الكمية (استخدم القالب)' });
  }
  const checks = dataRows.map((row) => checkOpeningRow(row, header));
  const codes = [...new Set(checks.map((c) => c.values.part_no).filter((code): code is string => Boolean(code)))];
  const known = codes.length
    ? await db
        .select({ id: items.id, part_no: items.part_no, pay_price: items.pay_price, perch_price: items.perch_price })
        .from(items)
        .where(and(eq(items.store_id, storeId), inArray(items.part_no, codes)))
    : [];
  const byCode = new Map(known.map((item) => [item.part_no, item]));
  const seen = new Map<string, number>();
  const rows = checks.map((check) => {
    const code = check.values.part_no;
    const item = code ? byCode.get(code) : undefined;
    if (code && !item) check.errors.part_no ??= `لا يوجد صنف بالكود ${code}`;
    if (code) {
      const first = seen.get(code);
      if (first !== undefined) check.errors.part_no ??= `الكود مكرر في الملف (الصف ${first})`;
      else seen.set(code, check.row);
    }
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
  return ok(summarise(rows));
}

/** Replaces the store's opening quantities of the year with the valid rows of the sheet, in one transaction. */
export function applyOpeningSheet(
  db: Db,
  user: SessionUser,
  bytes: Buffer,
  requestedYear: number | undefined,
): Promise<Result<ImportResult>> {
  return inTransaction(db, async (tx) => {
    const fq_year = await resolveYearId(tx, requestedYear);
    if (fq_year === undefined) return fail('YEAR_NOT_FOUND');
    const preview = await previewOpeningSheet(tx, user.store_id, bytes);
    if (!preview.ok) return preview;
    await deleteOpeningQuantities(tx, user.store_id, fq_year);
    let created = 0;
    for (const { values, errors } of preview.value.rows) {
      if (
        Object.keys(errors).length > 0 ||
        !values.item_id ||
        !values.quantity ||
        !values.pay_price ||
        !values.perch_price
      )
        continue;
      await postOpeningQuantity(tx, {
        item_id: values.item_id,
        store_id: user.store_id,
        fq_year,
        quantity: values.quantity,
        pay_price: values.pay_price,
        perch_price: values.perch_price,
      });
      created++;
    }
    const result = { created, updated: 0, skipped: preview.value.invalid };
    await writeLog(tx, {
      store_id: user.store_id,
      user_id: user.id,
      typee: 'import firstq',
      yearId: fq_year,
      logToken: result,
    });
    return ok(result);
  });
}
