/**
 * Reading and checking sheets off the request thread: the cheap size checks first (sheetLimits.ts), then a
 * worker thread with its own memory and time limits, so one large or hostile file can neither freeze other users'
 * requests nor take the server's memory.
 */
import { Worker } from 'node:worker_threads';
import type { Result } from '@mizan/contract';
import type { ItemSheetValues, OpeningSheetValues, RowCheck } from './itemSheet.rules.ts';
import {
  checkPackedSheet,
  PARSE_MEMORY_MB,
  PARSE_TIMEOUT_MS,
  readableSheet,
  refuseSheet,
  sheetRefusals,
} from './sheetLimits.ts';
import type { ParseJob, SheetKind } from './sheetWorker.ts';

const workerEntry = new URL('./sheetWorker.boot.mjs', import.meta.url);

type Checked = { items: RowCheck<Partial<ItemSheetValues>>[]; openings: RowCheck<Partial<OpeningSheetValues>>[] };

/** Runs one job in a new worker; `undefined` when the worker ran out of memory or time, or crashed. */
function inWorker<T>(job: ParseJob): Promise<T | undefined> {
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

/** The parse running (or last run) for each store: a store's uploads are parsed one after another. */
const parsing = new Map<number, Promise<unknown>>();

/** Runs `job` after the store's earlier parses have ended, so several uploads of one store cannot add up. */
function oneAtATime<T>(storeId: number, job: () => Promise<T>): Promise<T> {
  const before = parsing.get(storeId) ?? Promise.resolve();
  const mine = before.then(job, job);
  const settled = mine.catch(() => undefined);
  parsing.set(storeId, settled);
  void settled.then(() => {
    if (parsing.get(storeId) === settled) parsing.delete(storeId);
  });
  return mine;
}

/**
 * An uploaded sheet's rows, each checked on its own and against the file; or the Arabic refusal of the file. A
 * store's sheets are parsed one at a time, each in its own worker.
 */
export async function parseSheet<K extends SheetKind>(
  kind: K,
  bytes: Buffer,
  storeId: number,
): Promise<Result<Checked[K]>> {
  const packed = checkPackedSheet(bytes);
  if (!packed.ok) return packed;
  return oneAtATime(storeId, async () => {
    // What the parts really unpack to, counted by inflating on libuv's threads (this thread only sums the counts),
    // so a lying file is refused at once, before a worker is started for it.
    const sheet = await readableSheet(bytes);
    if (!sheet.ok) return sheet;
    const answer = await inWorker<Result<Checked[K]>>({ kind, bytes: sheet.value });
    return answer ?? refuseSheet(sheetRefusals.tooHeavy);
  });
}
