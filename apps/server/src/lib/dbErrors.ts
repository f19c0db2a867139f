type PostgresErrorFields = { code?: string; constraint?: string; message?: string };

/** An error and the errors it wraps (drizzle keeps the driver's PostgreSQL error in `cause`). */
function causeChain(error: unknown): PostgresErrorFields[] {
  const chain: PostgresErrorFields[] = [];
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    chain.push(e as PostgresErrorFields);
  }
  return chain;
}

/** The name of the unique index a PostgreSQL error violated, if it is a unique violation (SQLSTATE 23505). */
export function violatedUniqueIndex(error: unknown): string | undefined {
  const violation = causeChain(error).find((e) => e.code === '23505');
  return violation ? (violation.constraint ?? '') : undefined;
}

/**
 * The database refused a value itself (SQLSTATE class 22, data exception: a number past its column, a date that does
 * not exist, a character it cannot store). The contract refuses such input first; this is the last line, so that a
 * value the contract let through is still answered as bad input and not as a server fault.
 */
export function isDataException(error: unknown): boolean {
  return causeChain(error).some((e) => typeof e.code === 'string' && e.code.startsWith('22'));
}

/**
 * The database gave up on a transaction because it waited in a circle with another one (deadlock), or could not
 * serialize it: running the whole transaction again is safe and usually succeeds.
 */
export function isRetryableConflict(error: unknown): boolean {
  return causeChain(error).some((e) => e.code === '40P01' || e.code === '40001');
}

/** Codes of a database that cannot be reached or went away mid-query (the embedded process died, a restart). */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);

/** The database could not be reached: the request failed through no fault of its own and may be tried again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(
    (e) =>
      (typeof e.code === 'string' && unavailableCodes.has(e.code)) ||
      (typeof e.message === 'string' && /^Connection terminated/.test(e.message)),
  );
}

/**
 * The disk is full: SQLSTATE 53100 (disk_full: a table or index could not be extended, a temporary file of a large sort
 * could not be written), ENOSPC from Node's own files, or the system's "No space left on device" inside another
 * error (58030 io_error and the like: PostgreSQL words a failed write with the system's message). The transaction was
 * refused whole, and the same save succeeds once space is freed. When it is the WAL that has no room PostgreSQL stops
 * altogether (a PANIC) and the error is a lost connection: the error handler asks the disk (db/diskSpace.ts).
 */
export function isDiskFull(error: unknown): boolean {
  return causeChain(error).some(
    (e) =>
      e.code === '53100' ||
      (e.code === 'ENOSPC' && !('constraint' in e)) ||
      (typeof e.message === 'string' && /no space left on device/i.test(e.message)),
  );
}
