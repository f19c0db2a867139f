/**
 * The item and opening-quantity sheets: their columns, and each row checked on its own (pure; the service adds
 * what needs the database: duplicate codes in the store, category names).
 */
import {
  type FieldErrors,
  fail,
  fieldErrorOf,
  ItemInput,
  normalizeNumberInput,
  OpeningQuantityFields,
  ok,
  type Result,
  refuseOpeningValueTooLarge,
  toWesternDigits,
} from '@mizan/contract';
import type { SheetRow } from './sheetValues.ts';

/** Columns by field; a sheet's header may use the Arabic title or the field name. */
export const itemColumns = {
  item_name: 'اسم الصنف',
  item_desc: 'الاسم بالإنجليزية',
  aliasEn: 'اسم مستعار',
  part_no: 'الكود',
  item_parcode: 'الباركود',
  brand: 'الماركة',
  model: 'الموديل',
  item_unit: 'الوحدة',
  min_qty: 'أقل كمية',
  perch_price: 'سعر الشراء',
  pay_price: 'سعر البيع',
  tax: 'الضريبة %',
  category_name: 'التصنيف',
  firstQuantity: 'الكمية الافتتاحية',
} as const;
export type ItemColumn = keyof typeof itemColumns;

export const openingColumns = {
  part_no: 'الكود',
  item_name: 'اسم الصنف',
  quantity: 'الكمية',
  perch_price: 'سعر الشراء',
  pay_price: 'سعر البيع',
} as const;
export type OpeningColumn = keyof typeof openingColumns;

const normalise = (text: string) =>
  text.replace(/\s+/g, ' ').replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه').trim().toLowerCase();

/** Which column holds which field, from the header row. */
export function mapHeader<K extends string>(columns: Record<K, string>, header: string[]): Map<K, number> {
  const found = new Map<K, number>();
  header.forEach((title, index) => {
    const key = normalise(title);
    for (const [field, arabic] of Object.entries(columns) as [K, string][]) {
      if (key === normalise(arabic) || key === field.toLowerCase()) found.set(field, index);
    }
  });
  return found;
}

/** A row with its errors: a code per field (as the error envelope's fields), worded by the screen. */
export type RowCheck<T> = { row: number; values: T; errors: FieldErrors };

/**
 * Columns that hold numbers: a text cell typed as "١٬٢٠٠٫٥٠" or "۱۵" reads as 1200.50 and 15, as in every form.
 * A code and a barcode are kept as text in Western digits (`optionalCode`): the opening sheet finds its items by
 * the code as stored.
 */
const numberFields = new Set(['min_qty', 'perch_price', 'pay_price', 'tax', 'firstQuantity', 'quantity']);
const codeFields = new Set(['part_no', 'item_parcode']);

function pick<K extends string>(cells: string[], header: Map<K, number>, field: K): string | undefined {
  const index = header.get(field);
  const cell = index === undefined ? '' : (cells[index] ?? '');
  if (cell === '') return undefined;
  if (numberFields.has(field)) return normalizeNumberInput(cell) || undefined;
  return codeFields.has(field) ? toWesternDigits(cell) : cell;
}

function issues(error: { issues: ({ path: PropertyKey[] } & Parameters<typeof fieldErrorOf>[0])[] }) {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? '_')] ??= fieldErrorOf(issue);
  return errors;
}

export type ItemSheetValues = ReturnType<typeof ItemInput.parse> & { category_name: string | null };

export function checkItemRow(row: SheetRow, header: Map<ItemColumn, number>): RowCheck<Partial<ItemSheetValues>> {
  const raw = Object.fromEntries(
    (Object.keys(itemColumns) as ItemColumn[]).map((field) => [field, pick(row.cells, header, field)]),
  ) as Record<ItemColumn, string | undefined>;
  const { category_name, ...itemFields } = raw;
  const parsed = ItemInput.safeParse(itemFields);
  if (!parsed.success)
    return {
      row: row.row,
      values: { ...raw, category_name: category_name ?? null } as never,
      errors: issues(parsed.error),
    };
  return { row: row.row, values: { ...parsed.data, category_name: category_name ?? null }, errors: {} };
}

