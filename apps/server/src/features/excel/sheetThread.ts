/**
 * Reading, checking and writing sheets off the request thread: the cheap size checks first (sheetLimits.ts), then a
 * worker thread with its own memory and time limits, so one large or hostile file can neither freeze other users'
 * requests nor take the server's memory, and a large export does not hold them either.
 */
import { Worker } from 'node:worker_threads';
import type { Result } from '@mizan/contract';
import type { ItemSheetValues, OpeningSheetValues, RowCheck } from './itemSheet.rules.ts';
import { checkPackedSheet, PARSE_MEMORY_MB, PARSE_TIMEOUT_MS, refuseSheet, sheetRefusals } from './sheetLimits.ts';
import type { SheetCell } from './sheetValues.ts';
import type { ParseJob, SheetKind, WriteJob } from './sheetWorker.ts';

const workerEntry = new URL('./sheetWorker.boot.mjs', import.meta.url);

type Checked = { items: RowCheck<Partial<ItemSheetValues>>[]; openings: RowCheck<Partial<OpeningSheetValues>>[] };

/** Runs one job in a new worker; `undefined` when the worker ran out of memory or time, or crashed. */
function inWorker<T>(job: ParseJob | WriteJob): Promise<T | undefined> {
  return new Promise((resolve) => {
    const worker = new Worker(workerEntry, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: PARSE_MEMORY_MB },
    });
    let settled = false;
    const settle = (answer: T | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(undefined), PARSE_TIMEOUT_MS);
    worker.once('message', (answer: T) => settle(answer));
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the job fails, the server goes on.
    worker.once('error', () => settle(undefined));
    worker.once('exit', () => settle(undefined));
  });
}

/** An uploaded sheet's rows, each checked on its own and against the file; or the Arabic refusal of the file. */
export async function parseSheet<K extends SheetKind>(kind: K, bytes: Buffer): Promise<Result<Checked[K]>> {
  const packed = checkPackedSheet(bytes);
  if (!packed.ok) return packed;
  const answer = await inWorker<Result<Checked[K]>>({ kind, bytes });
  return answer ?? refuseSheet(sheetRefusals.tooHeavy);
}

/** A right-to-left workbook (see `writeSheet`), packed in a worker thread. */
export async function writeSheetOffThread(name: string, header: string[], rows: SheetCell[][]): Promise<Buffer> {
  const bytes = await inWorker<Uint8Array>({ kind: 'write', name, header, rows });
  if (!bytes) throw new Error('the sheet could not be written');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
