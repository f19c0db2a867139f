import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { year } from '../../db/schema.ts';
import { databaseKinds, startTestApp } from '../../test/testApp.ts';
import { findYear } from './currentYear.ts';

describe.each(databaseKinds)("a request's year is read once per process [%s]", (kind) => {
  it('answers a year found without asking again, and finds a year made after it was missing', async () => {
    const started = await startTestApp(kind);
    const { db } = started.database;
    try {
      const [first] = await db.select({ id: year.id }).from(year).limit(1);
      if (!first) throw new Error('the test store has no year');
      const found = await findYear(db, first.id);
      expect(found?.id).toBe(first.id);
      // Kept: the same answer, not read again (a year's row never changes once made).
      expect(await findYear(db, first.id)).toBe(found);

      // A year not found is asked again: one made since is found.
      const missing = 9_000 + first.id;
      expect(await findYear(db, missing)).toBeUndefined();
      await db.insert(year).values({ id: missing, yearDesc: '2030', yearStart: '2030-01-01', yearEnd: '2030-12-31' });
      expect(await findYear(db, missing)).toEqual({ id: missing, yearStart: '2030-01-01', yearEnd: '2030-12-31' });
      await db.delete(year).where(eq(year.id, missing));
    } finally {
      await started.close();
    }
  }, 60_000);
});
