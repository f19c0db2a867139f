/**
 * Stock counts through the HTTP layer (issue 18, part 2): our one-call saves, the values they post, the refusals,
 * edits and deletes; the legacy two-call flow is in stockCount.legacy.routes.test.ts.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('stock counts', (ctx) => {
  const { signedIn, setup, stockOf, balancesOffTheLedger } = tradeFixtures(ctx);
  const db = () => ctx().database.db;

  const doc = (custId: number, date: string, lines: object[]) => ({
    invoice: { cust_id: custId, pay_date: date, discount: '0', pay: '0' },
    items: lines,
  });
  const buy = (c: TestClient, supplier: number, item: number, date: string, quantity: string, price: string) =>
    c.post('/api/perch/createWithItems', doc(supplier, date, [{ item_id: item, quantity, perch_price: price }]));
  const sell = (c: TestClient, customer: number, item: number, date: string, quantity: string) =>
    c.post('/api/pay/createWithItems', doc(customer, date, [{ item_id: item, quantity, pay_price: '20' }]));
  const count = (c: TestClient, date: string, items: object[], extra: object = {}) =>
    c.post('/api/tswia/createWithItems', {
      invoice: { pay_date: date, payComment: 'جرد', yearId: 1, ...extra },
      items,
    });
  const recount = (c: TestClient, payId: number, date: string, items: object[]) =>
    c.post('/api/tswia/updateWithItems', { invoice: { pay_date: date, yearId: 1, pay_id: payId }, items });
  /** Two items bought 10 @ 5 on 1 June and 10 @ 7 on 2 June: 20 units worth 120.00 (average 6). */
  const boughtTwice = async (c: TestClient) => {
    const { item, customer, supplier } = await setup(c, '0');
    expect((await buy(c, supplier.id, item.id, '2026-06-01', '10', '5')).statusCode).toBe(200);
    expect((await buy(c, supplier.id, item.id, '2026-06-02', '10', '7')).statusCode).toBe(200);
    return { item, customer, supplier };
  };
  const stockAtCost = async (itemId: number) =>
    (
      await db().execute<{ quantity: string; value: string }>(
        sql`select quantity::text, value::text from item_cost where item_id = ${itemId} and "yearId" = 1`,
      )
    ).rows[0];
  /** A count's ledger lines by account role: [role, debit, credit, reference, memo]. */
  const ledgerOf = async (payId: number) =>
    (
      await db().execute<{ role: string; debit: string; credit: string; reference: string; memo: string }>(sql`
        select a.role, l.debit::text, l.credit::text, l.reference, l.memo from ledger_line l
        join sub_accounts a on a.id = l.account_id
        where l.source_kind = 'tswia' and l.source_id = ${payId} order by a.role`)
    ).rows.map((row) => [row.role, row.debit, row.credit, row.reference, row.memo]);
  /** Debits = credits over the whole ledger, and every kept sum equals what it sums. */
  const booksHold = async () => {
    const { rows } = await db().execute<{ d: string; c: string }>(
      sql`select coalesce(sum(debit), 0)::text as d, coalesce(sum(credit), 0)::text as c from ledger_line`,
    );
    expect(rows[0]?.d).toBe(rows[0]?.c);
    expect(await balancesOffTheLedger()).toEqual([]);
    expect(await stockAtCostInvariants(db())).toEqual([]);
  };

  it('a shortage leaves at the moving average: 10 @ 5 and 10 @ 7, 15 counted → −5 at 6 = 30.00 stock adjustment', async () => {
    const c = await signedIn();
    const { item, customer } = await boughtTwice(c);
    const saved = await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '15' }]);
    expect(saved.statusCode).toBe(200);
    const counted = saved.json().data[0];
    expect(counted).toMatchObject({ pay_date: '2026-06-03', payComment: 'جرد', tot_pr: '400.00', cost: '30.00' });
    expect(counted.pay_ref).toMatch(/^SH-T-\d{6}$/);
    // The system quantity is the server's; the difference is valued at the item's purchase price (80) as the
    // legacy app did, and at cost (6 a unit) as the ledger posts it.
    expect(counted.items).toEqual([
      expect.objectContaining({
        item_id: item.id,
        availQty: '20.000',
        qtyReal: '15.000',
        quantity: '5.000',
        perch_price: '80.00',
        tot: '400.00',
        cost: '30.00',
      }),
    ]);
    expect(await stockOf(item.id)).toBe('15.000');
    expect(await stockAtCost(item.id)).toEqual({ quantity: '15.000', value: '90.00' });
    expect(await ledgerOf(counted.pay_id)).toEqual([
      ['inventory', '0.00', '30.00', counted.pay_ref, 'تسوية جردية'],
      ['stock_adjustment', '30.00', '0.00', counted.pay_ref, 'تسوية جردية'],
    ]);
    await booksHold();
    // A sale after the count takes its goods at the average the count left (90 / 15).
    const sale = (await sell(c, customer.id, item.id, '2026-06-04', '5')).json().data[0];
    expect(sale.items[0].cost).toBe('30.00');
    await booksHold();
  });

  it('a surplus comes in at the moving average: 25 counted → +5 at 6 = 30.00 out of stock adjustment', async () => {
    const c = await signedIn();
    const { item } = await boughtTwice(c);
    const counted = (await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '25' }])).json().data[0];
    expect(counted).toMatchObject({ tot_pr: '-400.00', cost: '-30.00' });
    expect(counted.items[0]).toMatchObject({ availQty: '20.000', quantity: '-5.000', cost: '-30.00' });
    expect(await stockAtCost(item.id)).toEqual({ quantity: '25.000', value: '150.00' });
    expect(await ledgerOf(counted.pay_id)).toEqual([
      ['inventory', '30.00', '0.00', counted.pay_ref, 'تسوية جردية'],
      ['stock_adjustment', '0.00', '30.00', counted.pay_ref, 'تسوية جردية'],
    ]);
    await booksHold();
  });

  it('the system quantity is the stock at the count’s date and time, not today’s', async () => {
    const c = await signedIn();
    const { item, customer } = await boughtTwice(c);
    expect((await sell(c, customer.id, item.id, '2026-06-20', '4')).statusCode).toBe(200);
    // At midnight on 1 June nothing was there yet: 1 found comes in at the item's purchase price (no average known).
    const early = await count(c, '2026-06-01', [{ item_id: item.id, qtyReal: '1' }], { pay_time: '00:00' });
    expect(early.json().data[0].items[0]).toMatchObject({ availQty: '0.000', quantity: '-1.000', cost: '-80.00' });
    // At the end of 1 June: that unit and the first purchase.
    const late = await count(c, '2026-06-01', [{ item_id: item.id, qtyReal: '9' }], { pay_time: '23:59:59' });
    expect(late.json().data[0].items[0]).toMatchObject({ availQty: '11.000', quantity: '2.000' });
    expect(await stockOf(item.id)).toBe('15.000');
    await booksHold();
  });

  it('every line whose counted quantity equals the system quantity is refused at once, and nothing is saved', async () => {
    const c = await signedIn();
    const a = await boughtTwice(c);
    const b = await setup(c, '0');
    const d = await boughtTwice(c);
    const before = (await c.get('/api/tswia/getTopSales?yearId=1')).json().data.length;
    const refused = await count(c, '2026-06-03', [
      { item_id: a.item.id, qtyReal: '20' },
      { item_id: d.item.id, qtyReal: '19' },
      { item_id: b.item.id, qtyReal: '0' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'COUNT_EQUALS_SYSTEM',
      message: expect.stringContaining('الكمية الفعلية تساوي الكمية في النظام'),
      fields: { 'items.0.qtyReal': 'COUNT_EQUALS_SYSTEM', 'items.2.qtyReal': 'COUNT_EQUALS_SYSTEM' },
    });
    expect((await c.get('/api/tswia/getTopSales?yearId=1')).json().data).toHaveLength(before);
    expect(await stockOf(d.item.id)).toBe('20.000');

    const repeated = await count(c, '2026-06-03', [
      { item_id: a.item.id, qtyReal: '3' },
      { item_id: a.item.id, qtyReal: '4' },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toMatchObject({
      code: 'ITEM_REPEATED',
      fields: { 'items.1.item_id': 'ITEM_REPEATED' },
    });
    const unknown = await count(c, '2026-06-03', [{ item_id: 999_999, qtyReal: '3' }]);
    expect(unknown.json().error).toMatchObject({
      code: 'ITEM_NOT_FOUND',
      fields: { 'items.0.item_id': 'ITEM_NOT_FOUND' },
    });
    const negative = await count(c, '2026-06-03', [{ item_id: a.item.id, qtyReal: '-1' }]);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields).toEqual({ 'items.0.qtyReal': 'QUANTITY_NEGATIVE' });
    const outside = await count(c, '2025-06-03', [{ item_id: a.item.id, qtyReal: '3' }]);
    expect(outside.json().error).toMatchObject({
      code: 'DATE_OUTSIDE_YEAR',
      fields: { pay_date: 'DATE_OUTSIDE_YEAR' },
    });
  });

  it('a count that would leave later stock below zero is refused with 409 and the short item and date', async () => {
    const c = await signedIn();
    const { item, customer } = await boughtTwice(c);
    expect((await sell(c, customer.id, item.id, '2026-06-10', '18')).statusCode).toBe(200);
    // Counted 15 on 3 June: 15 − 18 sold on 10 June = −3.
    const refused = await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '15' }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STOCK_INSUFFICIENT');
    expect(refused.json().insufficient_items).toEqual([
      expect.objectContaining({ item_id: item.id, shortage: '3.000', date: '2026-06-10' }),
    ]);
    expect(await stockOf(item.id)).toBe('2.000');
    const { rows } = await db().execute(
      sql`select 1 from stock_movement where item_id = ${item.id} and source_kind = 'tswia'`,
    );
    expect(rows).toHaveLength(0);
    // 18 is fine: 18 − 18 = 0 on 10 June.
    expect((await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '18' }])).statusCode).toBe(200);
    await booksHold();
  });

  it('a count records the quantity it moves: a purchase back-dated before it changes its value, not its quantity, until it is edited', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '0');
    await buy(c, supplier.id, item.id, '2026-06-01', '10', '5');
    const counted = (await count(c, '2026-06-05', [{ item_id: item.id, qtyReal: '8' }])).json().data[0];
    expect(counted.items[0]).toMatchObject({ availQty: '10.000', quantity: '2.000', cost: '10.00' });

    // 5 @ 8 bought on 3 June, typed afterwards: the count still takes 2 out, now at the average of 15 units (90 / 15).
    expect((await buy(c, supplier.id, item.id, '2026-06-03', '5', '8')).statusCode).toBe(200);
    const after = (await c.get(`/api/tswia/readById?pay_id=${counted.pay_id}`)).json().data[0];
    expect(after.items[0]).toMatchObject({ availQty: '10.000', quantity: '2.000', cost: '12.00' });
    expect(await stockOf(item.id)).toBe('13.000');
    expect(await ledgerOf(counted.pay_id)).toEqual([
      ['inventory', '0.00', '12.00', counted.pay_ref, 'تسوية جردية'],
      ['stock_adjustment', '12.00', '0.00', counted.pay_ref, 'تسوية جردية'],
    ]);
    await booksHold();

    // Saved again, it counts again: 15 in the system that day, 8 on the shelf.
    const edited = await recount(c, counted.pay_id, '2026-06-05', [{ item_id: item.id, qtyReal: '8' }]);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({ pay_id: counted.pay_id, pay_ref: counted.pay_ref, cost: '42.00' });
    expect(edited.json().data[0].items[0]).toMatchObject({ availQty: '15.000', quantity: '7.000', cost: '42.00' });
    expect(await stockOf(item.id)).toBe('8.000');
    expect(await stockAtCost(item.id)).toEqual({ quantity: '8.000', value: '48.00' });
    await booksHold();

    // Moved to 2 June, before that purchase: 10 in the system then.
    const moved = await recount(c, counted.pay_id, '2026-06-02', [{ item_id: item.id, qtyReal: '8' }]);
    expect(moved.json().data[0].items[0]).toMatchObject({ availQty: '10.000', quantity: '2.000', cost: '10.00' });
    expect(await stockOf(item.id)).toBe('13.000');
    // On 1 June, the day of the first purchase, counted equal: refused, the count stays as it was.
    const equal = await recount(c, counted.pay_id, '2026-06-01', [{ item_id: item.id, qtyReal: '10' }]);
    expect(equal.json().error.fields).toEqual({ 'items.0.qtyReal': 'COUNT_EQUALS_SYSTEM' });
    expect((await c.get(`/api/tswia/readById?pay_id=${counted.pay_id}`)).json().data[0].pay_date).toBe('2026-06-02');
    await booksHold();
  });

  it('a delete takes the count and what it posted back; the activity log has each step', async () => {
    const c = await signedIn();
    const { item, customer } = await boughtTwice(c);
    const counted = (await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '25' }])).json().data[0];
    expect((await recount(c, counted.pay_id, '2026-06-03', [{ item_id: item.id, qtyReal: '24' }])).statusCode).toBe(
      200,
    );
    expect((await sell(c, customer.id, item.id, '2026-06-10', '22')).statusCode).toBe(200);
    // Without the count's surplus only 20 were there for the sale of 22.
    const refused = await c.post('/api/tswia/deleteWithItems', { pay_id: counted.pay_id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().insufficient_items[0]).toMatchObject({ item_id: item.id, date: '2026-06-10' });
    expect(await stockOf(item.id)).toBe('2.000');

    const second = await boughtTwice(c);
    const plain = (await count(c, '2026-06-03', [{ item_id: second.item.id, qtyReal: '12' }])).json().data[0];
    const gone = await c.post('/api/tswia/deleteWithItems', { pay_id: plain.pay_id });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ data: [{ pay_id: plain.pay_id }] });
    expect(await stockOf(second.item.id)).toBe('20.000');
    expect(await stockAtCost(second.item.id)).toEqual({ quantity: '20.000', value: '120.00' });
    expect(await ledgerOf(plain.pay_id)).toEqual([]);
    expect((await c.get(`/api/tswia/readById?pay_id=${plain.pay_id}`)).json()).toEqual({ data: [] });
    expect((await c.post('/api/tswia/deleteWithItems', { pay_id: plain.pay_id })).statusCode).toBe(404);
    const { rows } = await db().execute<{ typee: string }>(sql`
      select typee from "logHistory" where "logToken"->>'pay_ref' in (${counted.pay_ref}, ${plain.pay_ref})
      order by id`);
    expect(rows.map((row) => row.typee)).toEqual(['insert tswia', 'update tswia', 'insert tswia', 'delete tswia']);
    await booksHold();
  });

  it('nothing is counted, edited or deleted in a closed year (409 YEAR_CLOSED)', async () => {
    const c = await signedIn();
    const { item } = await boughtTwice(c);
    const counted = (await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '19' }])).json().data[0];
    expect((await c.post('/api/year/close', { yearId: 1 })).statusCode).toBe(200);
    try {
      const refused = [
        await count(c, '2026-06-04', [{ item_id: item.id, qtyReal: '18' }]),
        await recount(c, counted.pay_id, '2026-06-03', [{ item_id: item.id, qtyReal: '17' }]),
        await c.post('/api/tswia/deleteWithItems', { pay_id: counted.pay_id }),
        await c.post('/api/tswia/create', { pay_date: '2026-06-04', yearId: 1, pay_ref: 'CLOSED-YEAR-1' }),
      ];
      expect(refused.map((r) => [r.statusCode, r.json().error?.code])).toEqual(
        Array.from({ length: 4 }, () => [409, 'YEAR_CLOSED']),
      );
      expect(await stockOf(item.id)).toBe('19.000');
    } finally {
      expect((await c.post('/api/year/reopen', { yearId: 1 })).statusCode).toBe(200);
    }
  });

  it('a retry with the same idempotency key answers the first count; other content with it is refused', async () => {
    const c = await signedIn();
    const { item } = await boughtTwice(c);
    const key = `count-${Math.random()}`;
    const first = await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '19' }], { idempotency_key: key });
    const again = await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '19' }], { idempotency_key: key });
    expect(again.json().data[0].pay_id).toBe(first.json().data[0].pay_id);
    expect(await stockOf(item.id)).toBe('19.000');
    const other = await count(c, '2026-06-03', [{ item_id: item.id, qtyReal: '18' }], { idempotency_key: key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('the reads: latest, by date, two dates, by id; scoped to the year and the store', async () => {
    const c = await signedIn();
    const { item } = await boughtTwice(c);
    const counted = (await count(c, '2026-06-04', [{ item_id: item.id, qtyReal: '17' }])).json().data[0];
    const ids = async (url: string) =>
      (await c.get(url)).json().data.map((row: { pay_id: number }) => row.pay_id) as number[];
    expect(await ids('/api/tswia/getTopSales?yearId=1')).toContain(counted.pay_id);
    expect(await ids('/api/tswia/getSalesByDate?yearId=1&from=2026-06-04')).toContain(counted.pay_id);
    expect(await ids('/api/tswia/getSalesByDate?yearId=1&from=2026-06-05')).not.toContain(counted.pay_id);
    expect(await ids('/api/tswia/getSales2Date?yearId=1&from=2026-06-01&to=2026-06-30')).toContain(counted.pay_id);
    expect(await ids('/api/tswia/getTopSales?yearId=2')).not.toContain(counted.pay_id);
    expect((await c.get('/api/tswia/getTopSales?yearId=1&store_id=2')).statusCode).toBe(403);
    expect((await c.get('/api/tswia/readById?pay_id=999999')).json()).toEqual({ data: [] });
    // Another store's user does not see it.
    const keeper = await signedIn('admin', 'admin123', 2);
    expect((await keeper.get(`/api/tswia/readById?pay_id=${counted.pay_id}`)).json()).toEqual({ data: [] });
    expect((await keeper.post('/api/tswia/deleteWithItems', { pay_id: counted.pay_id })).statusCode).toBe(404);
    expect((await new TestClient(ctx().app).get('/api/tswia/getTopSales')).statusCode).toBe(401);
  });
});
