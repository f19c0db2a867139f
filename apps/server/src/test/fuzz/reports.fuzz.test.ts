import { expect, it } from 'vitest';
import { expectNoServerErrorOnBadInput, FUZZ_TIMEOUT, fuzzRoutes, signedInAdmin } from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

describeEachDatabase('fuzz: reports, statements, balances, the activity log and journal templates', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const accounts = (await client.get('/api/sub_accounts/readAllStore')).json().data as { id: number }[];
      const known: Record<string, unknown> = { account_id: accounts[0]?.id };
      const routes = await fuzzRoutes(
        ctx().app,
        [
          '/reports/',
          '/sub_accounts/getStatementWithBalance',
          '/sub_accounts/getComprehensiveBalanceSheet',
          '/sub_accounts/balanceSheetByStore',
          '/logHistory/',
          '/j_type/',
          '/j_typeDetails/',
        ],
        known,
      );
      expect(routes.length).toBeGreaterThanOrEqual(20);
      await expectNoServerErrorOnBadInput(client, routes, 120);
    },
    FUZZ_TIMEOUT,
  );
});
