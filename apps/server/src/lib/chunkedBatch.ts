/**
 * A legacy batch (1,000 accounts, items or offline invoices in one call) written in short transactions, so that the
 * embedded database's one connection is never held for seconds while other users wait (docs/legacy-batches.md).
 *
 * The caller checks the whole batch first, outside any transaction; then `writeInChunks` writes it a chunk at a
 * time, each chunk its own transaction, with a pause between as long as the chunk took: the batch holds the one
 * connection at most half the time, so a read of several statements, issued one after another, waits for one chunk
 * at most and not for one chunk per statement (with a fixed 5 ms pause, a two-statement read waited for two). The batch stays all or nothing for its caller: a chunk that is still refused (a name
 * taken between the checks and the write, a database error) takes back the chunks written before it with the
 * caller's `undo`, and the refusal or the error is what the caller answers.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Result } from '@mizan/contract';

/** Rows per transaction: each chunk writes in a few tens of milliseconds on a quiet machine (about 0.2 s at a load of 16 on 2 cores). */
export const BATCH_CHUNK_ROWS = 50;
/** The shortest pause between two chunks: a request queued on the connection meanwhile is served before the next. */
const MIN_PAUSE_MS = 5;

export type ChunkWriter<T, W> = (chunk: T[], offset: number) => Promise<Result<W[]>>;

/**
 * Writes `rows` by `write` a chunk at a time (`write` opens its own transaction), in order; what each chunk wrote
 * (ids, say) is gathered in the rows' order. On a refused chunk, or one that throws, `undo` gets what the chunks
 * before it wrote, and the refusal is answered (the error thrown again).
 */
export async function writeInChunks<T, W>(
  rows: T[],
  write: ChunkWriter<T, W>,
  undo: (written: W[]) => Promise<void>,
  size = BATCH_CHUNK_ROWS,
): Promise<Result<W[]>> {
  const written: W[] = [];
  for (let offset = 0; offset < rows.length; offset += size) {
    let result: Result<W[]>;
    try {
      const started = performance.now();
      result = await write(rows.slice(offset, offset + size), offset);
      if (offset + size < rows.length) await sleep(Math.max(MIN_PAUSE_MS, performance.now() - started));
    } catch (error) {
      if (written.length) await undo(written);
      throw error;
    }
    if (!result.ok) {
      if (written.length) await undo(written);
      return result;
    }
    written.push(...result.value);
  }
  return { ok: true, value: written };
}

/** Reads what a batch saved `size` rows at a time (each read a short query), in the order of `ids`. */
export async function readInChunks<T extends { id: number }>(
  ids: number[],
  read: (ids: number[]) => Promise<T[]>,
  size = BATCH_CHUNK_ROWS,
): Promise<T[]> {
  const byId = new Map<number, T>();
  for (let offset = 0; offset < ids.length; offset += size) {
    for (const row of await read(ids.slice(offset, offset + size))) byId.set(row.id, row);
  }
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
