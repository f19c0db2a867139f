import { expect, it } from 'vitest';
import { expectNoServerErrorOnBadInput, FUZZ_TIMEOUT, fuzzRoutes, signedInAdmin } from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

/** The item movement report, its exports and the count sheet (issue 19). */
describeEachDatabase('fuzz: item movement and the count sheet', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const routes = await fuzzRoutes(ctx().app, ['/reports/', '/tswia/sheet'], {});
      expect(routes.length).toBeGreaterThanOrEqual(5);
      await expectNoServerErrorOnBadInput(client, routes, 150);
    },
    FUZZ_TIMEOUT,
  );
});
