/**
 * The worker thread that reads an uploaded sheet and checks its rows, or writes an export, so that packing,
 * unpacking and parsing a large .xlsx never holds the server's request thread. Started by sheetThread.ts through
 * sheetWorker.boot.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fail } from '@mizan/contract';
import { checkItemSheet, checkOpeningSheet } from './itemSheet.rules.ts';
import { MAX_SHEET_ROWS, refuseSheet, sheetRefusals } from './sheetLimits.ts';
import { readSheet, type SheetCell, TooManyRows, writeSheet } from './sheetValues.ts';

export type SheetKind = 'items' | 'openings';
export type ParseJob = { kind: SheetKind; bytes: Uint8Array };
export type WriteJob = { kind: 'write'; name: string; header: string[]; rows: SheetCell[][] };

async function parse({ kind, bytes }: ParseJob) {
  let rows: Awaited<ReturnType<typeof readSheet>>;
  try {
    rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), MAX_SHEET_ROWS);
  } catch (error) {
    return refuseSheet(error instanceof TooManyRows ? sheetRefusals.tooManyRows : sheetRefusals.notASheet);
  }
  return kind === 'items' ? checkItemSheet(rows) : checkOpeningSheet(rows);
}

if (parentPort) {
  const port = parentPort;
  const job = workerData as ParseJob | WriteJob;
  if (job.kind === 'write') {
    writeSheet(job.name, job.header, job.rows).then((bytes) => port.postMessage(bytes));
  } else {
    parse(job).then(
      (result) => port.postMessage(result),
      () => port.postMessage(fail('VALIDATION_FAILED', { file: sheetRefusals.notASheet })),
    );
  }
}
