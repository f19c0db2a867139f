import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

describeEachDatabase('company, stores and years', (ctx) => {
  it('the store list is public, so the sign-in page can offer the stores; signed in, with their details', async () => {
    const res = await new TestClient(ctx().app).get('/api/store/read');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: 1, store_name: 'المخزن الرئيسي' },
      { id: 2, store_name: 'فرع أم درمان' },
    ]);
    const signedIn = new TestClient(ctx().app);
    await signedIn.signIn();
    // Each store's settings: negative stock, how its scale's barcodes carry a weight or a price (the POS), and the
    // prefix of its own barcodes (labels).
    const scale = {
      scale_code_digits: 5,
      scale_decimals: 3,
      scale_value: 'weight',
      shifts_required: false,
      ean_prefix: '04',
    };
    expect((await signedIn.get('/api/store/read')).json().data).toEqual([
      {
        id: 1,
        store_ref: 'sh',
        store_name: 'المخزن الرئيسي',
        location: 'الخرطوم',
        allow_negative_stock: false,
        ...scale,
      },
      {
        id: 2,
        store_ref: 'om',
        store_name: 'فرع أم درمان',
        location: 'أم درمان',
        allow_negative_stock: false,
        ...scale,
      },
    ]);
  });

  it('company/read answers the company with its Arabic and English names, numbers and currency', async () => {
    const c = new TestClient(ctx().app);
    await c.signIn();
    const res = await c.get('/api/company/read');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        arName: 'شركة ميزان التجارية',
        engName: 'Mizan Trading Co.',
        phone: '0912345678',
        tradNo: '45871',
        vatNo: '300123456700003',
        currency_code: 'SDG',
        currency_symbol: 'ج.س',
        currency_decimals: 2,
      }),
    ]);
  });

  it('the accounting years list the current year 1 first, then the earlier year 2', async () => {
    const c = new TestClient(ctx().app);
    await c.signIn();
    const res = await c.get('/api/year/readByStoreByRef?store_id=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: 1, closed: false, yearDesc: '2026', yearStart: '2026-01-01', yearEnd: '2026-12-31', is_current: true },
      { id: 2, closed: false, yearDesc: '2025', yearStart: '2025-01-01', yearEnd: '2025-12-31', is_current: false },
    ]);
  });

  it('legacy paths work: the .php suffix and the secondary /api23/ base reach the same routes', async () => {
    const c = new TestClient(ctx().app);
    await c.signIn();
    const plain = (await c.get('/api/year/readByStoreByRef?store_id=1')).json();
    for (const url of [
      '/api/year/readByStoreByRef.php?store_id=1',
      '/api23/year/readByStoreByRef?store_id=1',
      '/api23/year/readByStoreByRef.php?store_id=1&yearId=2',
    ]) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual(plain);
    }
    expect((await c.get('/api23/store/read.php')).statusCode).toBe(200);
  });

  it("another store's id gets 403 STORE_FORBIDDEN, even for a user allowed in both stores", async () => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', 1);
    for (const storeId of ['2', '3', 'abc', '-1']) {
      const read = await c.get(`/api/year/readByStoreByRef?store_id=${storeId}`);
      expect(read.statusCode, storeId).toBe(403);
      expect(read.json().error.code).toBe('STORE_FORBIDDEN');
    }
    expect((await c.get('/api/year/readByStoreByRef?store_id=1')).statusCode).toBe(200);
  });

  it('every API route but sign-in, the store list, health and docs answers 401 without a session', async () => {
    const { app } = ctx();
    const guarded = app.apiRoutes.filter((r) => !r.public);
    const open = app.apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(
      [
        'GET /api/docs',
        'GET /api/health',
        'GET /api/store/read',
        'GET /api/users/login',
        'POST /api/users/login',
        'POST /api/users/logout',
      ].sort(),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(3);
    const c = new TestClient(app);
    await c.get('/api/store/read');
    for (const route of guarded) {
      for (const url of [route.url, `${route.url}.php`, route.url.replace('/api/', '/api23/')]) {
        const res = await c.request(
          route.method as 'GET' | 'POST',
          `${url}?store_id=1`,
          route.method === 'GET' ? undefined : {},
        );
        expect(res.statusCode, `${route.method} ${url}`).toBe(401);
        expect(res.json().error.code).toBe('NOT_SIGNED_IN');
      }
    }
  });

  it('an unknown API path answers 404 in the error shape', async () => {
    const res = await new TestClient(ctx().app).get('/api/nothing/here.php');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('the OpenAPI description is generated from the contract and served at /api/docs', async () => {
    const res = await new TestClient(ctx().app).get('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/users/login', '/store/read', '/company/read', '/year/readByStoreByRef']),
    );
    const loginBody = doc.paths['/users/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['user_name', 'password', 'store_id']));
  });
});
