/**
 * The item movement report through the HTTP layer (issue 19): an item moved across two years, an opening, a sale with
 * a discount, a count, a back-dated edit; the running quantity on every page; the closing quantity against the one
 * source of stock; the daily movement of every item.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { stockAt } from '../stock/stockAt.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

type Row = { kind: string; move_date: string; quantity: string; balance: string; [key: string]: unknown };

describeEachDatabase('item movement report', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const db = () => ctx().database.db;

  const buy = (c: TestClient, supplier: number, item: number, date: string, yearId: number, quantity: string) =>
    c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier, pay_date: date, pay_time: '10:00', discount: '0', pay: '0', yearId },
      items: [{ item_id: item, quantity, perch_price: '5' }],
    });
  const saleBody = (customer: number, date: string, item: number, quantity: string) => ({
    invoice: { cust_id: customer, pay_date: date, pay_time: '11:00', discount: '8', pay: '0', yearId: 1 },
    items: [{ item_id: item, quantity, pay_price: '20' }],
  });
  const movement = async (c: TestClient, query: string) => {
    const answer = await c.get(`/api/reports/itemMovement?${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const brief = (rows: Row[]) => rows.map((row) => [row.kind, row.move_date, row.quantity, row.balance]);
  /** The item's stock from the kept per-year sums and from its movements: the one source every read agrees with. */
  const keptStock = async (itemId: number) =>
    (
      await db().execute<{ q: string }>(
        sql`select coalesce(sum(quantity), 0)::numeric(20, 3)::text as q from item_cost where item_id = ${itemId}`,
      )
    ).rows[0]?.q;

  /** An item with an opening quantity in 2025 (year 2, the store's first: openings are typed in it). */
  const newItem = async (c: TestClient, opening: string) => {
    const created = await c.post('/api/items/create', {
      item_name: `صنف ${Math.random()}`,
      perch_price: '80',
      pay_price: '100',
      firstQuantity: opening,
      yearId: 2,
    });
    expect(created.statusCode).toBe(200);
    return created.json().data[0];
  };

  /**
   * 10 opening on 1 January 2025 (year 2), 5 bought on 20 November 2025, 10 bought on 1 March, 4 sold on 5 March (80.00 less a discount of
   * 8.00), 20 counted on 10 March (one missing).
   */
  const history = async (c: TestClient) => {
    const { customer, supplier } = await setup(c, '0');
    const item = await newItem(c, '10');
    expect((await buy(c, supplier.id, item.id, '2025-11-20', 2, '5')).statusCode).toBe(200);
    expect((await buy(c, supplier.id, item.id, '2026-03-01', 1, '10')).statusCode).toBe(200);
    const sale = await c.post('/api/pay/createWithItems', saleBody(customer.id, '2026-03-05', item.id, '4'));
    expect(sale.statusCode).toBe(200);
    const count = await c.post('/api/tswia/createWithItems', {
      invoice: { pay_date: '2026-03-10', pay_time: '12:00', yearId: 1 },
      items: [{ item_id: item.id, qtyReal: '20' }],
    });
    expect(count.statusCode).toBe(200);
    return { item, customer, supplier, sale: sale.json().data[0], count: count.json().data[0] };
  };

  it('all time: every movement across both years in date order, the quantity after each, the summary and the one source', async () => {
    const c = await signedIn();
    const { item, customer, sale, count } = await history(c);
    const all = await movement(c, `item_id=${item.id}`);
    expect(all.item).toMatchObject({ id: item.id, item_name: item.item_name });
    expect(brief(all.data)).toEqual([
      ['firstq', '2025-01-01', '10.000', '10.000'],
      ['perch', '2025-11-20', '5.000', '15.000'],
      ['perch', '2026-03-01', '10.000', '25.000'],
      ['pay', '2026-03-05', '-4.000', '21.000'],
      ['tswia', '2026-03-10', '-1.000', '20.000'],
    ]);
    expect(all.summary).toEqual({
      opening: '0.000',
      incoming: '25.000',
      outgoing: '5.000',
      closing: '20.000',
      gross_profit: expect.any(String),
      count: 5,
    });
    expect(all.total).toBe(5);
    // The closing quantity is the item's stock: its kept sums and its movements at any later date.
    expect(await keptStock(item.id)).toBe('20.000');
    expect((await stockAt(db(), 1, [item.id], '2099-12-31', '23:59:59')).get(item.id)).toBe('20.000');

    // The sale: its customer, its document, the price net of the discount, its cost and gross profit.
    const sold = all.data[3];
    const cost = sale.items[0].cost as string;
    expect(sold).toMatchObject({
      source_id: sale.pay_id,
      pay_ref: sale.pay_ref,
      party: customer.sub_name,
      incoming: '0.000',
      outgoing: '4.000',
      unit_price: '18.00',
      net_total: '72.00',
      value: `-${cost}`,
      unit_cost: (Number(cost) / 4).toFixed(2),
      gross_profit: (72 - Number(cost)).toFixed(2),
    });
    expect(all.summary.gross_profit).toBe(sold.gross_profit);
    // The count: its reference, no party and no price; a purchase has no gross profit.
    expect(all.data[4]).toMatchObject({
      source_id: count.pay_id,
      pay_ref: count.pay_ref,
      party: null,
      unit_price: null,
    });
    expect(all.data[2]).toMatchObject({
      gross_profit: null,
      unit_price: '5.00',
      unit_cost: '5.00',
      incoming: '10.000',
    });
    expect(all.data[0]).toMatchObject({ pay_ref: null, party: null, unit_price: null, unit_cost: '80.00' });
  });

  it('exports every movement of the period as a right-to-left .xlsx, the quantity after each as a number', async () => {
    const c = await signedIn();
    const { item, sale } = await history(c);
    const exported = await c.get(`/api/reports/itemMovementExport?item_id=${item.id}&from=2025-06-01&to=2026-12-31`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`item-movement-${item.id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.views[0]?.rightToLeft).toBe(true);
    const values: unknown[][] = [];
    sheet?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    expect(String(values[0]?.[0])).toContain(item.item_name);
    expect(values[3]?.slice(0, 7)).toEqual([
      'نوع الحركة',
      'التاريخ',
      'رقم المستند',
      'العميل\\المورد',
      'وارد',
      'صادر',
      'الرصيد',
    ]);
    // The opening (10, in 2025-01-01) is before the period: four rows, each with the quantity after it.
    expect(values.slice(4).map((row) => [row[0], row[6]])).toEqual([
      ['فاتورة مشتريات', 15],
      ['فاتورة مشتريات', 25],
      ['فاتورة مبيعات', 21],
      ['تسوية جردية', 20],
    ]);
    expect(values[6]?.[2]).toBe(sale.pay_ref);
    const daily = await c.get('/api/reports/dailyMovementExport?from=2026-03-05');
    expect(daily.statusCode).toBe(200);
    expect((await c.get('/api/reports/itemMovementExport?item_id=999999')).statusCode).toBe(404);
  });

  it('pages: each page’s running quantity starts from everything before it', async () => {
    const c = await signedIn();
    const { item } = await history(c);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await movement(c, `item_id=${item.id}&page=${page}&pageSize=2`));
    expect(pages.map((p) => p.data.map((row: Row) => row.balance))).toEqual([
      ['10.000', '15.000'],
      ['25.000', '21.000'],
      ['20.000'],
    ]);
    expect(pages.every((p) => p.total === 5 && p.summary.closing === '20.000')).toBe(true);
    expect((await movement(c, `item_id=${item.id}&page=4&pageSize=2`)).data).toEqual([]);
  });

  it('a date and a range: the opening is everything before, the closing what was there at the end', async () => {
    const c = await signedIn();
    const { item } = await history(c);
    const day = await movement(c, `item_id=${item.id}&from=2026-03-05`);
    expect(brief(day.data)).toEqual([['pay', '2026-03-05', '-4.000', '21.000']]);
    expect(day.summary).toMatchObject({ opening: '25.000', incoming: '0.000', outgoing: '4.000', closing: '21.000' });
    const range = await movement(c, `item_id=${item.id}&from=2025-06-01&to=2026-03-09`);
    expect(range.summary).toMatchObject({
      opening: '10.000',
      incoming: '15.000',
      outgoing: '4.000',
      closing: '21.000',
    });
    expect(range.data.map((row: Row) => row.balance)).toEqual(['15.000', '25.000', '21.000']);
    // Typed backwards, the same range.
    expect((await movement(c, `item_id=${item.id}&from=2026-03-09&to=2025-06-01`)).summary).toEqual(range.summary);
    // A day with no movement: nothing, and the quantity of that day.
    const quiet = await movement(c, `item_id=${item.id}&from=2026-02-10`);
    expect(quiet.data).toEqual([]);
    expect(quiet.summary).toMatchObject({ opening: '15.000', closing: '15.000', count: 0 });
  });

  it('a back-dated edit moves its row to its new place and every later quantity follows', async () => {
    const c = await signedIn();
    const { item, customer, sale } = await history(c);
    const edited = await c.post('/api/pay/updateWithItems', {
      ...saleBody(customer.id, '2026-01-15', item.id, '6'),
      invoice: { ...saleBody(customer.id, '2026-01-15', item.id, '6').invoice, pay_id: sale.pay_id },
    });
    expect(edited.statusCode).toBe(200);
    const all = await movement(c, `item_id=${item.id}`);
    // The count keeps the quantity it moved (docs/stock-counts.md): the shelf is now 18.
    expect(brief(all.data)).toEqual([
      ['firstq', '2025-01-01', '10.000', '10.000'],
      ['perch', '2025-11-20', '5.000', '15.000'],
      ['pay', '2026-01-15', '-6.000', '9.000'],
      ['perch', '2026-03-01', '10.000', '19.000'],
      ['tswia', '2026-03-10', '-1.000', '18.000'],
    ]);
    expect(all.summary.closing).toBe('18.000');
    expect(await keptStock(item.id)).toBe('18.000');
    // Deleted, it leaves the report.
    expect((await c.post('/api/pay/deleteWithItems', { pay_id: sale.pay_id })).statusCode).toBe(200);
    const after = await movement(c, `item_id=${item.id}`);
    expect(after.data.some((row: Row) => row.kind === 'pay')).toBe(false);
    expect(after.summary.closing).toBe(await keptStock(item.id));
  });

  it('the daily movement lists every item moved on a date with its own quantity after each', async () => {
    const c = await signedIn();
    const { item, supplier } = await history(c);
    const other = await newItem(c, '2');
    expect((await buy(c, supplier.id, other.id, '2026-03-01', 1, '3')).statusCode).toBe(200);
    const day = await c.get('/api/reports/dailyMovement?from=2026-03-01');
    expect(day.statusCode).toBe(200);
    const rows = day.json().data.filter((row: Row) => [item.id, other.id].includes(row.item_id as number));
    expect(rows.map((row: Row) => [row.item_name, row.quantity, row.balance])).toEqual([
      [item.item_name, '10.000', '25.000'],
      [other.item_name, '3.000', '5.000'],
    ]);
    const page = (await c.get('/api/reports/dailyMovement?from=2026-03-01&pageSize=1&page=2')).json();
    expect(page.data).toHaveLength(1);
    expect(page.summary.count).toBe(page.total);
    expect((await c.get('/api/reports/dailyMovement?from=2001-01-01')).json()).toMatchObject({ data: [], total: 0 });
  });

  it('an unknown item is not found; a signed-out caller is refused', async () => {
    const c = await signedIn();
    const missing = await c.get('/api/reports/itemMovement?item_id=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    const item = await newItem(c, '1');
    const stranger = new TestClient(ctx().app);
    expect((await stranger.get(`/api/reports/itemMovement?item_id=${item.id}`)).statusCode).toBe(401);
  });
});
