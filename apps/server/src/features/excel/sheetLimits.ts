/**
 * How large a sheet the imports take, and the cheap check of an .xlsx before anything is unpacked.
 *
 * The bounds (documented in docs/excel-imports.md): a 50,000-row item sheet written by Excel or by our template is about 3.4 MB
 * packed and 40 MB unpacked, so 10 MB packed, 200 MB unpacked and 50,000 data rows leave room for wide sheets while a
 * sheet past them is refused in Arabic before it can hold the server's memory or its one embedded database connection.
 * A zip bomb (a few MB that unpack to gigabytes) that says so is refused from its central directory, which states
 * every entry's unpacked size, before a byte is inflated; one that lies there is refused by the worker, which counts
 * what each part really unpacks to while inflating it, before the sheet reader sees it (sheetZip.ts). A cell's text
 * and the sheet's text are bounded as they are read (sheetValues.ts), and the worker has its memory and time limits.
 */
import { type FieldError, fail, ok, type Result } from '@mizan/contract';
import { type UnpackBounds, verifiedZip, zipEntries } from './sheetZip.ts';

export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const MAX_SHEET_ROWS = 50_000;
/**
 * What each part of the file may really unpack to. A 50,000-row item sheet's worksheet is about 35 MB and its
 * shared strings under 10 MB; the workbook and its relations are a few kB.
 */
export const MAX_WORKSHEET_BYTES = 160 * 1024 * 1024;
export const MAX_SHARED_STRINGS_BYTES = 48 * 1024 * 1024;
export const MAX_PART_BYTES = 4 * 1024 * 1024;
/**
 * A cell's text and the whole sheet's text, as read: no field of a sheet is longer than a few hundred characters,
 * and what a preview answers is bounded by the sheet's text. Columns past `MAX_SHEET_COLUMNS` are not read.
 */
export const MAX_CELL_CHARS = 2_000;
export const MAX_SHEET_TEXT_CHARS = 32 * 1024 * 1024;
export const MAX_SHEET_COLUMNS = 64;
/** The parsing worker is stopped past these (a sheet within the bounds above needs a fraction of them). */
export const PARSE_MEMORY_MB = 512;
export const PARSE_TIMEOUT_MS = 120_000;

/** Why a sheet is refused, as the `file` field's code (the web app words them, with the bounds above). */
export const sheetRefusals = {
  notASheet: 'FILE_NOT_A_SHEET',
  tooLarge: 'FILE_TOO_LARGE',
  unpackedTooLarge: 'FILE_UNPACKS_TOO_LARGE',
  tooManyRows: 'FILE_TOO_MANY_ROWS',
  tooHeavy: 'FILE_TOO_LARGE',
  cellTooLong: 'FILE_CELL_TOO_LONG',
} as const satisfies Record<string, FieldError>;

export const refuseSheet = (code: FieldError) => fail<never>('VALIDATION_FAILED', { file: code });

/**
 * Sums the unpacked sizes that the zip's central directory states, without inflating anything; refuses a file
 * that is not a zip, or whose entries would unpack past `MAX_UNPACKED_BYTES`. A cheap first look only: the worker
 * counts what the entries really unpack to (`readableSheet`).
 */
export function checkPackedSheet(bytes: Buffer): Result<{ unpackedBytes: number }> {
  if (bytes.length > MAX_SHEET_BYTES) return refuseSheet(sheetRefusals.tooLarge);
  const entries = zipEntries(bytes);
  if (!entries.ok) return refuseSheet(entries.refusal);
  let unpackedBytes = 0;
  for (const entry of entries.value) {
    unpackedBytes += entry.statedSize;
    if (unpackedBytes > MAX_UNPACKED_BYTES) return refuseSheet(sheetRefusals.unpackedTooLarge);
  }
  return ok({ unpackedBytes });
}

/**
 * The parts of an .xlsx the sheet reader needs, in the order it must meet them: the workbook, its relations, the
 * shared strings, then the first sheet. exceljs's streaming reader reads a worksheet as it comes only once it has
 * read the relations and the shared strings; a worksheet met before them (the order Excel and exceljs write) it
 * copies to a temporary file to read after the zip's other parts, and those it may then never see: unzipper ends
 * its output while they still wait in it, and the reader, missing the workbook, throws (the intermittent "not a
 * sheet" of issue 22, sheetOrder.test.ts). In this order there is no temporary copy either (each upload left its
 * worksheet, up to 160 MB, in the system's temporary folder).
 */
export function sheetParts(names: string[]): string[] {
  // The reader takes the first worksheet in the zip's order.
  const firstSheet = names.find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
  return ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', ...(firstSheet ? [firstSheet] : [])];
}

/** The shared strings of a workbook with no text (a writer may leave the part out): the reader is given this one. */
const noSharedStrings = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

/** What each part may really unpack to (see the file's comment), and all of them together. */
export const unpackBounds: UnpackBounds = {
  total: MAX_UNPACKED_BYTES,
  entry: (name) =>
    name === 'xl/sharedStrings.xml'
      ? MAX_SHARED_STRINGS_BYTES
      : name.startsWith('xl/worksheets/')
        ? MAX_WORKSHEET_BYTES
        : MAX_PART_BYTES,
};

/**
 * The sheet as the reader may take it: only the parts it needs, each counted while inflating (not as the zip states)
 * against its bound; or the Arabic refusal of the file. Runs in the parsing worker.
 */
export async function readableSheet(bytes: Buffer): Promise<Result<Buffer>> {
  const checked = await verifiedZip(bytes, sheetParts, unpackBounds, { 'xl/sharedStrings.xml': noSharedStrings });
  return checked.ok ? ok(checked.value) : refuseSheet(checked.refusal);
}
