import { expect, it } from 'vitest';
import { expectNoServerErrorOnBadInput, FUZZ_TIMEOUT, fuzzRoutes, signedInAdmin } from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

describeEachDatabase('fuzz: accounts', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const known: Record<string, unknown> = {};
      const routes = await fuzzRoutes(ctx().app, ['/accounts/', '/account_category/', '/sub_accounts/'], known, []);
      expect(routes.length).toBeGreaterThan(0);
      await expectNoServerErrorOnBadInput(client, routes, 150);
    },
    FUZZ_TIMEOUT,
  );
});
