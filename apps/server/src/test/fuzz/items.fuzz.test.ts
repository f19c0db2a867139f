import { expect, it } from 'vitest';
import { expectNoServerErrorOnBadInput, FUZZ_TIMEOUT, fuzzRoutes, signedInAdmin } from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

describeEachDatabase('fuzz: items and item categories', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const routes = await fuzzRoutes(ctx().app, ['/items/', '/item_categories/'], {}, ['/items/truncateItems']);
      expect(routes.length).toBeGreaterThan(20);
      await expectNoServerErrorOnBadInput(client, routes, 150);
    },
    FUZZ_TIMEOUT,
  );
});
