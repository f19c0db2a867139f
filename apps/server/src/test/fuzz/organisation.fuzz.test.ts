import { expect, it } from 'vitest';
import { expectNoServerErrorOnBadInput, FUZZ_TIMEOUT, fuzzRoutes, signedInAdmin } from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

describeEachDatabase('fuzz: organisation, settings and users', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      // Changes to users go to a user of the test's own, and leave the admin able to sign in.
      const user = await client.post('/api/users/create', {
        user_name: 'fuzz_user',
        full_name: 'مستخدم الفحص',
        password: 'fuzz-password',
        store_id: 1,
      });
      expect(user.statusCode).toBe(200);
      const known: Record<string, unknown> = { id: user.json().data[0].id, is_active: true, password: 'fuzz-password' };
      const routes = await fuzzRoutes(ctx().app, ['/store/', '/company/', '/year/', '/users/'], known, [
        '/users/logout',
        '/users/login',
      ]);
      expect(routes.length).toBeGreaterThan(0);
      await expectNoServerErrorOnBadInput(client, routes, 100);
    },
    FUZZ_TIMEOUT,
  );
});
