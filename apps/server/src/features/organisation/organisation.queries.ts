import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { company, store, year } from '../../db/schema.ts';

export const listStores = (db: DbOrTx) => db.select().from(store).orderBy(asc(store.id));

export const readCompany = (db: DbOrTx) => db.select().from(company).orderBy(asc(company.id)).limit(1);

/** The accounting years, current first, then the most recent. */
export const listYears = (db: DbOrTx) =>
  db.select().from(year).orderBy(desc(year.is_current), desc(year.yearStart), asc(year.id));

export async function yearExists(db: DbOrTx, yearId: number) {
  const [row] = await db.select({ id: year.id }).from(year).where(eq(year.id, yearId));
  return row !== undefined;
}
