type PostgresErrorFields = { code?: string; constraint?: string };

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
 * The database gave up on a transaction because it waited in a circle with another one (deadlock), or could not
 * serialize it: running the whole transaction again is safe and usually succeeds.
 */
export function isRetryableConflict(error: unknown): boolean {
  return causeChain(error).some((e) => e.code === '40P01' || e.code === '40001');
}
