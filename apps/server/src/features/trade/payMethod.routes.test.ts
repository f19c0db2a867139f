import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerLine } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/** Money paid by bank or card posts to the store's bank account (found by role); cash to the cash box. */
describeEachDatabase('the payment method decides the money account', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const linesOf = async (kind: string, payId: number) =>
    (
      await ctx()
        .database.db.select({ account_id: ledgerLine.account_id, debit: ledgerLine.debit, credit: ledgerLine.credit })
        .from(ledgerLine)
        .where(and(eq(ledgerLine.source_kind, kind), eq(ledgerLine.source_id, payId)))
    ).sort((a, b) => a.account_id - b.account_id || a.debit.localeCompare(b.debit));

  it('a sale paid by bank debits the bank, a purchase paid by card credits it; cash stays on the cash box', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c);
    const accounts = (await c.get('/api/sub_accounts/readByStore?pageSize=500')).json().data as {
      id: number;
      role: string | null;
    }[];
    const role = (name: string) => accounts.find((a) => a.role === name)?.id ?? -1;
    const save = async (kind: 'pay' | 'perch', custId: number, pay_method: string) =>
      (
        await c.post(`/api/${kind}/createWithItems`, {
          invoice: { cust_id: custId, pay_date: '2026-11-22', pay: '50', pay_method },
          items: [{ item_id: item.id, quantity: '1' }],
        })
      ).json().data[0];

    const byBank = await save('pay', customer.id, 'bank');
    const saleLines = await linesOf('pay', byBank.pay_id);
    expect(saleLines).toContainEqual({ account_id: role('bank'), debit: '50.00', credit: '0.00' });
    expect(saleLines.some((l) => l.account_id === role('cash_box'))).toBe(false);

    const byCard = await save('perch', supplier.id, 'card');
    const purchaseLines = await linesOf('perch', byCard.pay_id);
    expect(purchaseLines).toContainEqual({ account_id: role('bank'), debit: '0.00', credit: '50.00' });
    expect(purchaseLines.some((l) => l.account_id === role('cash_box'))).toBe(false);

    const inCash = await save('pay', customer.id, '');
    expect(await linesOf('pay', inCash.pay_id)).toContainEqual({
      account_id: role('cash_box'),
      debit: '50.00',
      credit: '0.00',
    });
  });

  it('any cash box or bank is chosen per invoice (a cashier own till); a legacy edit keeps it; others are refused', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const till = (await c.post('/api/sub_accounts/create', { ac_id: 4, cat_id: 4, sub_name: 'خزينة أحمد' })).json()
      .data[0];
    expect(till.account_type).toBe('asset');
    const sale = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '60', money_account_id: till.id },
        items: [{ item_id: item.id, quantity: '1' }],
      })
    ).json().data[0];
    expect(sale.money_account_id).toBe(till.id);
    expect(await linesOf('pay', sale.pay_id)).toContainEqual({ account_id: till.id, debit: '60.00', credit: '0.00' });
    // A legacy client edits the payment without naming the till: the money stays in it.
    const edited = await c.post('/api/pay/update', {
      pay_id: sale.pay_id,
      cust_id: customer.id,
      pay_date: '2026-11-22',
      tot_pr: '100',
      pay: '70',
      value_only: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(await linesOf('pay', sale.pay_id)).toContainEqual({ account_id: till.id, debit: '70.00', credit: '0.00' });
    // An account that is no cash box or bank is refused, the field named.
    const refused = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '60', money_account_id: customer.id },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'NOT_A_MONEY_ACCOUNT',
      fields: { money_account_id: 'NOT_A_MONEY_ACCOUNT' },
    });
  });
});