export type OpeningSheetValues = {
  part_no: string;
  item_name: string | undefined;
  quantity: string;
  perch_price?: string;
  pay_price?: string;
};

export function checkOpeningRow(
  row: SheetRow,
  header: Map<OpeningColumn, number>,
): RowCheck<Partial<OpeningSheetValues>> {
  const part_no = pick(row.cells, header, 'part_no');
  const item_name = pick(row.cells, header, 'item_name');
  const parsed = OpeningQuantityFields.omit({ item_id: true })
    .superRefine(refuseOpeningValueTooLarge)
    .safeParse({
      quantity: pick(row.cells, header, 'quantity') ?? '',
      perch_price: pick(row.cells, header, 'perch_price'),
      pay_price: pick(row.cells, header, 'pay_price'),
    });
  const errors = parsed.success ? {} : issues(parsed.error);
  if (!part_no) errors.part_no = 'REQUIRED';
  const values = parsed.success
    ? {
        part_no,
        item_name,
        quantity: parsed.data.quantity,
        perch_price: parsed.data.perch_price,
        pay_price: parsed.data.pay_price,
      }
    : { part_no, item_name };
  return { row: row.row, values, errors };
}

/** Notes a value seen twice in the file on the later row, naming the first. */
function firstSeen(seen: Map<string, number>, value: string | null | undefined, row: number): number | undefined {
  if (!value) return undefined;
  const first = seen.get(value);
  if (first === undefined) seen.set(value, row);
  return first;
}

/**
 * Every row of an item sheet checked on its own and against the rest of the file (a code or barcode repeated);
 * what needs the database (category names, codes and barcodes of the store) is the service's.
 */
export function checkItemSheet(sheet: SheetRow[]): Result<RowCheck<Partial<ItemSheetValues>>[]> {
  const [headerRow, ...dataRows] = sheet;
  const header = mapHeader(itemColumns, headerRow?.cells ?? []);
  if (!header.has('item_name') || !header.has('pay_price') || !header.has('perch_price')) {
    return fail('VALIDATION_FAILED', { file: 'ITEM_COLUMNS_MISSING' });
  }
  const seenCodes = new Map<string, number>();
  const seenBarcodes = new Map<string, number>();
  return ok(
    dataRows.map((dataRow) => {
      const check = checkItemRow(dataRow, header);
      const firstCode = firstSeen(seenCodes, check.values.part_no, check.row);
      if (firstCode !== undefined) check.errors.part_no ??= 'CODE_REPEATED_IN_FILE';
      const firstBarcode = firstSeen(seenBarcodes, check.values.item_parcode, check.row);
      if (firstBarcode !== undefined) check.errors.item_parcode ??= 'BARCODE_REPEATED_IN_FILE';
      return check;
    }),
  );
}

/** Every row of an opening-quantity sheet checked on its own and for a code repeated in the file. */
export function checkOpeningSheet(sheet: SheetRow[]): Result<RowCheck<Partial<OpeningSheetValues>>[]> {
  const [headerRow, ...dataRows] = sheet;
  const header = mapHeader(openingColumns, headerRow?.cells ?? []);
  if (!header.has('part_no') || !header.has('quantity')) {
    return fail('VALIDATION_FAILED', { file: 'OPENING_COLUMNS_MISSING' });
  }
  const seen = new Map<string, number>();
  return ok(
    dataRows.map((dataRow) => {
      const check = checkOpeningRow(dataRow, header);
      const first = firstSeen(seen, check.values.part_no, check.row);
      if (first !== undefined) check.errors.part_no ??= 'CODE_REPEATED_IN_FILE';
      return check;
    }),
  );
}
