/**
 * How large a sheet the imports take, and the cheap check of an .xlsx before anything is unpacked.
 *
 * The bounds (documented in docs/excel-imports.md): a 50,000-row item sheet written by Excel or by our template is about 3.4 MB
 * packed and 40 MB unpacked, so 10 MB packed, 200 MB unpacked and 50,000 data rows leave room for wide sheets while a
 * sheet past them is refused in Arabic before it can hold the server's memory or its one embedded database connection.
 * A zip bomb (a few MB that unpack to gigabytes) is refused from its central directory, which states every entry's
 * unpacked size, before a byte is inflated; a file that lies there is still stopped by the row bound and by the
 * memory and time limits of the worker that parses it.
 */
import { type FieldError, fail, ok, type Result } from '@mizan/contract';

export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const MAX_SHEET_ROWS = 50_000;
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
} as const satisfies Record<string, FieldError>;

export const refuseSheet = (code: FieldError) => fail<never>('VALIDATION_FAILED', { file: code });

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** A zip64 field: sizes past 4 GB, which no sheet within the bounds needs. */
const ZIP64 = 0xffffffff;

/**
 * Sums the unpacked sizes that the zip's central directory states, without inflating anything; refuses a file
 * that is not a zip, or whose entries would unpack past `MAX_UNPACKED_BYTES`.
 */
export function checkPackedSheet(bytes: Buffer): Result<{ unpackedBytes: number }> {
  if (bytes.length > MAX_SHEET_BYTES) return refuseSheet(sheetRefusals.tooLarge);
  // The end record is 22 bytes plus a comment of at most 65,535; search back from the end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return refuseSheet(sheetRefusals.notASheet);
  const entries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === ZIP64) return refuseSheet(sheetRefusals.unpackedTooLarge);
  let at = directoryOffset;
  let unpackedBytes = 0;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) {
      return refuseSheet(sheetRefusals.notASheet);
    }
    const unpacked = bytes.readUInt32LE(at + 24);
    if (unpacked === ZIP64) return refuseSheet(sheetRefusals.unpackedTooLarge);
    unpackedBytes += unpacked;
    if (unpackedBytes > MAX_UNPACKED_BYTES) return refuseSheet(sheetRefusals.unpackedTooLarge);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return ok({ unpackedBytes });
}
