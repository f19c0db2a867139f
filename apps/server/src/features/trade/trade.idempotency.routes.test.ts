import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/** An idempotency key names one save: sent again it answers that document, never another invoice's content. */
describeEachDatabase('idempotency keys', (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);
  const sale = (custId: number, itemId: number, quantity: string, key: string, extra: object = {}) => ({
    invoice: { cust_id: custId, pay_date: '2026-11-22', discount: '0', pay: '0', ...extra },
    items: [{ item_id: itemId, quantity, pay_price: '100' }],
    idempotency_key: key,
  });
  const documentsWithKey = async (key: string) =>
    (
      await ctx().database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from trade_document where idempotency_key = ${key}`,
      )
    ).rows[0]?.n;

  it('the same key with the same content answers the first document, written differently', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const first = (await c.post('/api/pay/createWithItems', sale(customer.id, item.id, '1', 'same-content-01'))).json()
      .data[0];
    // The same save as a retry may spell amounts differently ("1" and "1.000", "0" and "0.00").
    const again = await c.post(
      '/api/pay/createWithItems',
      sale(customer.id, item.id, '1.000', 'same-content-01', { discount: '0.00', pay_time: '10:00' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0].pay_id).toBe(first.pay_id);
    expect(await stockOf(item.id)).toBe('9.000');
  });

  it('the same key with other content is refused with 409 and an Arabic message, and saves nothing', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    await c.post('/api/pay/createWithItems', sale(customer.id, item.id, '1', 'other-content-01'));
    for (const other of [
      sale(customer.id, item.id, '2', 'other-content-01'),
      sale(customer.id, item.id, '1', 'other-content-01', { pay: '50' }),
      sale(customer.id, item.id, '1', 'other-content-01', { pay_date: '2026-11-23' }),
    ]) {
      const res = await c.post('/api/pay/createWithItems', other);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: expect.stringMatching(/فاتورة مختلفة/),
      });
    }
    expect(await stockOf(item.id)).toBe('9.000');
    expect(await documentsWithKey('other-content-01')).toBe(1);
  });

  it('a key reused for another kind of document is the same 409, not a 500, also when both arrive at once', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c);
    await c.post('/api/pay/createWithItems', sale(customer.id, item.id, '1', 'other-kind-0001'));
    const asPreliminary = await c.post(
      '/api/payinit/createWithItems',
      sale(customer.id, item.id, '1', 'other-kind-0001'),
    );
    expect(asPreliminary.statusCode).toBe(409);
    expect(asPreliminary.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const [a, b] = await Promise.all([
      c.post('/api/pay/createWithItems', sale(customer.id, item.id, '1', 'race-kind-0001')),
      c.post('/api/perch/createWithItems', {
        ...sale(supplier.id, item.id, '1', 'race-kind-0001'),
        items: [{ item_id: item.id, quantity: '1', perch_price: '80' }],
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await documentsWithKey('race-kind-0001')).toBe(1);
  });

  it('a legacy header sent again with its own reference but other content is refused; the same one is saved once', async () => {
    const c = await signedIn();
    const { customer } = await setup(c);
    const header = { pay_ref: 'TILL9-0001', cust_id: customer.id, pay_date: '2026-11-22', tot_pr: '300', yearId: 1 };
    const first = await c.post('/api/pay/create.php', header);
    expect(first.statusCode).toBe(200);
    const same = await c.post('/api/pay/create.php', header);
    expect(same.json().data[0].pay_id).toBe(first.json().data[0].pay_id);
    const other = await c.post('/api/pay/create.php', { ...header, tot_pr: '500' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
