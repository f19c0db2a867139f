import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/** A sale is to a customer, a purchase from a supplier: the server refuses any other account (not only the picker). */
describeEachDatabase('the party of an invoice is on its side', (ctx) => {
  const { signedIn, setup, stockOf } = tradeFixtures(ctx);
  const header = (custId: number) => ({ cust_id: custId, pay_date: '2026-11-22', discount: '0', pay: '0' });
  const accountByRole = async (c: Awaited<ReturnType<typeof signedIn>>, role: string) =>
    (await c.get('/api/sub_accounts/readByStore?pageSize=500'))
      .json()
      .data.find((a: { role: string }) => a.role === role);

  it('sales and preliminary sales to a non-customer, purchases and orders from a non-supplier are refused', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c);
    const sales = await accountByRole(c, 'sales');
    const lines = [{ item_id: item.id, quantity: '1' }];
    for (const [kind, wrong, code] of [
      ['pay', sales.id, 'NOT_A_CUSTOMER'],
      ['pay', supplier.id, 'NOT_A_CUSTOMER'],
      ['payinit', supplier.id, 'NOT_A_CUSTOMER'],
      ['perch', customer.id, 'NOT_A_SUPPLIER'],
      ['perchOrder', sales.id, 'NOT_A_SUPPLIER'],
    ] as const) {
      const res = await c.post(`/api/${kind}/createWithItems`, { invoice: header(wrong), items: lines });
      expect(res.statusCode, `${kind} to ${wrong}`).toBe(400);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.fields.cust_id).toBe(code);
      expect(res.json().error.message).toMatch(/حساب (عميل|مورد)/);
    }
    // The legacy header-only save too (a value-only sale to the sales account netted revenue to zero).
    const legacy = await c.post('/api/pay/create.php', { ...header(sales.id), tot_pr: '100' });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().error.code).toBe('NOT_A_CUSTOMER');
    expect(await stockOf(item.id)).toBe('10.000');
    // The right sides are saved.
    expect((await c.post('/api/pay/createWithItems', { invoice: header(customer.id), items: lines })).statusCode).toBe(
      200,
    );
    expect(
      (await c.post('/api/perch/createWithItems', { invoice: header(supplier.id), items: lines })).statusCode,
    ).toBe(200);
  });
});
