import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * A sale to the walk-in customer (عميل نقدي) is a cash sale (issue 21): nothing may stay owed on him, or the cash box
 * holds less than the drawer and the walk-in customer ends the day "owing" the difference.
 */
describeEachDatabase('the walk-in customer pays in full', (ctx) => {
  const { signedIn, setup, balanceOf } = tradeFixtures(ctx);
  const header = (custId: number, pay: string) => ({
    cust_id: custId,
    pay_date: '2026-11-22',
    discount: '10',
    pay,
  });

  it('a remainder on the walk-in customer is refused in Arabic; paid in full it is saved; a credit customer may owe', async () => {
    const c = await signedIn();
    const { item, walkIn, customer } = await setup(c);
    const lines = [{ item_id: item.id, quantity: '2' }];
    for (const pay of ['0', '189.99']) {
      const res = await c.post('/api/pay/createWithItems', { invoice: header(walkIn.id, pay), items: lines });
      expect(res.statusCode, `paid ${pay}`).toBe(400);
      expect(res.json().error.code).toBe('WALK_IN_UNPAID');
      expect(res.json().error.fields.pay).toBe('WALK_IN_UNPAID');
      expect(res.json().error.message).toMatch(/عميل نقدي/);
    }
    const paid = await c.post('/api/pay/createWithItems', { invoice: header(walkIn.id, '190'), items: lines });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data[0]).toMatchObject({ pay: '190.00', changee: '0.00' });
    // An edit that would leave something owed is refused too.
    const edit = await c.post('/api/pay/updateWithItems', {
      invoice: { ...header(walkIn.id, '100'), pay_id: paid.json().data[0].pay_id },
      items: lines,
    });
    expect(edit.json().error?.code).toBe('WALK_IN_UNPAID');
    expect(await balanceOf(c, walkIn.id)).toMatchObject({ current_balance: '0.00' });
    // A named customer buys on credit as before.
    const credit = await c.post('/api/pay/createWithItems', { invoice: header(customer.id, '0'), items: lines });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data[0]).toMatchObject({ changee: '190.00' });
  });

  it('the legacy header-only save and a preliminary invoice made final are held to it too', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const legacy = await c.post('/api/pay/create.php', { ...header(walkIn.id, '0'), tot_pr: '100', value_only: true });
    expect(legacy.json().error?.code).toBe('WALK_IN_UNPAID');
    // A legacy header still awaiting its lines posts nothing: its lines, when they come, are held to it.
    const awaiting = await c.post('/api/pay/create.php', {
      ...header(walkIn.id, '0'),
      tot_pr: '100',
      pay_ref: 'TILL-WALK-1',
      yearId: 1,
    });
    expect(awaiting.statusCode).toBe(200);
    const line = { id: 'NULL', pay_ref: 'TILL-WALK-1', item_id: item.id, quantity: '1', pay_price: '100', yearId: 1 };
    const lines = await c.request('POST', '/api/pay_details/createMulti', JSON.stringify([{ ...line, store_id: 1 }]), {
      'content-type': 'text/plain',
    });
    expect(lines.json().error?.code).toBe('WALK_IN_UNPAID');
    const draft = await c.post('/api/payinit/createWithItems', {
      invoice: header(walkIn.id, '0'),
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(draft.statusCode).toBe(200);
    const final = await c.post('/api/payinit/convertToFinal', { pay_id: draft.json().data[0].pay_id });
    expect(final.json().error?.code).toBe('WALK_IN_UNPAID');
  });
});
