import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  corruptKind,
  FUZZ_TIMEOUT,
  type FuzzRoute,
  fuzzRoutes,
  mutate,
  randomRequests,
  type Sent,
  send,
  signedInAdmin,
} from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';
import { markWrites, writesSince } from '../writesSince.ts';

/**
 * Issue 35, finding 10: a refusal writes nothing. Every call of the store, the company, the years, the users and the
 * roles, sent with bad or random input: whenever the answer is a refusal (4xx), no row of any table was inserted,
 * updated or deleted by it.
 */
describeEachDatabase('fuzz: a refused settings or user call writes nothing', (ctx) => {
  it(
    'bad and random input on store, company, year, users and roles: every 4xx left every table as it was',
    async () => {
      const { app, database } = ctx();
      const client = await signedInAdmin(app);
      const user = await client.post('/api/users/create', {
        user_name: 'refusal_user',
        full_name: 'مستخدم الرفض',
        password: 'refusal-password',
      });
      expect(user.statusCode).toBe(200);
      const known: Record<string, unknown> = {
        id: user.json().data[0].id,
        user_id: user.json().data[0].id,
        is_active: true,
        password: 'refusal-password',
      };
      const routes = (
        await fuzzRoutes(app, ['/store/', '/company/', '/year/', '/users/', '/roles/'], known, [
          '/users/logout',
          '/users/login',
        ])
      ).filter((route) => route.method !== 'GET' && !route.multipart);
      expect(routes.length).toBeGreaterThan(5);

      // The detector sees a write: an accepted change of the store is one (store, logHistory).
      const accepted = await markWrites(database.db);
      const saved = await client.post('/api/store/update', { id: 1, store_name: 'المخزن الرئيسي', location: null });
      expect(saved.statusCode).toBe(200);
      expect((await writesSince(database.db, accepted)).map((line) => line.split(':')[0])).toEqual([
        'public."logHistory"',
        'public.store',
      ]);

      const failures: string[] = [];
      const sendAndCheck = async (route: FuzzRoute, request: { query: Record<string, unknown>; body: unknown }) => {
        const mark = await markWrites(database.db);
        const sent: Sent = await send(client, route, request);
        if (sent.status < 400) return;
        const written = await writesSince(database.db, mark);
        if (written.length > 0) failures.push(`${sent.description}\n  wrote: ${written.join('; ')}`);
      };
      for (const route of routes) {
        for (const [kind, value] of [
          ['id', -1],
          ['id', 2 ** 31],
          ['text', 'نص\u0000نص'],
          ['text', 'x'.repeat(20_000)],
          ['money', '9'.repeat(30)],
          ['date', '2026-02-30'],
        ] as const) {
          await sendAndCheck(route, corruptKind(route, kind, value));
        }
      }
      await fc.assert(
        fc.asyncProperty(randomRequests(routes), async ({ route, mutation, wholeBody }) => {
          await sendAndCheck(route, mutate(route, mutation, wholeBody));
        }),
        { numRuns: 150 },
      );
      expect(failures).toEqual([]);
    },
    FUZZ_TIMEOUT,
  );
});
