import { addMoney, type Money, money, parseMoney, subtractMoney } from '@mizan/contract';
import { and, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { logHistory } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

type Row = {
  id: number;
  role: string | null;
  sub_balance: string;
  current_balance: string;
  balance_type: string | null;
};

/**
 * Opening balances post against the opening-balance (equity) account, found by role: the trial balance of every
 * store and year (each account's opening plus its ledger lines) has equal debits and credits.
 */
describeEachDatabase('opening balances keep the trial balance balanced', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  /** Debit-side balances minus credit-side balances over all the store's accounts in a year: zero when balanced. */
  const trialBalanceGap = async (c: Awaited<ReturnType<typeof signedIn>>, yearId: number) => {
    const rows = (await c.get(`/api/sub_accounts/readAllStore?yearId=${yearId}`)).json().data as Row[];
    let gap: Money = money(0n);
    for (const row of rows) {
      const amount = parseMoney(row.current_balance) ?? money(0n);
      if (row.balance_type === 'debit') gap = addMoney(gap, amount);
      if (row.balance_type === 'credit') gap = subtractMoney(gap, amount);
    }
    return gap;
  };
  const party = (ac_id: 1 | 2, sub_balance: string) => ({
    ac_id,
    cat_id: ac_id,
    sub_name: `طرف ${Math.random()}`,
    sub_code: `${Math.floor(Math.random() * 1e9)}`,
    sub_balance,
  });

  it('the demo, and parties created, edited and deleted with opening balances, balance in every store and year', async () => {
    for (const store of [1, 2]) {
      const c = await signedIn('admin', 'admin123', store);
      const accounts = (await c.get('/api/sub_accounts/readAllStore?yearId=1')).json().data as Row[];
      expect(accounts.filter((a) => a.role === 'opening_balance')).toHaveLength(1);
      for (const year of [1, 2]) expect(await trialBalanceGap(c, year)).toBe(0n);
    }
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c);
    await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '20' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    await c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-11-22', pay: '0' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    const created = (await c.post('/api/sub_accounts/createMulti', [party(1, '1234.50'), party(2, '800')])).json()
      .data as (Row & { sub_name: string; sub_code: string; ac_id: number; cat_id: number })[];
    expect(created).toHaveLength(2);
    const [buyer, seller] = created as [(typeof created)[0], (typeof created)[0]];
    for (const year of [1, 2]) expect(await trialBalanceGap(c, year)).toBe(0n);

    const edited = await c.post('/api/sub_accounts/update', { ...buyer, sub_balance: '99.99' });
    expect(edited.statusCode).toBe(200);
    for (const year of [1, 2]) expect(await trialBalanceGap(c, year)).toBe(0n);
    const [logged] = await ctx()
      .database.db.select()
      .from(logHistory)
      .where(and(eq(logHistory.store_id, 1), eq(logHistory.typee, 'update opening balance')))
      .orderBy(desc(logHistory.id))
      .limit(1);
    expect(logged?.logToken).toMatchObject({ id: buyer.id, from: '1234.50', to: '99.99' });

    expect((await c.post('/api/sub_accounts/delete', { id: seller.id })).statusCode).toBe(200);
    for (const year of [1, 2]) expect(await trialBalanceGap(c, year)).toBe(0n);
  });
});
