import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * A cashier works the day's counter: another day's final invoice (its stock and money are in the day's closing) is
 * edited or deleted by an administrator only. A due date never comes before the invoice's date.
 */
describeEachDatabase('another day’s final invoice is the administrator’s', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const header = (custId: number, payDate: string) => ({ cust_id: custId, pay_date: payDate, discount: '0', pay: '0' });

  it('a cashier edits and deletes today’s invoice, not yesterday’s; the administrator may', async () => {
    const admin = await signedIn();
    const { item, customer } = await setup(admin, '50');
    const cashier = await signedIn('cashier', 'cashier123');
    const lines = [{ item_id: item.id, quantity: '1' }];
    const day = today();
    const earlier = day.endsWith('-01-01') ? day : `${day.slice(0, 4)}-01-01`;
    const past = (
      await admin.post('/api/pay/createWithItems', { invoice: header(customer.id, earlier), items: lines })
    ).json().data[0];
    const mine = (
      await cashier.post('/api/pay/createWithItems', { invoice: header(customer.id, day), items: lines })
    ).json().data[0];
    if (earlier !== day) {
      const edit = await cashier.post('/api/pay/updateWithItems', {
        invoice: { ...header(customer.id, earlier), pay_id: past.pay_id },
        items: [{ item_id: item.id, quantity: '2' }],
      });
      // The cashier's role has neither another user's nor another day's invoices (docs/permissions.md).
      expect(edit.statusCode).toBe(403);
      expect(edit.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'sale.others' });
      const removed = await cashier.post('/api/pay/deleteWithItems', { pay_id: past.pay_id, pay_ref: past.pay_ref });
      expect(removed.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'sale.others' });
      // Moving today's invoice to another day is the same change.
      const moved = await cashier.post('/api/pay/updateWithItems', {
        invoice: { ...header(customer.id, earlier), pay_id: mine.pay_id },
        items: lines,
      });
      expect(moved.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'sale.backDate' });
      const byAdmin = await admin.post('/api/pay/updateWithItems', {
        invoice: { ...header(customer.id, earlier), pay_id: past.pay_id },
        items: [{ item_id: item.id, quantity: '2' }],
      });
      expect(byAdmin.statusCode).toBe(200);
    }
    const edited = await cashier.post('/api/pay/updateWithItems', {
      invoice: { ...header(customer.id, day), pay_id: mine.pay_id },
      items: [{ item_id: item.id, quantity: '3' }],
    });
    expect(edited.statusCode).toBe(200);
    expect((await cashier.post('/api/pay/deleteWithItems', { pay_id: mine.pay_id })).statusCode).toBe(200);
  });

  it('a due date before the invoice date is refused on its field', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const res = await c.post('/api/pay/createWithItems', {
      invoice: { ...header(customer.id, '2026-11-22'), nextPay: '2026-11-21' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.nextPay).toBe('DUE_BEFORE_DATE');
    const same = await c.post('/api/pay/createWithItems', {
      invoice: { ...header(customer.id, '2026-11-22'), nextPay: '2026-11-22' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(same.statusCode).toBe(200);
  });
});
