import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/**
 * One book across years (docs/accounting-years.md), through the HTTP layer. The demo's years: 2 = 2025, 1 = 2026.
 * A shop opens in 2025 with 10 units at 5.00 and sells 4 at 10.00 on 20 December to a customer who pays 13.00; on
 * 1 January nothing it owns or is owed may vanish.
 */
describeEachDatabase('one book across years', (ctx) => {
  const { signedIn, balancesOffTheLedger } = tradeFixtures(ctx);
  const Y2025 = 2;
  const Y2026 = 1;

  type Account = { id: number; role: string | null; current_balance: string; balance_type: string | null };
  const accountsIn = async (c: TestClient, yearId: number): Promise<Account[]> =>
    (await c.get(`/api/sub_accounts/readByStore?yearId=${yearId}`)).json().data;
  /** An account's balance in a year, signed to the debit side (a credit balance is negative). */
  const debitSide = (account: Account | undefined) =>
    account === undefined ? 0 : (account.balance_type === 'credit' ? -1 : 1) * Number(account.current_balance);
  const roleBalance = async (c: TestClient, yearId: number, role: string) =>
    debitSide((await accountsIn(c, yearId)).find((a) => a.role === role));
  /** The store's accounts hold the other tests' documents too: a test reads what its own documents changed. */
  let baseline = new Map<string, number>();
  const roles = ['sales', 'cost_of_sales', 'inventory', 'retained_earnings'];
  const takeBaseline = async (c: TestClient) => {
    baseline = new Map();
    for (const yearId of [Y2025, Y2026])
      for (const role of roles) baseline.set(`${yearId}:${role}`, await roleBalance(c, yearId, role));
  };
  const roleIn = async (c: TestClient, yearId: number, role: string) =>
    Math.round(((await roleBalance(c, yearId, role)) - (baseline.get(`${yearId}:${role}`) ?? 0)) * 100) / 100;
  const balanceIn = async (c: TestClient, accountId: number, yearId: number) =>
    debitSide(
      (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${accountId}&yearId=${yearId}`)).json().data[0],
    );
  /** Every account's balance in the year, debit side positive: a book in balance sums to zero. */
  const trialBalance = async (c: TestClient, yearId: number) =>
    Math.round((await accountsIn(c, yearId)).reduce((sum, a) => sum + debitSide(a), 0) * 100) / 100;
  const stockIn = async (c: TestClient, itemId: number, yearId: number) =>
    (await c.get(`/api/items/searchStock?id=${itemId}&yearId=${yearId}`)).json().data[0];

  /** The 2025 shop: the item, its customer and the December sale (owing 27.00, due 15 January). */
  const december = async () => {
    const c = await signedIn();
    await takeBaseline(c);
    const item = (
      await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '5', pay_price: '10' })
    ).json().data[0];
    const customer = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل ${Math.random()}` })
    ).json().data[0];
    const opening = await c.post('/api23/firstq/createf.php', {
      item_id: item.id,
      quantity: '10',
      perch_price: '5',
      fq_year: Y2025,
    });
    expect(opening.statusCode).toBe(200);
    const sale = await c.post(`/api23/pay/createWithItems.php?yearId=${Y2025}`, {
      invoice: { cust_id: customer.id, pay_date: '2025-12-20', discount: '0', pay: '13', nextPay: '2026-01-15' },
      items: [{ item_id: item.id, quantity: '4', pay_price: '10' }],
    });
    expect(sale.statusCode).toBe(200);
    return { c, item, customer, sale: sale.json().data[0] };
  };

  it('stock and balance-sheet balances carry into the next year; profit starts at zero and closes into equity', async () => {
    const { c, item, customer } = await december();
    expect(await stockIn(c, item.id, Y2025)).toMatchObject({ quantity: '6.000', avg_cost: '5.00' });
    expect(await stockIn(c, item.id, Y2026)).toMatchObject({ quantity: '6.000', avg_cost: '5.00' });
    expect(await balanceIn(c, customer.id, Y2025)).toBe(27);
    expect(await balanceIn(c, customer.id, Y2026)).toBe(27);
    expect(await roleIn(c, Y2025, 'sales')).toBe(-40);
    expect(await roleIn(c, Y2025, 'cost_of_sales')).toBe(20);
    expect(await roleIn(c, Y2025, 'inventory')).toBe(30);
    // 2026 starts with no sales and no cost, and 2025's profit of 20.00 in retained earnings.
    expect(await roleIn(c, Y2026, 'sales')).toBe(0);
    expect(await roleIn(c, Y2026, 'cost_of_sales')).toBe(0);
    expect(await roleIn(c, Y2026, 'inventory')).toBe(30);
    expect(await roleIn(c, Y2026, 'retained_earnings')).toBe(-20);
    expect(await roleIn(c, Y2025, 'retained_earnings')).toBe(0);
    expect(await trialBalance(c, Y2025)).toBe(0);
    expect(await trialBalance(c, Y2026)).toBe(0);
  });

  it('a January sale sells what December left, and a December sale is returned in January at its own cost', async () => {
    const { c, item, customer, sale } = await december();
    const january = await c.post(`/api/pay/createWithItems?yearId=${Y2026}`, {
      invoice: { cust_id: customer.id, pay_date: '2026-01-03', discount: '0', pay: '10' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '10' }],
    });
    expect(january.statusCode).toBe(200);
    expect(january.json().data[0].items[0].cost).toBe('5.00');
    // More than the shelf holds is still refused, on the date it would go short.
    const tooMuch = await c.post(`/api/pay/createWithItems?yearId=${Y2026}`, {
      invoice: { cust_id: customer.id, pay_date: '2026-01-04', discount: '0', pay: '60' },
      items: [{ item_id: item.id, quantity: '6', pay_price: '10' }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().insufficient_items[0]).toMatchObject({ available_quantity: '5.000', date: '2026-01-04' });

    const returned = await c.post(`/api/sales_returns/createWithItems?yearId=${Y2026}`, {
      invoice: { original_pay_ref: sale.pay_ref, return_date: '2026-01-05' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().data[0]).toMatchObject({ yearId: Y2026, tot_pr: '20.00', original_pay_ref: sale.pay_ref });
    expect(await stockIn(c, item.id, Y2026)).toMatchObject({ quantity: '7.000', avg_cost: '5.00' });
    expect(await balanceIn(c, customer.id, Y2026)).toBe(7);
    // 2025 is as it was: its sale, its profit; the return lowers 2026's sales.
    expect(await balanceIn(c, customer.id, Y2025)).toBe(27);
    expect(await roleIn(c, Y2026, 'retained_earnings')).toBe(-20);
    expect(await trialBalance(c, Y2026)).toBe(0);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a back-dated December purchase re-values the January sale across the year end', async () => {
    const { c, item, customer } = await december();
    const january = (
      await c.post(`/api/pay/createWithItems?yearId=${Y2026}`, {
        invoice: { cust_id: customer.id, pay_date: '2026-01-03', discount: '0', pay: '60' },
        items: [{ item_id: item.id, quantity: '6', pay_price: '10' }],
      })
    ).json().data[0];
    expect(january.items[0].cost).toBe('30.00');
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0];
    // 6 @ 5 left, then 6 @ 8 bought on 30 December: the average is 6.50.
    const bought = await c.post(`/api23/perch/createWithItems.php?yearId=${Y2025}`, {
      invoice: { cust_id: supplier.id, pay_date: '2025-12-30', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '6', perch_price: '8' }],
    });
    expect(bought.statusCode).toBe(200);
    const after = (await c.get(`/api/pay/readById?pay_id=${january.pay_id}&yearId=${Y2026}`)).json().data[0];
    expect(after.items[0].cost).toBe('39.00');
    expect(await stockIn(c, item.id, Y2026)).toMatchObject({ quantity: '6.000', avg_cost: '6.50' });
    expect(await roleIn(c, Y2026, 'cost_of_sales')).toBe(39);
    expect(await trialBalance(c, Y2026)).toBe(0);
    expect(await trialBalance(c, Y2025)).toBe(0);
  });

  it('last year’s unpaid invoice stays in this year’s payment-due notifications until it is paid', async () => {
    const { c, sale } = await december();
    const due = async () =>
      (await c.get(`/api/pay/paynotif?yearId=${Y2026}`)).json().data.map((d: { pay_ref: string }) => d.pay_ref);
    expect(await due()).toContain(sale.pay_ref);
    const paid = await c.post(`/api23/pay/updateWithItems.php?yearId=${Y2025}`, {
      invoice: { pay_id: sale.pay_id, cust_id: sale.cust_id, pay_date: '2025-12-20', discount: '0', pay: '40' },
      items: [{ item_id: sale.items[0].item_id, quantity: '4', pay_price: '10' }],
    });
    expect(paid.statusCode).toBe(200);
    expect(await due()).not.toContain(sale.pay_ref);
  });
});

