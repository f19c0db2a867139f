/**
 * Reading and writing .xlsx sheets with exceljs, as plain rows of text. What a cell holds (number, rich text,
 * formula result, hyperlink, date) is reduced here to the text a user sees, once, for every import.
 */
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

/** The first sheet's rows (header row first), without the empty ones. */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    // Array.from visits the holes exceljs leaves for empty cells (map would skip them).
    const cells = Array.from(values, (value) => cellText(value as ExcelJS.CellValue));
    if (cells.some((cell) => cell !== '')) rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/** A right-to-left workbook with one sheet: a bold header row and the rows. */
export async function writeSheet(name: string, header: string[], rows: (string | number | null)[][]): Promise<Buffer> {
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

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
