/**
 * Cost in date order, through the HTTP layer (issue 18): the figures an accountant tried and found wrong, each as a
 * test. A payment re-valued stock; cost followed the order documents were typed in; a correction left goods worth
 * less than nothing; a sale of goods not yet bought on its date was accepted.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('cost in date order', (ctx) => {
  const { signedIn, setup, balancesOffTheLedger } = tradeFixtures(ctx);

  const doc = (custId: number, date: string, lines: object[], extra: object = {}) => ({
    invoice: { cust_id: custId, pay_date: date, discount: '0', pay: '0', ...extra },
    items: lines,
  });
  const buy = (c: TestClient, supplier: number, item: number, date: string, quantity: string, price: string) =>
    c.post('/api/perch/createWithItems', doc(supplier, date, [{ item_id: item, quantity, perch_price: price }]));
  const sell = (c: TestClient, customer: number, item: number, date: string, quantity: string) =>
    c.post('/api/pay/createWithItems', doc(customer, date, [{ item_id: item, quantity, pay_price: '20' }]));
  /** The cost kept by a sale's lines, and the item's stock at cost in year 1. */
  const costOf = async (payId: number) => {
    const { rows } = await ctx().database.db.execute<{ cost: string }>(
      sql`select coalesce(sum(cost), 0)::text as cost from trade_line where pay_id = ${payId}`,
    );
    return rows[0]?.cost;
  };
  const stockAtCost = async (itemId: number) => {
    const { rows } = await ctx().database.db.execute<{ quantity: string; value: string }>(
      sql`select quantity::text, value::text from item_cost where item_id = ${itemId} and "yearId" = 1`,
    );
    return rows[0];
  };
  /** What a document posted to cost of sales, from the ledger. */
  const costOfSales = async (payId: number) => {
    const { rows } = await ctx().database.db.execute<{ total: string }>(sql`
      select coalesce(sum(l.debit - l.credit), 0)::text as total from ledger_line l
      join sub_accounts a on a.id = l.account_id where a.role = 'cost_of_sales' and l.source_id = ${payId}`);
    return rows[0]?.total;
  };
  const update = (c: TestClient, kind: string, id: number, invoice: object, items: object[]) =>
    c.post(`/api/${kind}/updateWithItems`, { invoice: { discount: '0', pay: '0', ...invoice, pay_id: id }, items });

  it('a payment recorded later changes no cost: 10 @ 5 and 10 @ 9 bought, 12 sold, both paid', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    const a = (await buy(c, supplier.id, item.id, '2026-06-01', '10', '5')).json().data[0];
    const b = (await buy(c, supplier.id, item.id, '2026-06-02', '10', '9')).json().data[0];
    const sale = (await sell(c, customer.id, item.id, '2026-06-03', '12')).json().data[0];
    expect(await costOf(sale.pay_id)).toBe('84.00');
    const before = await costOfSales(sale.pay_id);
    expect(before).toBe('84.00');
    const line = (p: { items: { item_id: number; quantity: string; perch_price: string }[] }) =>
      p.items.map((l) => ({ item_id: l.item_id, quantity: l.quantity, perch_price: l.perch_price }));
    const paidB = await update(
      c,
      'perch',
      b.pay_id,
      { cust_id: supplier.id, pay_date: '2026-06-02', pay: '90' },
      line(b),
    );
    expect(paidB.statusCode).toBe(200);
    expect(paidB.json().data[0].pay).toBe('90.00');
    const paidA = await update(
      c,
      'perch',
      a.pay_id,
      { cust_id: supplier.id, pay_date: '2026-06-01', pay: '50' },
      line(a),
    );
    expect(paidA.statusCode).toBe(200);
    expect(await costOf(sale.pay_id)).toBe('84.00');
    expect(await costOfSales(sale.pay_id)).toBe(before);
    // The moving average on 3 June: 140 / 20 = 7.00 a unit.
    expect(await stockAtCost(item.id)).toEqual({ quantity: '8.000', value: '56.00' });
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a payment-only edit that sends the time without seconds leaves the goods’ movements untouched', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '0');
    const purchase = (
      await c.post(
        '/api/perch/createWithItems',
        doc(supplier.id, '2026-06-01', [{ item_id: item.id, quantity: '10', perch_price: '5' }], { pay_time: '09:00' }),
      )
    ).json().data[0];
    const movements = async () =>
      (
        await ctx().database.db.execute<{ id: string }>(
          sql`select id::text from stock_movement where source_kind = 'perch' and source_id = ${purchase.pay_id}`,
        )
      ).rows;
    const before = await movements();
    const paid = await update(
      c,
      'perch',
      purchase.pay_id,
      { cust_id: supplier.id, pay_date: '2026-06-01', pay_time: '09:00', pay: '20' },
      [{ item_id: item.id, quantity: '10', perch_price: '5' }],
    );
    expect(paid.statusCode).toBe(200);
    expect(await movements()).toEqual(before);
  });

  it('a back-dated correction re-values the later sale: 10 @ 5, 10 @ 7, 5 sold, the first corrected to 6', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    const first = (await buy(c, supplier.id, item.id, '2026-06-01', '10', '5')).json().data[0];
    await buy(c, supplier.id, item.id, '2026-06-02', '10', '7');
    const sale = (await sell(c, customer.id, item.id, '2026-06-03', '5')).json().data[0];
    expect(await costOf(sale.pay_id)).toBe('30.00');
    const corrected = await update(c, 'perch', first.pay_id, { cust_id: supplier.id, pay_date: '2026-06-01' }, [
      { item_id: item.id, quantity: '10', perch_price: '6' },
    ]);
    expect(corrected.statusCode).toBe(200);
    // In date order: (60 + 70) / 20 = 6.50 a unit when the sale took 5.
    expect(await costOf(sale.pay_id)).toBe('32.50');
    expect(await costOfSales(sale.pay_id)).toBe('32.50');
    expect(await stockAtCost(item.id)).toEqual({ quantity: '15.000', value: '97.50' });
  });

  it('a purchase typed after a sale but dated before it is costed before it', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    await buy(c, supplier.id, item.id, '2026-06-01', '10', '5');
    const sale = (await sell(c, customer.id, item.id, '2026-06-10', '5')).json().data[0];
    expect(await costOf(sale.pay_id)).toBe('25.00');
    await buy(c, supplier.id, item.id, '2026-06-05', '10', '8');
    // (50 + 80) / 20 = 6.50 on 10 June.
    expect(await costOf(sale.pay_id)).toBe('32.50');
  });

  it('a typo corrected never leaves goods worth less than nothing: 10 @ 100, 10 @ 1, 5 sold, 100 corrected to 1', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    const typo = (await buy(c, supplier.id, item.id, '2026-06-01', '10', '100')).json().data[0];
    await buy(c, supplier.id, item.id, '2026-06-02', '10', '1');
    const sale = (await sell(c, customer.id, item.id, '2026-06-03', '5')).json().data[0];
    await update(c, 'perch', typo.pay_id, { cust_id: supplier.id, pay_date: '2026-06-01' }, [
      { item_id: item.id, quantity: '10', perch_price: '1' },
    ]);
    expect(await costOf(sale.pay_id)).toBe('5.00');
    expect(await stockAtCost(item.id)).toEqual({ quantity: '15.000', value: '15.00' });
    const next = (await sell(c, customer.id, item.id, '2026-06-04', '5')).json().data[0];
    expect(await costOf(next.pay_id)).toBe('5.00');
  });

  it('line reads carry each line’s cost on its date and its gross profit; the item’s read its average cost', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    const other = (
      await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '2', pay_price: '5' })
    ).json().data[0];
    await buy(c, supplier.id, item.id, '2026-06-01', '10', '5');
    await buy(c, supplier.id, other.id, '2026-06-01', '10', '2');
    await buy(c, supplier.id, item.id, '2026-06-02', '10', '8');
    const sale = (
      await c.post(
        '/api/pay/createWithItems',
        doc(
          customer.id,
          '2026-06-03',
          [
            { item_id: item.id, quantity: '4', pay_price: '10' },
            { item_id: other.id, quantity: '2', pay_price: '5' },
          ],
          { discount: '5' },
        ),
      )
    ).json().data[0];
    const read = (await c.get(`/api/pay/readById?pay_id=${sale.pay_id}`)).json().data[0];
    // 4 at the average 6.50 = 26.00; 2 at 2.00 = 4.00. The discount of 5.00 is shared 40 : 10, by a running total.
    expect(read.items.map((line: { cost: string; gross_profit: string }) => [line.cost, line.gross_profit])).toEqual([
      ['26.00', '10.00'],
      ['4.00', '5.00'],
    ]);
    const stock = (await c.get(`/api/items/searchStock?id=${item.id}&yearId=1`)).json().data[0];
    expect(stock).toMatchObject({ quantity: '16.000', avg_cost: '6.50' });
  });

  it('a sale dated before its goods arrived is refused with the date; so is moving their purchase after it', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c, '0');
    const purchase = (await buy(c, supplier.id, item.id, '2026-07-10', '10', '5')).json().data[0];
    const early = await sell(c, customer.id, item.id, '2026-07-01', '3');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('STOCK_INSUFFICIENT');
    expect(early.json().insufficient_items[0]).toMatchObject({
      item_id: item.id,
      date: '2026-07-01',
      shortage: '3.000',
    });

    const sale = await sell(c, customer.id, item.id, '2026-07-15', '3');
    expect(sale.statusCode).toBe(200);
    const moved = await update(c, 'perch', purchase.pay_id, { cust_id: supplier.id, pay_date: '2026-07-20' }, [
      { item_id: item.id, quantity: '10', perch_price: '5' },
    ]);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().insufficient_items[0]).toMatchObject({ item_id: item.id, date: '2026-07-15' });
    const deleted = await c.post('/api/perch/deleteWithItems', { pay_id: purchase.pay_id });
    expect(deleted.statusCode).toBe(409);
    // Nothing of the refused changes stayed.
    expect(await stockAtCost(item.id)).toEqual({ quantity: '7.000', value: '35.00' });
  });
});
