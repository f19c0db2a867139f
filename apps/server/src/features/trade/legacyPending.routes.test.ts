import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * The legacy two-call save: a header by itself (`pay/create`) awaits its lines and posts nothing to the party until
 * they are saved; a value-only invoice says so (`value_only`) and posts at once.
 */
describeEachDatabase('a legacy header awaits its lines', (ctx) => {
  const { signedIn, setup, stockOf, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  const newCustomer = async (c: Awaited<ReturnType<typeof signedIn>>) =>
    (
      await c.post('/api/sub_accounts/create', {
        ac_id: 1,
        cat_id: 1,
        sub_name: `زبون ${Math.random()}`,
        sub_code: `${Math.floor(Math.random() * 1e9)}`,
        sub_balance: '0',
      })
    ).json().data[0];
  const header = (custId: number, extra: object = {}) => ({
    cust_id: custId,
    pay_date: '2026-11-22',
    tot_pr: '100',
    discount: '0',
    pay: '0',
    yearId: 1,
    ...extra,
  });
  const lines = (ref: string, itemId: number, quantity: string) =>
    JSON.stringify([{ id: 'NULL', pay_ref: ref, item_id: itemId, quantity, pay_price: '100', store_id: 1, yearId: 1 }]);

  it('a header whose lines are refused leaves no charge; once its lines are saved it posts', async () => {
    const c = await signedIn();
    const { item } = await setup(c, '2');
    const customer = await newCustomer(c);
    const saved = await c.post('/api/pay/create.php', header(customer.id, { pay_ref: 'TILL-PENDING-1' }));
    expect(saved.statusCode).toBe(200);
    expect((await balanceOf(c, customer.id)).current_balance).toBe('0.00');

    const refused = await c.request('POST', '/api/pay_details/createMulti', lines('TILL-PENDING-1', item.id, '5'), {
      'content-type': 'text/plain',
    });
    expect(refused.statusCode).toBe(409);
    expect((await balanceOf(c, customer.id)).current_balance).toBe('0.00');
    expect(await stockOf(item.id)).toBe('2.000');

    const added = await c.request('POST', '/api/pay_details/createMulti', lines('TILL-PENDING-1', item.id, '1'), {
      'content-type': 'text/plain',
    });
    expect(added.statusCode).toBe(200);
    expect(await balanceOf(c, customer.id)).toMatchObject({ current_balance: '100.00', balance_type: 'debit' });
    expect(await stockOf(item.id)).toBe('1.000');
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a value-only invoice (value_only) posts at once, and its edits too', async () => {
    const c = await signedIn();
    const customer = await newCustomer(c);
    const saved = await c.post('/api/pay/create', header(customer.id, { value_only: true, pay: '30' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[0]).toMatchObject({ value_only: true, changee: '70.00' });
    expect(await balanceOf(c, customer.id)).toMatchObject({ current_balance: '70.00', balance_type: 'debit' });
    const edited = await c.post('/api/pay/update', {
      ...header(customer.id, { value_only: '1', tot_pr: '150' }),
      pay_id: saved.json().data[0].pay_id,
    });
    expect(edited.statusCode).toBe(200);
    expect((await balanceOf(c, customer.id)).current_balance).toBe('150.00');
  });
});
