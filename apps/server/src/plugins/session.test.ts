import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../test/testApp.ts';

// A change route of the test's own: what it echoes shows the store scope ran before the handler.
describeEachDatabase(
  'the store scope of changes',
  (ctx) => {
    it("a body naming another store's id is refused with 403 before the handler runs", async () => {
      const c = new TestClient(ctx().app);
      await c.signIn('admin', 'admin123', 1);
      expect((await c.post('/api/test/echo', { store_id: 1, x: 1 })).json()).toEqual({ data: [{ store_id: 1, x: 1 }] });
      const other = await c.post('/api/test/echo', { store_id: 2 });
      expect(other.statusCode).toBe(403);
      expect(other.json().error.code).toBe('STORE_FORBIDDEN');
    });

    it('an array body (a multi-create) is refused if any record names another store', async () => {
      const c = new TestClient(ctx().app);
      await c.signIn('admin', 'admin123', 2);
      expect((await c.post('/api/test/echo', [{ store_id: 2 }, { store_id: 2 }])).statusCode).toBe(200);
      expect((await c.post('/api/test/echo', [{ store_id: 2 }, { store_id: 1 }])).statusCode).toBe(403);
    });

    it('a store id that is not a number or its text is refused with 403, never a 500', async () => {
      const c = new TestClient(ctx().app);
      await c.signIn('admin', 'admin123', 1);
      for (const store_id of [{ toString: 0 }, { valueOf: 'x' }, [1], null, true]) {
        const res = await c.post('/api/test/echo', { store_id });
        expect([JSON.stringify(store_id), res.statusCode]).toEqual([JSON.stringify(store_id), 403]);
        expect(res.json().error.code).toBe('STORE_FORBIDDEN');
      }
    });

    it('a store in the query of a change is checked too', async () => {
      const c = new TestClient(ctx().app);
      await c.signIn('admin', 'admin123', 1);
      expect((await c.post('/api/test/echo?store_id=2', { x: 1 })).statusCode).toBe(403);
    });

    it('a thrown error is answered 500 with the generic Arabic message and no stack trace', async () => {
      const c = new TestClient(ctx().app);
      await c.signIn();
      const res = await c.get('/api/test/boom');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: expect.stringMatching(/[\u0600-\u06FF]/) } });
      expect(res.body).not.toMatch(/secret detail|at .*\.ts/);
    });
  },
  {
    routes: (app) => {
      app.post('/api/test/echo', { config: { permission: 'signedIn' } }, async (req) => ({ data: [req.body] }));
      app.get('/api/test/boom', { config: { permission: 'signedIn' } }, async () => {
        throw new Error('secret detail');
      });
    },
  },
);
