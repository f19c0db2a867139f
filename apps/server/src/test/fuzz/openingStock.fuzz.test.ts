import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  expectNoServerError,
  FUZZ_TIMEOUT,
  fuzzRoutes,
  mutate,
  randomRequests,
  send,
  sendKnownBadInput,
  signedInAdmin,
} from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

describeEachDatabase('fuzz: opening stock (firstq)', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const known: Record<string, unknown> = {};
      const routes = await fuzzRoutes(ctx().app, ['/firstq/'], known, []);
      expect(routes.length).toBeGreaterThan(0);
      expect(await sendKnownBadInput(client, routes)).toEqual([]);
      await fc.assert(
        fc.asyncProperty(randomRequests(routes), async ({ route, mutation, wholeBody }) => {
          expectNoServerError(await send(client, route, mutate(route, mutation, wholeBody)));
        }),
        { numRuns: 100 },
      );
    },
    FUZZ_TIMEOUT,
  );
});
