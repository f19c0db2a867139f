import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { year } from '../../db/schema.ts';

/** The year a change belongs to when the request names none: the year marked current, else the latest. */
export async function resolveYearId(db: DbOrTx, requested: number | undefined): Promise<number | undefined> {
  if (requested !== undefined) {
    const [found] = await db.select({ id: year.id }).from(year).where(eq(year.id, requested));
    return found?.id;
  }
  const [current] = await db
    .select({ id: year.id })
    .from(year)
    .orderBy(desc(year.is_current), desc(year.yearStart))
    .limit(1);
  return current?.id;
}
