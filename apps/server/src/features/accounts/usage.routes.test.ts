import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/**
 * An item or a party named only by a preliminary invoice or a purchase order (which post nothing) is still in use:
 * delete refuses it with 409 in Arabic (not a 500 from the database), and the usage checks say so beforehand.
 */
describeEachDatabase('usage of items and parties on documents that post nothing', (ctx) => {
  const { signedIn } = tradeFixtures(ctx);
  const newParty = async (c: Awaited<ReturnType<typeof signedIn>>, ac_id: number, name: string) =>
    (
      await c.post('/api/sub_accounts/create', {
        ac_id,
        sub_name: name,
        sub_code: `${Math.floor(Math.random() * 1e9)}`,
        sub_balance: '0',
        cat_id: ac_id,
      })
    ).json().data[0];
  const newItem = async (c: Awaited<ReturnType<typeof signedIn>>) =>
    (await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '8', pay_price: '10' })).json()
      .data[0];

  for (const [kind, acId] of [
    ['payinit', 1],
    ['perchOrder', 2],
  ] as const) {
    it(`an item and a party used only on ${kind} are kept, with 409 and an Arabic message`, async () => {
      const c = await signedIn();
      const party = await newParty(c, acId, `طرف ${kind} ${Math.random()}`);
      const item = await newItem(c);
      const saved = await c.post(`/api/${kind}/createWithItems`, {
        invoice: { cust_id: party.id, pay_date: '2026-11-22' },
        items: [{ item_id: item.id, quantity: '2' }],
      });
      expect(saved.statusCode).toBe(200);

      const usage = (await c.get(`/api/sub_accounts/checkUsage?account_id=${party.id}`)).json().data[0];
      expect(usage).toMatchObject({ in_use: true, documents: 1 });
      const partyDeleted = await c.post('/api/sub_accounts/delete', { id: party.id });
      expect(partyDeleted.statusCode).toBe(409);
      expect(partyDeleted.json().error).toMatchObject({
        code: 'ACCOUNT_IN_USE',
        message: expect.stringMatching(/فواتير/),
      });

      const itemDeleted = await c.post('/api/items/delete', { id: item.id });
      expect(itemDeleted.statusCode).toBe(409);
      expect(itemDeleted.json().error).toMatchObject({ code: 'ITEM_IN_USE', message: expect.stringMatching(/فواتير/) });

      // Once the document is gone, both can be deleted, and the usage check agrees.
      expect((await c.post(`/api/${kind}/deleteWithItems`, { pay_id: saved.json().data[0].pay_id })).statusCode).toBe(
        200,
      );
      expect((await c.get(`/api/sub_accounts/checkUsage?account_id=${party.id}`)).json().data[0]).toMatchObject({
        in_use: false,
      });
      expect((await c.post('/api/sub_accounts/delete', { id: party.id })).statusCode).toBe(200);
      expect((await c.post('/api/items/delete', { id: item.id })).statusCode).toBe(200);
    });
  }
});
