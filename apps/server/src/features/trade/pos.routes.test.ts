import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerLine, tradeDocument } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * A sale as the touch POS sends it (web: features/pos): a final sales invoice through pay/createWithItems, with its
 * idempotency key, a weighed quantity from a scale label, a line's discounted price, and the payment method.
 */
describeEachDatabase('a POS sale', (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);

  it('by card to the walk-in customer: paid the net into the bank, once however often it is sent', async () => {
    const c = await signedIn();
    const { item, walkIn } = await setup(c);
    const accounts = (await c.get('/api/sub_accounts/readByStore?pageSize=500')).json().data as {
      id: number;
      role: string | null;
    }[];
    const bank = accounts.find((a) => a.role === 'bank')?.id;
    const body = {
      invoice: { cust_id: walkIn.id, pay_date: '2026-11-22', discount: '0', pay: '215.00', pay_method: 'card' },
      // 1.25 kg from a scale label at the item's price, and 1 at a 10 % line discount (100 → 90).
      items: [
        { item_id: item.id, quantity: '1.25', pay_price: '100' },
        { item_id: item.id, quantity: '1', pay_price: '90' },
      ],
      idempotency_key: 'pos-sale-0001',
    };
    const first = await c.post('/api/pay/createWithItems', body);
    expect(first.statusCode).toBe(200);
    const sale = first.json().data[0];
    expect(sale).toMatchObject({ tot_pr: '215.00', pay: '215.00', changee: '0.00', pay_method: 'card' });
    expect(sale.items.map((l: { quantity: string; tot: string }) => [l.quantity, l.tot])).toEqual([
      ['1.250', '125.00'],
      ['1.000', '90.00'],
    ]);
    expect(await stockOf(item.id)).toBe('7.750');
    const money = await ctx()
      .database.db.select({ account_id: ledgerLine.account_id, debit: ledgerLine.debit })
      .from(ledgerLine)
      .where(and(eq(ledgerLine.source_kind, 'pay'), eq(ledgerLine.source_id, sale.pay_id)));
    expect(money).toContainEqual({ account_id: bank, debit: '215.00' });

    // The cashier's tap sent twice (a slow network): the same sale answers, nothing is added.
    const again = await c.post('/api/pay/createWithItems', body);
    expect(again.json().data[0].pay_id).toBe(sale.pay_id);
    const saved = await ctx()
      .database.db.select({ id: tradeDocument.pay_id })
      .from(tradeDocument)
      .where(eq(tradeDocument.idempotency_key, 'pos-sale-0001'));
    expect(saved).toHaveLength(1);
    expect(await stockOf(item.id)).toBe('7.750');
  });

  it('on credit: a customer may owe it; the walk-in customer may not', async () => {
    const c = await signedIn();
    const { item, walkIn, customer } = await setup(c);
    const sale = (custId: number) =>
      c.post('/api/pay/createWithItems', {
        invoice: { cust_id: custId, pay_date: '2026-11-22', pay: '0', pay_method: 'cash' },
        items: [{ item_id: item.id, quantity: '2' }],
        idempotency_key: `pos-credit-${custId}`,
      });
    const owed = await sale(customer.id);
    expect(owed.json().data[0]).toMatchObject({ tot_pr: '200.00', pay: '0.00', changee: '200.00' });
    const refused = await sale(walkIn.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('WALK_IN_UNPAID');
  });
});
