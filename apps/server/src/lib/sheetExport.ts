/**
 * The one way a list or report leaves as an .xlsx: streamed, page by page, straight into the answer. Only the page
 * being written is held (exceljs's streaming writer commits each row), so a 100,000-line statement costs the memory
 * of one page, and the request thread is free between pages while the next is read from the database.
 *
 * A screen exports what it shows: the route takes the screen's own filters (without the page) and gives the rows
 * page by page (`pagesOf`), the columns say how each cell is read and shown. Sheets read right to left, with a bold
 * frozen header.
 */
import { PassThrough, type Stream } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * How a column shows its cells. Amounts and quantities leave as numbers (so the sheet can sum them) with a fixed
 * number of decimals; they arrive as the exact decimal text of the database and are only turned into a spreadsheet
 * number here, at the very end, where no arithmetic follows.
 */
export type ColumnKind = 'text' | 'money' | 'quantity' | 'integer';

export type SheetColumn<Row> = {
  /** The Arabic header. */
  header: string;
  cell: (row: Row) => string | number | null | undefined;
  kind?: ColumnKind;
  /** In characters; by default the header's length with some room. */
  width?: number;
};

const numberFormats: Record<ColumnKind, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  quantity: '#,##0.###',
  integer: '0',
};

function cellValue(kind: ColumnKind, value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'text') return String(value);
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : String(value);
}

/**
 * Pages of a list read one after another until a short page: `read(page)` is the screen's own paged query (page 1
 * first) with `pageSize` rows.
 */
export async function* pagesOf<Row>(read: (page: number, pageSize: number) => Promise<Row[]>, pageSize = 2_000) {
  for (let page = 1; ; page++) {
    const rows = await read(page, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}

export type SheetExport<Row> = {
  /** The file's name, Latin letters (the browser saves it under this name). */
  filename: string;
  /** The sheet's Arabic name (at most 31 characters, Excel's limit). */
  sheetName: string;
  columns: SheetColumn<Row>[];
  /** Lines above the header: a report's title, its store and its dates. */
  title?: string[];
  pages: AsyncIterable<Row[]>;
};

/** Writes the workbook into `output` as its pages arrive; resolves when the last byte is written. */
export async function writeSheetStream<Row>(output: Stream, sheet: SheetExport<Row>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Mizan';
  const titleRows = sheet.title?.length ?? 0;
  const worksheet = workbook.addWorksheet(sheet.sheetName.slice(0, 31), {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: titleRows + 1 }],
  });
  worksheet.columns = sheet.columns.map((column) => ({
    width: column.width ?? Math.max(12, column.header.length + 4),
    style: numberFormats[column.kind ?? 'text'] ? { numFmt: numberFormats[column.kind ?? 'text'] } : {},
  }));
  for (const line of sheet.title ?? []) {
    const row = worksheet.addRow([line]);
    row.font = { bold: true };
    row.commit();
  }
  const header = worksheet.addRow(sheet.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for await (const rows of sheet.pages) {
    for (const row of rows) {
      worksheet.addRow(sheet.columns.map((column) => cellValue(column.kind ?? 'text', column.cell(row)))).commit();
    }
  }
  worksheet.commit();
  await workbook.commit();
}

/**
 * Answers a request with the sheet, streamed. A failure while reading a later page cannot become an error answer
 * (the file has started): the stream is broken off, so the browser reports a failed download instead of saving a
 * short file as if it were whole.
 */
export function sendSheet<Row>(reply: FastifyReply, sheet: SheetExport<Row>) {
  const body = new PassThrough();
  writeSheetStream(body, sheet).catch((error: unknown) => {
    reply.log.error({ err: error }, 'sheet export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${sheet.filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
