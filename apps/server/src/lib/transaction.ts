import type { Result } from '@mizan/contract';
import type { DbOrTx, Tx } from '../db/client.ts';
import { isRetryableConflict } from './dbErrors.ts';

class Refusal extends Error {
  constructor(readonly result: unknown) {
    super('refused');
  }
}

/**
 * Refuses the use case from deep inside it (a writer that finds the change would take stock below zero): the
 * enclosing `inTransaction` rolls everything back and answers this result, as if the use case had returned it.
 */
export function refuse(result: Result<unknown>): never {
  throw new Refusal(result);
}

/**
 * Runs a use case in one transaction. A failed Result rolls everything back, even after some writes,
 * so a refused change never leaves half of itself behind. Anything thrown rolls back and propagates.
 * Called inside a transaction it runs in a savepoint, so a use case can be one step of a larger one.
 * The refusal comes back as it was returned, with anything it carries beside its code (such as the short items
 * of a refused sale).
 */
export async function inTransaction<R extends Result<unknown>>(db: DbOrTx, work: (tx: Tx) => Promise<R>): Promise<R> {
  // Only a whole transaction can run again; a savepoint inside one leaves that to the outer transaction.
  const outermost = !('rollback' in db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        if (!result.ok) throw new Refusal(result);
        return result;
      });
    } catch (error) {
      if (error instanceof Refusal) return error.result as R;
      if (outermost && attempt < 3 && isRetryableConflict(error)) continue;
      throw error;
    }
  }
}
