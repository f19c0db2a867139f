import { expect, it } from 'vitest';
import { expectNoServerErrorOnBadInput, FUZZ_TIMEOUT, fuzzRoutes, signedInAdmin } from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

describeEachDatabase('fuzz: journals and their legacy jdetails_* routes', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const accounts = (await client.get('/api/sub_accounts/readAllStore')).json().data as { id: number }[];
      const [first, second] = accounts;
      const saved = await client.post('/api/journal/createWithItems', {
        invoice: { j_date: '2026-03-01', j_details: 'قيد الفحص' },
        items: [
          { ac_id: first?.id, debit: '10', credit: '0' },
          { ac_id: second?.id, debit: '0', credit: '10' },
        ],
      });
      expect(saved.statusCode).toBe(200);
      const journal = saved.json().data[0];
      const known: Record<string, unknown> = {
        ac_id: first?.id,
        j_id: journal.j_id,
        j_ref: journal.j_ref,
        id: journal.items[0].id,
        idempotency_key: undefined,
      };
      const routes = await fuzzRoutes(ctx().app, ['/journal/', '/jdetails_from/', '/jdetails_to/'], known);
      expect(routes.length).toBeGreaterThanOrEqual(24);
      await expectNoServerErrorOnBadInput(client, routes, 250);
    },
    FUZZ_TIMEOUT,
  );
});
