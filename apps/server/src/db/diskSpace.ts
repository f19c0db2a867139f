/**
 * Whether the database can write, as far as the app can tell (issue 35, finding 11: with the data folder full, every
 * sale was refused while health answered 200). PostgreSQL says "the disk is full" only to the statement that needed
 * the room, and when it is its WAL that has no room it stops altogether (a PANIC) and starts again, saying nothing to
 * anyone. So the app watches two things:
 * - the embedded engine: the free space of the disk that holds `DATA_DIR` (`statfs`), read each time it is asked. Below
 *   one WAL segment (16 MB) PostgreSQL may stop at its next segment, so the disk counts as full; this also tells
 *   health at once when space is freed again, without waiting for a sale;
 * - a PostgreSQL server (`DATABASE_URL`), whose disk the app cannot see: the last save refused for a full disk, for a
 *   minute or until a save succeeds (each refusal renews it while the tills keep trying).
 */
import { statfs } from 'node:fs/promises';

/** Less free room than one WAL segment: PostgreSQL may stop at its next segment, and saves are refused. */
export const LOW_SPACE_BYTES = 16 * 1024 * 1024;
/** How long a refusal for a full disk counts on a server whose disk the app cannot see. */
export const REFUSAL_COUNTS_MS = 60_000;

export type WriteWatch = {
  /** A save was refused because the disk is full (the error handler calls this). */
  refused: () => void;
  /** A save succeeded: the database writes again. */
  saved: () => void;
  /** Whether the database cannot write for want of disk space now. */
  diskFull: () => Promise<boolean>;
};

/** The bytes an unprivileged user (the database's own) may still write on the disk holding `folder`. */
export async function freeBytes(folder: string): Promise<number | undefined> {
  try {
    const disk = await statfs(folder);
    return disk.bavail * disk.bsize;
  } catch {
    return undefined;
  }
}

export function writeWatch(
  options: { dataDir?: string; lowSpaceBytes?: number; refusalCountsMs?: number; now?: () => number } = {},
): WriteWatch {
  const { dataDir, lowSpaceBytes = LOW_SPACE_BYTES, refusalCountsMs = REFUSAL_COUNTS_MS, now = Date.now } = options;
  let refusedAt: number | undefined;
  return {
    refused: () => {
      refusedAt = now();
    },
    saved: () => {
      refusedAt = undefined;
    },
    diskFull: async () => {
      const free = dataDir === undefined ? undefined : await freeBytes(dataDir);
      if (free !== undefined) {
        if (free < lowSpaceBytes) return true;
        // Room again: a refusal before it no longer counts.
        refusedAt = undefined;
        return false;
      }
      if (refusedAt !== undefined && now() - refusedAt > refusalCountsMs) refusedAt = undefined;
      return refusedAt !== undefined;
    },
  };
}
