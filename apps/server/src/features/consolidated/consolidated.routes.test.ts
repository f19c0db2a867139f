/**
 * The owner's view across stores through the HTTP layer: two stores' sales side by side, each row equal to that
 * store's own gross-profit report and the sum equal to the rows' sum; a user sees only the stores whose role reads
 * reports, and profit only where it reads costs.
 */
import { addMoney, parseMoney, roleIds, toMoneyString, ZERO } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

const sum = (...values: string[]) => toMoneyString(addMoney(ZERO, ...values.map((v) => parseMoney(v) ?? ZERO)));

describeEachDatabase('sales of the stores side by side', (ctx) => {
  let ip = 0;
  const as = async (user: string, password: string, store: number) => {
    const c = new TestClient(ctx().app, `10.33.3.${++ip}`);
    const res = await c.signIn(user, password, store);
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };
  const read = async (c: TestClient, url: string) => {
    const answer = await c.get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  /** In the store the client is signed in to: an item, and `sales` cash sales of it (quantities 1, 2, ...) on a day. */
  const trade = async (c: TestClient, name: string, price: string, cost: string, quantities: string[]) => {
    const walkIn = (await read(c, '/api/sub_accounts/readByStore?ac_id=1')).data.find(
      (a: { sub_name: string }) => a.sub_name === 'عميل نقدي',
    );
    const created = await c.post('/api/items/create', {
      item_name: name,
      perch_price: cost,
      pay_price: price,
      firstQuantity: '100',
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data[0];
    for (const quantity of quantities) {
      const pay = toMoneyString(addMoney(...Array.from({ length: Number(quantity) }, () => parseMoney(price) ?? ZERO)));
      const sold = await c.post('/api/pay/createWithItems?yearId=1', {
        invoice: { cust_id: walkIn.id, pay_date: '2026-05-10', discount: '0', pay },
        items: [{ item_id: item.id, quantity, pay_price: price }],
      });
      expect(sold.statusCode, sold.body).toBe(200);
    }
  };

  it("answers each of the owner's stores as its own gross-profit report does, and their sum", async () => {
    const main = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    await trade(main, 'بطارية رئيسية', '120.50', '80', ['1', '2', '3']);
    await trade(branch, 'بطارية الفرع', '99.99', '70.01', ['4', '1']);

    const period = 'yearId=1&from=2026-05-01&to=2026-05-31';
    const board = await read(main, `/api/consolidated/sales?${period}`);
    expect(board.from).toBe('2026-05-01');
    expect(board.to).toBe('2026-05-31');
    expect(board.data.map((row: { store_id: number }) => row.store_id)).toEqual([1, 2]);
    for (const [c, row] of [
      [main, board.data[0]],
      [branch, board.data[1]],
    ] as const) {
      const own = (await read(c, `/api/reports/grossProfit?by=invoice&${period}`)).sums;
      expect(row).toMatchObject({ net_sales: own.revenue, gross_profit: own.profit });
    }
    expect(board.data[0]).toMatchObject({ net_sales: '723.00', gross_profit: '243.00', sales_count: 3 });
    expect(board.data[1]).toMatchObject({ net_sales: '499.95', gross_profit: '149.90', sales_count: 2 });
    expect(board.data[1].average_sale).toBe('249.98');
    expect(board.sums).toEqual({
      net_sales: sum(board.data[0].net_sales, board.data[1].net_sales),
      gross_profit: sum(board.data[0].gross_profit, board.data[1].gross_profit),
      sales_count: 5,
      average_sale: '244.59',
    });
    // Signed in to the branch, the same answer: the view is the user's stores, not the session's.
    expect(await read(branch, `/api/consolidated/sales?${period}`)).toEqual(board);
  });

  it('shows only the stores whose role reads reports, and profit only where it reads costs; a cashier is refused', async () => {
    const owner = await as('admin', 'admin123', 1);
    const created = await owner.post('/api/users/create', {
      user_name: 'accountant-1',
      full_name: 'محاسب الفرع الأول',
      password: 'accountant-pass-1',
      is_admin: false,
    });
    expect(created.statusCode, created.body).toBe(200);
    const userId = created.json().data[0].id as number;
    const db = ctx().database.db;
    await db.execute(sql`update user_store set role_id = ${roleIds.accountant} where user_id = ${userId}`);
    await db.execute(
      sql`insert into user_store (user_id, store_id, role_id) values (${userId}, 2, ${roleIds.cashier})`,
    );
    const accountant = await as('accountant-1', 'accountant-pass-1', 1);
    const one = await read(accountant, '/api/consolidated/sales?yearId=1');
    expect(one.data.map((row: { store_id: number }) => row.store_id)).toEqual([1]);

    // A role in the branch that reads reports but not costs: the branch shows, without its profit (nor the sum's).
    await db.execute(
      sql`insert into role (id, key, name, permissions, discount_limit)
          values (90, 'reportsOnly', 'قارئ التقارير', '{readReports}'::text[], 0)`,
    );
    await db.execute(sql`update user_store set role_id = 90 where user_id = ${userId} and store_id = 2`);
    const both = await read(accountant, '/api/consolidated/sales?yearId=1');
    expect(
      both.data.map((row: { store_id: number; gross_profit: string | null }) => [
        row.store_id,
        row.gross_profit === null,
      ]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(both.sums.gross_profit).toBeNull();

    const cashier = await as('cashier', 'cashier123', 1);
    expect((await cashier.get('/api/consolidated/sales?yearId=1')).statusCode).toBe(403);
  });

  it("answers the company's stock of each item: each store's own stock, what is in transit, their sum", async () => {
    const main = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    const made = await main.post('/api/items/create', {
      item_name: 'زيت موحد للمخازن',
      part_no: 'CONS-OIL',
      perch_price: '80',
      pay_price: '100',
      firstQuantity: '10',
    });
    expect(made.statusCode, made.body).toBe(200);
    const item = made.json().data[0];
    const sent = await main.post('/api/transfer/createWithItems', {
      transfer: { to_store_id: 2, transfer_date: '2026-05-02' },
      items: [{ item_id: item.id, quantity: '4' }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const there = sent.json().data[0].lines[0].to_item_id;
    const received = await branch.post('/api/transfer/receive', {
      transfer_id: sent.json().data[0].pay_id,
      receipt_date: '2026-05-03',
      lines: [{ item_id: there, quantity: '1' }],
    });
    expect(received.statusCode, received.body).toBe(200);

    const board = await read(main, `/api/consolidated/stock?search=${encodeURIComponent('CONS-OIL')}`);
    expect(board.stores.map((s: { store_id: number }) => s.store_id)).toEqual([1, 2]);
    expect(board.data).toEqual([
      {
        catalogue_id: item.catalogue_id,
        item_name: 'زيت موحد للمخازن',
        part_no: 'CONS-OIL',
        item_parcode: null,
        stores: [
          { store_id: 1, quantity: '6.000', value: '480.00' },
          { store_id: 2, quantity: '1.000', value: '80.00' },
        ],
        in_transit_quantity: '3.000',
        in_transit_value: '240.00',
        quantity: '10.000',
        value: '800.00',
      },
    ]);
    // The sums are each store's own item-stock totals, plus what is on the way (the transit accounts' sum).
    const whole = await read(main, '/api/consolidated/stock?pageSize=1');
    expect(whole.total).toBeGreaterThan(1);
    for (const [c, cell] of [
      [main, whole.sums.stores[0]],
      [branch, whole.sums.stores[1]],
    ] as const)
      expect(cell.value).toBe((await read(c, '/api/items/readStockTotals')).data[0].stockValuePerchPrice);
    expect(whole.sums.in_transit_value).toBe('240.00');
    expect(whole.sums.value).toBe(sum(whole.sums.stores[0].value, whole.sums.stores[1].value, '240.00'));
    // One store chosen: its column alone; what it sent still counts as on the way.
    const one = await read(main, `/api/consolidated/stock?store_ids=1&search=CONS-OIL`);
    expect(one.data[0]).toMatchObject({ stores: [{ store_id: 1, quantity: '6.000' }], quantity: '9.000' });
  });
});
