import { expect, it } from 'vitest';
import { tradeFixtures } from '../features/trade/trade.fixtures.ts';
import { describeEachDatabase, type TestClient } from '../test/testApp.ts';

/**
 * Paged lists sorted by a column on the server: the order holds across pages (page 2 goes on where page 1 ended,
 * equal values never repeat or go missing), both directions, and a column a list does not sort by is refused.
 */
describeEachDatabase('sorting paged lists on the server', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);

  /** Every row of a list read page by page (pages of 2), in the order the server gave them. */
  async function allPages<T>(c: TestClient, path: string) {
    const rows: T[] = [];
    for (let page = 1; page < 20; page++) {
      const body = (await c.get(`${path}&page=${page}&pageSize=2`)).json();
      rows.push(...body.data);
      if (page * 2 >= body.total) return rows;
    }
    throw new Error('more pages than expected');
  }
  const decimal = (text: string) => Number(text);

  it('items sort by price and by code, either way, page after page', async () => {
    const c = await signedIn();
    // Two items share a price, so the tie must be broken the same way on every page.
    for (const [name, price, code] of [
      ['ترتيب أ', '30', 'SRT-3'],
      ['ترتيب ب', '10', 'SRT-1'],
      ['ترتيب ج', '20', 'SRT-5'],
      ['ترتيب د', '20', 'SRT-2'],
      ['ترتيب هـ', '5', 'SRT-4'],
    ] as const) {
      const res = await c.post('/api/items/create', {
        item_name: name,
        perch_price: '1',
        pay_price: price,
        part_no: code,
      });
      expect(res.statusCode).toBe(200);
    }
    type Row = { item_name: string; pay_price: string; part_no: string };
    const byPrice = await allPages<Row>(c, '/api/items/read?search=ترتيب&sort=pay_price&order=desc');
    expect(byPrice.map((r) => decimal(r.pay_price))).toEqual([30, 20, 20, 10, 5]);
    expect(new Set(byPrice.map((r) => r.item_name)).size).toBe(5);
    const byCode = await allPages<Row>(c, '/api/items/read?search=ترتيب&sort=part_no');
    expect(byCode.map((r) => r.part_no)).toEqual(['SRT-1', 'SRT-2', 'SRT-3', 'SRT-4', 'SRT-5']);
    // Without a sort, the list keeps its own order (by name).
    const own = await allPages<Row>(c, '/api/items/read?search=ترتيب');
    expect(own.map((r) => r.item_name)).toEqual(['ترتيب أ', 'ترتيب ب', 'ترتيب ج', 'ترتيب د', 'ترتيب هـ']);

    const refused = await c.get('/api/items/read?sort=password&page=1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ sort: 'NOT_AN_OPTION' });
  });

  it('accounts sort by their balance, a record by its net, opening quantities by quantity', async () => {
    const c = await signedIn();
    for (const [name, balance] of [
      ['عميل ترتيب 1', '50'],
      ['عميل ترتيب 2', '-20'],
      ['عميل ترتيب 3', '300'],
    ] as const) {
      const res = await c.post('/api/sub_accounts/create', { ac_id: 1, sub_name: name, sub_balance: balance });
      expect(res.statusCode).toBe(200);
    }
    type Account = { sub_name: string };
    const accounts = await allPages<Account>(
      c,
      `/api/sub_accounts/readWithBalance?search=${encodeURIComponent('عميل ترتيب')}&sort=balance&order=desc`,
    );
    expect(accounts.map((a) => a.sub_name)).toEqual(['عميل ترتيب 3', 'عميل ترتيب 1', 'عميل ترتيب 2']);

    const { item, customer } = await setup(c, '100');
    for (const [price, discount] of [
      ['40', '0'],
      ['90', '60'],
      ['70', '0'],
    ] as const) {
      const res = await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-04-02', discount, pay: '0' },
        items: [{ item_id: item.id, quantity: '1', pay_price: price }],
      });
      expect(res.statusCode).toBe(200);
    }
    type Doc = { tot_pr: string; discount: string };
    const record = await allPages<Doc>(c, '/api/pay/getSales2Date?from=2026-04-01&to=2026-04-30&sort=net');
    expect(record.map((d) => decimal(d.tot_pr) - decimal(d.discount))).toEqual([30, 40, 70]);

    for (const quantity of ['7', '2']) {
      const created = await c.post('/api/items/create', {
        item_name: `افتتاحي ترتيب ${quantity}`,
        perch_price: '1',
        pay_price: '2',
        firstQuantity: quantity,
      });
      expect(created.statusCode).toBe(200);
    }
    type Opening = { quantity: string };
    const openings = await allPages<Opening>(
      c,
      `/api/firstq/readByStore?yearId=1&search=${encodeURIComponent('افتتاحي ترتيب')}&sort=quantity&order=desc`,
    );
    expect(openings.map((o) => decimal(o.quantity))).toEqual([7, 2]);
  });
});
