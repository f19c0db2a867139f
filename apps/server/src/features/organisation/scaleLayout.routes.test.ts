import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

/** The scale label layout is a setting of the store (migration 0026): read with it, changed by an administrator. */
describeEachDatabase('the scale label layout of a store', (ctx) => {
  const signedIn = async (user = 'admin', password = 'admin123') => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, 1);
    return c;
  };
  const storeOne = async (c: TestClient) =>
    (await c.get('/api/store/read')).json().data.find((s: { id: number }) => s.id === 1);
  const body = { id: 1, store_name: 'المخزن الرئيسي', location: 'الخرطوم' };

  it('every store starts with a 5-digit code and the weight in grams; an administrator changes it', async () => {
    const c = await signedIn();
    expect(await storeOne(c)).toMatchObject({ scale_code_digits: 5, scale_value: 'weight', scale_decimals: 3 });
    const changed = { ...body, scale_code_digits: 4, scale_value: 'price', scale_decimals: 2 };
    expect((await c.post('/api/store/update', changed)).statusCode).toBe(200);
    expect(await storeOne(c)).toMatchObject({ scale_code_digits: 4, scale_value: 'price', scale_decimals: 2 });
    // A client that does not send the layout (a legacy one) leaves it as it is.
    expect((await c.post('/api/store/update', body)).statusCode).toBe(200);
    expect(await storeOne(c)).toMatchObject({ scale_code_digits: 4, scale_value: 'price', scale_decimals: 2 });
  });

  it('a layout no scale prints is refused field by field; a cashier may not change it', async () => {
    const c = await signedIn();
    const before = await storeOne(c);
    const wrong = await c.post('/api/store/update', { ...body, scale_code_digits: 7, scale_value: 'volume' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fields).sort()).toEqual(['scale_code_digits', 'scale_value']);
    const cashier = await signedIn('cashier', 'cashier123');
    expect((await cashier.post('/api/store/update', { ...body, scale_code_digits: 6 })).statusCode).toBe(403);
    expect(await storeOne(c)).toEqual(before);
  });
});
