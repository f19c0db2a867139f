import { expect, it } from 'vitest';
import { expectNoServerErrorOnBadInput, FUZZ_TIMEOUT, fuzzRoutes, signedInAdmin } from '../fuzz.ts';
import { describeEachDatabase } from '../testApp.ts';

const kinds = ['pay', 'perch', 'payinit', 'perchOrder'];

describeEachDatabase('fuzz: trading documents and their legacy *_details routes', (ctx) => {
  it(
    'bad and random input never gets a 5xx, and every refusal is the Arabic error envelope',
    async () => {
      const client = await signedInAdmin(ctx().app);
      const item = (
        await client.post('/api/items/create', {
          item_name: 'صنف الفحص',
          perch_price: '80',
          pay_price: '100',
          firstQuantity: '1000',
        })
      ).json().data[0];
      // A customer who buys on credit (a walk-in sale is paid in full).
      const customer = (await client.get('/api/sub_accounts/readByStore?ac_id=1'))
        .json()
        .data.find((a: { sub_name: string }) => a.sub_name !== 'عميل نقدي');
      const sale = await client.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-01' },
        items: [{ item_id: item.id, quantity: '1' }],
      });
      expect(sale.statusCode).toBe(200);
      const known: Record<string, unknown> = {
        item_id: item.id,
        cust_id: customer.id,
        pay_id: sale.json().data[0].pay_id,
        pay_ref: sale.json().data[0].pay_ref,
        idempotency_key: undefined,
      };
      const routes = await fuzzRoutes(
        ctx().app,
        [
          ...kinds.map((kind) => `/${kind}/`),
          ...kinds.map((kind) => `/${kind}_details/`),
          '/items/validateStockQuantity',
        ],
        known,
      );
      expect(routes.length).toBeGreaterThan(60);
      await expectNoServerErrorOnBadInput(client, routes, 250);
    },
    FUZZ_TIMEOUT,
  );
});
