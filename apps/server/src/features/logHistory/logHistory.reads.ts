/**
 * The activity log as the screen reads it: the store's entries, newest first, paged, filtered by user, action and
 * day, and searched in the words of each entry's sentence (the user's name, the action in Arabic, the record's
 * reference or name).
 */
import { type LogEntry, type LogQuery, logActionsAr, logSentence } from '@mizan/contract';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { logHistory, users } from '../../db/schema.ts';

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** The server's local time, as the legacy log kept it (`YYYY-MM-DD HH:mm:ss`). */
export const localTime = (at: Date) =>
  `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())} ${at.toTimeString().slice(0, 8)}`;
/** The first moment of a local day, and of the day after. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`);
const nextDayStart = (day: string) => {
  const start = dayStart(day);
  start.setDate(start.getDate() + 1);
  return start;
};

function filters(storeId: number, query: Partial<LogQuery>): SQL | undefined {
  const term = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  // The actions whose Arabic words hold the term: a search for "فاتورة مبيعات" finds `insert sales`.
  const actions = query.search
    ? Object.entries(logActionsAr)
        .filter(([, text]) => text.includes(query.search ?? ''))
        .map(([action]) => action)
    : [];
  return and(
    eq(logHistory.store_id, storeId),
    query.user_id ? eq(logHistory.user_id, query.user_id) : undefined,
    query.typee ? eq(logHistory.typee, query.typee) : undefined,
    query.from ? gte(logHistory.dateCreated, dayStart(query.from)) : undefined,
    query.to ? lt(logHistory.dateCreated, nextDayStart(query.to)) : undefined,
    term
      ? or(
          ilike(users.full_name, term),
          ilike(logHistory.typee, term),
          sql`${logHistory.logToken}::text ilike ${term}`,
          actions.length ? inArray(logHistory.typee, actions) : undefined,
        )
      : undefined,
  );
}

export async function readLog(db: DbOrTx, storeId: number, query: LogQuery) {
  const where = filters(storeId, query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: logHistory.id,
        store_id: logHistory.store_id,
        userId: logHistory.user_id,
        full_name: users.full_name,
        typee: logHistory.typee,
        logToken: logHistory.logToken,
        yearId: logHistory.yearId,
        at: logHistory.dateCreated,
      })
      .from(logHistory)
      .leftJoin(users, eq(users.id, logHistory.user_id))
      .where(where)
      .orderBy(desc(logHistory.dateCreated), desc(logHistory.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(logHistory).leftJoin(users, eq(users.id, logHistory.user_id)).where(where),
  ]);
  const data: LogEntry[] = rows.map(({ at, ...row }) => {
    const logToken = (row.logToken ?? {}) as Record<string, unknown>;
    return { ...row, logToken, datee: localTime(at), text: logSentence({ ...row, logToken }) };
  });
  return { data, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
