import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { markWrites, writesSince } from '../../test/writesSince.ts';

/**
 * Issue 35, finding 10: a refused request changed data. `store/update` answered 400 VALIDATION_FAILED
 * (`scale_code_digits` too small) and had already written to users, user_store and the activity log. A refusal writes
 * nothing: no row of any table is inserted, updated (even to the same values) or deleted (test/writesSince.ts).
 */
describeEachDatabase('a refused settings or user call writes nothing', (ctx) => {
  let ip = 0;
  const as = async (user = 'admin', password = 'admin123', store = 1) => {
    const c = new TestClient(ctx().app, `10.35.10.${++ip}`);
    expect((await c.signIn(user, password, store)).statusCode).toBe(200);
    return c;
  };
  const store1 = { id: 1, store_name: 'المخزن الرئيسي', location: 'الخرطوم' };

  it('store/update refused for a layout no scale prints, six times: nothing written', async () => {
    const c = await as();
    const before = await markWrites(ctx().database.db);
    for (const body of [
      { ...store1, scale_code_digits: 3 },
      { ...store1, scale_code_digits: '2', allow_negative_stock: true },
      { ...store1, store_name: 'اسم جديد', scale_code_digits: 0 },
      { ...store1, scale_code_digits: -1, scale_value: 'price' },
      { ...store1, scale_code_digits: 3.5, scale_decimals: 2 },
      { ...store1, store_name: 'اسم جديد', location: 'بحري', scale_code_digits: 1, allow_negative_stock: true },
    ]) {
      const res = await c.post('/api/store/update', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.fields)).toContain('scale_code_digits');
    }
    expect(await writesSince(ctx().database.db, before)).toEqual([]);
  });

  it('store/update of another store, by a role without settings, or with a store name too long: nothing written', async () => {
    const c = await as();
    const cashier = await as('cashier', 'cashier123');
    const before = await markWrites(ctx().database.db);
    expect((await c.post('/api/store/update', { ...store1, id: 2 })).statusCode).toBe(403);
    expect((await cashier.post('/api/store/update', { ...store1, allow_negative_stock: true })).statusCode).toBe(403);
    expect((await c.post('/api/store/update', { ...store1, store_name: 'س'.repeat(151) })).statusCode).toBe(400);
    expect(await writesSince(ctx().database.db, before)).toEqual([]);
  });
});
