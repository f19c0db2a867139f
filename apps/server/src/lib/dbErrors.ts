/** The name of the unique index a PostgreSQL error violated, if it is a unique violation (SQLSTATE 23505). */
export function violatedUniqueIndex(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/** The database gave up on a transaction because it waited in a circle with another one (deadlock), or could not
 * serialize it: running the whole transaction again is safe and usually succeeds. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: string };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
