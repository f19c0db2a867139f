import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { logHistory } from '../../db/schema.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

/** `allow_negative_stock` is a setting of the store: read with it, changed by an administrator, logged. */
describeEachDatabase('the negative-stock setting of a store', (ctx) => {
  const signedIn = async (user = 'admin', password = 'admin123') => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, 1);
    return c;
  };
  const storeOne = async (c: TestClient) =>
    (await c.get('/api/store/read')).json().data.find((s: { id: number }) => s.id === 1);

  it('an administrator turns it on and off; the change is logged; an edit without it keeps it', async () => {
    const c = await signedIn();
    expect(await storeOne(c)).toMatchObject({ allow_negative_stock: false });
    const body = { id: 1, store_name: 'المخزن الرئيسي', location: 'الخرطوم' };
    expect((await c.post('/api/store/update', { ...body, allow_negative_stock: true })).statusCode).toBe(200);
    expect(await storeOne(c)).toMatchObject({ allow_negative_stock: true });
    const [logged] = await ctx()
      .database.db.select()
      .from(logHistory)
      .where(and(eq(logHistory.store_id, 1), eq(logHistory.typee, 'update store')))
      .orderBy(desc(logHistory.id))
      .limit(1);
    expect(logged?.logToken).toMatchObject({ id: 1, allow_negative_stock: true });
    // A legacy client that does not know the setting leaves it as it is.
    expect((await c.post('/api/store/update', body)).statusCode).toBe(200);
    expect(await storeOne(c)).toMatchObject({ allow_negative_stock: true });
    expect((await c.post('/api/store/update', { ...body, allow_negative_stock: false })).statusCode).toBe(200);
    expect(await storeOne(c)).toMatchObject({ allow_negative_stock: false });

    const cashier = await signedIn('cashier', 'cashier123');
    expect((await cashier.post('/api/store/update', { ...body, allow_negative_stock: true })).statusCode).toBe(403);
    expect(await storeOne(c)).toMatchObject({ allow_negative_stock: false });
  });
});
