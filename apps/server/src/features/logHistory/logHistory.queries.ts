import type { LogAction } from '@mizan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { logHistory } from '../../db/schema.ts';

export type LogEntry = {
  store_id: number;
  user_id: number | null;
  /** What happened: one of the contract's actions (`login`, `insert sales`), each with its Arabic sentence. */
  typee: LogAction;
  /** The record's keys and what a reader needs to describe the change. */
  logToken?: Record<string, unknown>;
  yearId?: number | null;
};

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function writeLog(db: DbOrTx, entry: LogEntry) {
  await db.execute(logInsert(db, entry));
}

/**
 * The audit row of a document numbered in the save's last statement: its snapshot was made with the provisional
 * reference, which takes the number from the statement's `numbered` part (`writeLedgerAndBalances`).
 */
export function logInsertNumbered(entry: LogEntry, provisional: string): SQL {
  return sql`insert into "logHistory" (store_id, user_id, typee, "logToken", "yearId")
    select ${entry.store_id}, ${entry.user_id}, ${entry.typee},
      replace(${JSON.stringify(entry.logToken ?? {})}::text, ${provisional}::text, numbered.reference)::jsonb,
      ${entry.yearId ?? null}::int
    from numbered`;
}

/** The insert of one audit row, for a save to send with its last writes as one statement. */
export function logInsert(db: DbOrTx, entry: LogEntry): SQL {
  return db
    .insert(logHistory)
    .values({ ...entry, logToken: entry.logToken ?? {} })
    .getSQL();
}