describeEachDatabase('the year lock and the first year’s openings', (ctx) => {
  const { signedIn } = tradeFixtures(ctx);
  const Y2025 = 2;
  const Y2026 = 1;

  it('a closed year refuses every save, edit and delete dated in it until it is reopened; both are logged', async () => {
    const c = await signedIn();
    const item = (
      await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '5', pay_price: '10' })
    ).json().data[0];
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0];
    const customer = (await c.get('/api/sub_accounts/readByStore?ac_id=1')).json().data[0];
    const purchase = (pay_date: string) => ({
      invoice: { cust_id: supplier.id, pay_date, discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '5', perch_price: '5' }],
    });
    const bought = (await c.post(`/api23/perch/createWithItems.php?yearId=${Y2025}`, purchase('2025-11-01'))).json()
      .data[0];
    const preliminary = (
      await c.post(`/api23/payinit/createWithItems.php?yearId=${Y2025}`, {
        invoice: { cust_id: customer.id, pay_date: '2025-11-02', discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity: '1', pay_price: '10' }],
      })
    ).json().data[0];

    const closed = await c.post('/api/year/close', { yearId: Y2025 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data[0]).toMatchObject({ id: Y2025, closed: true });
    const years = (await c.get('/api/year/readByStoreByRef')).json().data;
    expect(years.find((y: { id: number }) => y.id === Y2025).closed).toBe(true);
    expect(years.find((y: { id: number }) => y.id === Y2026).closed).toBe(false);

    const refusals = [
      await c.post(`/api23/perch/createWithItems.php?yearId=${Y2025}`, purchase('2025-12-01')),
      await c.post(`/api23/perch/updateWithItems.php?yearId=${Y2025}`, {
        ...purchase('2025-11-01'),
        invoice: { ...purchase('2025-11-01').invoice, pay_id: bought.pay_id, pay: '25' },
      }),
      await c.post(`/api23/perch/deleteWithItems.php?yearId=${Y2025}`, { pay_id: bought.pay_id }),
      await c.post(`/api23/payinit/deleteWithItems.php?yearId=${Y2025}`, { pay_id: preliminary.pay_id }),
      await c.post(`/api23/journal/createWithItems.php?yearId=${Y2025}`, {
        invoice: { j_date: '2025-12-31', j_desc: 'قيد في سنة مقفلة', yearId: Y2025 },
        items: [
          { ac_id: customer.id, debit: '10', credit: '0' },
          { ac_id: supplier.id, debit: '0', credit: '10' },
        ],
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'YEAR_CLOSED' });
      expect(res.json().error.message).toContain('مقفلة');
    }
    // The open year goes on: a January purchase is saved.
    expect((await c.post(`/api/perch/createWithItems?yearId=${Y2026}`, purchase('2026-01-10'))).statusCode).toBe(200);

    // Only an administrator closes or reopens.
    const cashier = await c.post('/api/users/create', {
      user_name: `cashier${Math.floor(Math.random() * 1e9)}`,
      full_name: 'كاشير',
      password: 'cashier-pass-1',
      is_admin: false,
    });
    expect(cashier.statusCode).toBe(200);
    const other = await signedIn(cashier.json().data[0].user_name, 'cashier-pass-1');
    expect((await other.post('/api/year/reopen', { yearId: Y2025 })).statusCode).toBe(403);

    expect((await c.post('/api/year/reopen', { yearId: Y2025 })).json().data[0]).toMatchObject({ closed: false });
    expect(
      (await c.post(`/api23/perch/deleteWithItems.php?yearId=${Y2025}`, { pay_id: bought.pay_id })).statusCode,
    ).toBe(200);
    const log = await ctx().database.db.execute<{ typee: string }>(
      sql`select typee from "logHistory" where "yearId" = ${Y2025} and typee like '%year' order by id`,
    );
    expect(log.rows.map((row) => row.typee)).toEqual(['close year', 'reopen year']);
  });

  it('opening quantities belong to the first year: a later year’s openings read as what the year before left', async () => {
    const c = await signedIn();
    const item = (
      await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '5', pay_price: '10' })
    ).json().data[0];
    expect(
      (
        await c.post('/api23/firstq/createf.php', {
          item_id: item.id,
          quantity: '10',
          perch_price: '4',
          fq_year: Y2025,
        })
      ).statusCode,
    ).toBe(200);
    const later = await c.post('/api/firstq/createf', { item_id: item.id, quantity: '3', fq_year: Y2026 });
    expect(later.statusCode).toBe(409);
    expect(later.json().error).toMatchObject({ code: 'OPENINGS_IN_FIRST_YEAR' });
    const carried = (
      await c.get(`/api/firstq/readByStore?fq_year=${Y2026}&search=${encodeURIComponent(item.item_name)}`)
    ).json().data;
    expect(carried).toEqual([
      expect.objectContaining({
        item_id: item.id,
        fq_year: Y2026,
        quantity: '10.000',
        perch_price: '4.00',
        carried: true,
      }),
    ]);
  });
});
