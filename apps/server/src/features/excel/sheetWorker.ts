/**
 * The worker thread that reads an uploaded sheet and checks its rows, so that unpacking and parsing a large .xlsx never holds the server's request thread. Started by sheetThread.ts through
 * sheetWorker.boot.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fail } from '@mizan/contract';
import { checkItemSheet, checkOpeningSheet } from './itemSheet.rules.ts';
import {
  MAX_CELL_CHARS,
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  MAX_SHEET_TEXT_CHARS,
  refuseSheet,
  sheetRefusals,
} from './sheetLimits.ts';
import { readSheet, TextTooLong, TooManyRows } from './sheetValues.ts';

export type SheetKind = 'items' | 'openings';
export type ParseJob = { kind: SheetKind; bytes: Uint8Array };

async function parse({ kind, bytes }: ParseJob) {
  let rows: Awaited<ReturnType<typeof readSheet>>;
  try {
    // `bytes` are the parts counted by `readableSheet` (sheetThread.ts), not the uploaded file.
    rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      maxDataRows: MAX_SHEET_ROWS,
      maxColumns: MAX_SHEET_COLUMNS,
      maxCellChars: MAX_CELL_CHARS,
      maxTextChars: MAX_SHEET_TEXT_CHARS,
    });
  } catch (error) {
    if (error instanceof TooManyRows) return refuseSheet(sheetRefusals.tooManyRows);
    if (error instanceof TextTooLong) {
      return refuseSheet(error.what === 'cell' ? sheetRefusals.cellTooLong : sheetRefusals.unpackedTooLarge);
    }
    return refuseSheet(sheetRefusals.notASheet);
  }
  return kind === 'items' ? checkItemSheet(rows) : checkOpeningSheet(rows);
}

if (parentPort) {
  const port = parentPort;
  parse(workerData as ParseJob).then(
    (result) => port.postMessage(result),
    () => port.postMessage(fail('VALIDATION_FAILED', { file: sheetRefusals.notASheet })),
  );
}
