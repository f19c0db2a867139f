/**
 * Reading and writing .xlsx sheets with exceljs, as plain rows of text (read as a stream, in a worker thread: see
 * sheetWorker.ts). What a cell holds (number, rich text,
 * formula result, hyperlink, date) is reduced here to the text a user sees, once, for every import.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetRow = { row: number; cells: string[] };

/** A number typed in Excel as text the importers parse exactly: floats like 12.300000000000001 become "12.3". */
function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
}

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  return '';
}

/** A sheet with more data rows than a reader accepts: reading stopped at the first row past the bound. */
export class TooManyRows extends Error {
  constructor(readonly maxRows: number) {
    super(`more than ${maxRows} data rows`);
  }
}

/** A cell longer than a reader accepts, or a sheet whose text together is: reading stopped there. */
export class TextTooLong extends Error {
  constructor(readonly what: 'cell' | 'sheet') {
    super(`a ${what} holds too much text`);
  }
}

export type SheetBounds = { maxDataRows: number; maxColumns: number; maxCellChars: number; maxTextChars: number };
const unbounded: SheetBounds = {
  maxDataRows: Number.POSITIVE_INFINITY,
  maxColumns: Number.POSITIVE_INFINITY,
  maxCellChars: Number.POSITIVE_INFINITY,
  maxTextChars: Number.POSITIVE_INFINITY,
};

/**
 * The first sheet's rows (header row first), without the empty ones, read as a stream: only the shared strings and
 * the rows read so far are held, never the whole workbook. Past `maxDataRows` rows after the header it stops and
 * throws `TooManyRows`; a cell past `maxCellChars`, or more text than `maxTextChars` in all, throws `TextTooLong`;
 * columns past `maxColumns` are not read. So an oversized sheet costs little, and what is kept stays bounded.
 */
export async function readSheet(bytes: Buffer, bounds: Partial<SheetBounds> = {}): Promise<SheetRow[]> {
  const { maxDataRows, maxColumns, maxCellChars, maxTextChars } = { ...unbounded, ...bounds };
  let text = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const rows: SheetRow[] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(row.values) ? row.values.slice(1, maxColumns + 1) : [];
      // Array.from visits the holes exceljs leaves for empty cells (map would skip them).
      const cells = Array.from(values, (value) => cellText(value as ExcelJS.CellValue));
      if (!cells.some((cell) => cell !== '')) continue;
      if (rows.length > maxDataRows) throw new TooManyRows(maxDataRows);
      for (const cell of cells) {
        if (cell.length > maxCellChars) throw new TextTooLong('cell');
        text += cell.length;
      }
      if (text > maxTextChars) throw new TextTooLong('sheet');
      rows.push({ row: row.number, cells });
    }
    break; // the first sheet only
  }
  return rows;
}

/** A right-to-left workbook with one sheet: a bold header row and the rows. */
export type SheetCell = string | number | null;

export async function writeSheet(name: string, header: string[], rows: SheetCell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Mizan';
  const sheet = workbook.addWorksheet(name, { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(12, (header[index]?.length ?? 0) + 4);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export { XLSX_TYPE } from '../../lib/sheetExport.ts';
