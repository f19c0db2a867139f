/**
 * The owner's dashboard through the HTTP layer: a store's August in 2026 (the demo's year 1), with sales on the day,
 * the day before and a week before, a return, an old credit sale overdue, a credit purchase, an item sold out and one
 * under its minimum. Every tile must equal the report it links to, read through its own route.
 */
import { addMoney, parseMoney, toMoneyString, ZERO } from '@mizan/contract';
import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures } from '../journal/journal.fixtures.ts';

const sum = (...values: string[]) => toMoneyString(addMoney(ZERO, ...values.map((v) => parseMoney(v) ?? ZERO)));

describeEachDatabase('the dashboard', (ctx) => {
  const { signedIn } = journalFixtures(ctx);
  const read = async (c: TestClient, url: string) => {
    const answer = await c.get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  it('answers today against yesterday and last week, money, debtors, payables, stock and 30 days, each equal to its report', async () => {
    const c = await signedIn();
    const customer = (await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: 'ورشة النور' })).json()
      .data[0];
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0];
    const walkIn = (await c.get('/api/sub_accounts/readByStore?ac_id=1'))
      .json()
      .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي');
    const item = (
      await c.post('/api/items/create', {
        item_name: 'فلتر هواء',
        perch_price: '40',
        pay_price: '100',
        firstQuantity: '50',
      })
    ).json().data[0];
    const soldOut = (
      await c.post('/api/items/create', { item_name: 'حساس أكسجين', perch_price: '90', pay_price: '150' })
    ).json().data[0];
    await c.post('/api/items/create', {
      item_name: 'شمعات إشعال',
      perch_price: '10',
      pay_price: '20',
      firstQuantity: '2',
      min_qty: '5',
    });
    const sell = async (day: string, quantity: string, over: Record<string, unknown> = {}) => {
      const answer = await c.post('/api/pay/createWithItems?yearId=1', {
        invoice: { cust_id: walkIn.id, pay_date: day, discount: '0', pay: String(Number(quantity) * 100), ...over },
        items: [{ item_id: item.id, quantity, pay_price: '100' }],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data[0];
    };
    await sell('2026-08-08', '1');
    await sell('2026-08-14', '2');
    await sell('2026-08-14', '1', { discount: '10', pay: '90' });
    const today = await sell('2026-08-15', '3');
    await sell('2026-08-15', '1');
    await sell('2026-06-01', '2', { cust_id: customer.id, pay: '50', nextPay: '2026-06-10' });
    const back = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: today.pay_ref, return_date: '2026-08-15' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const bought = await c.post('/api/perch/createWithItems?yearId=1', {
      invoice: { cust_id: supplier.id, pay_date: '2026-08-10', discount: '0', pay: '0', nextPay: '2026-08-20' },
      items: [{ item_id: item.id, quantity: '5', perch_price: '40' }],
    });
    expect(bought.statusCode, bought.body).toBe(200);

    const board = (await read(c, '/api/dashboard/read?yearId=1&date=2026-08-15')).data[0];
    const day = async (on: string) =>
      (await read(c, `/api/reports/grossProfit?yearId=1&by=invoice&from=${on}&to=${on}`)).sums;

    // Today: 400.00 sold less a 100.00 return; two sales (the return is not one).
    const todays = await day('2026-08-15');
    expect(board).toMatchObject({
      date: '2026-08-15',
      net_sales: todays.revenue,
      gross_profit: todays.profit,
      sales_count: 2,
      average_sale: '150.00',
    });
    expect(board.net_sales).toBe('300.00');
    const yesterdays = await day('2026-08-14');
    expect(board.yesterday).toMatchObject({
      date: '2026-08-14',
      net_sales: yesterdays.revenue,
      gross_profit: yesterdays.profit,
      sales_count: 2,
    });
    expect(board.yesterday.net_sales).toBe('290.00');
    expect(board.last_week).toMatchObject({ date: '2026-08-08', net_sales: '100.00', sales_count: 1 });

    // The chart: 30 days, oldest first, summing to the report over the same days.
    expect(board.chart).toHaveLength(30);
    expect(board.chart[0].date).toBe('2026-07-17');
    expect(board.chart.at(-1).date).toBe('2026-08-15');
    const month = (await read(c, '/api/reports/grossProfit?yearId=1&by=invoice&from=2026-07-17&to=2026-08-15')).sums;
    expect(sum(...board.chart.map((d: { net_sales: string }) => d.net_sales))).toBe(month.revenue);
    expect(sum(...board.chart.map((d: { gross_profit: string }) => d.gross_profit))).toBe(month.profit);

    // Money: every cash box and bank as the cash book closes it that day.
    const cashBook = await read(c, '/api/reports/cashBook?yearId=1&to=2026-08-15');
    expect(board.money.length).toBeGreaterThan(0);
    expect(board.money).toEqual(
      cashBook.accounts.map((a: { id: number; sub_name: string; closing_balance: string }) => ({
        id: a.id,
        sub_name: a.sub_name,
        balance: a.closing_balance,
      })),
    );

    // What customers owe: the aging report's total, its columns past 30 days, its first five.
    const receivable = await read(c, '/api/reports/aging?yearId=1&side=receivable&as_of=2026-08-15');
    expect(board.receivables).toMatchObject({
      total: receivable.sums.total,
      overdue: sum(receivable.sums.d31_60, receivable.sums.d61_90, receivable.sums.over_90),
      parties: receivable.total,
    });
    expect(board.receivables.overdue).not.toBe('0.00');
    expect(board.receivables.top_debtors).toEqual(
      receivable.data.slice(0, 5).map((r: Record<string, string>) => ({
        cust_id: r.cust_id,
        sub_name: r.sub_name,
        total: r.total,
        overdue: sum(r.d31_60 ?? '0', r.d61_90 ?? '0', r.over_90 ?? '0'),
      })),
    );
    const ours = (await read(c, '/api/reports/aging?yearId=1&side=receivable&as_of=2026-08-15&pageSize=100')).data.find(
      (r: { cust_id: number }) => r.cust_id === customer.id,
    );
    // 200.00 sold on 1 June, 50.00 paid, due 10 June: 150.00 over 60 days late on 15 August.
    expect(ours).toMatchObject({ total: '150.00', d61_90: '150.00' });
    const payable = await read(c, '/api/reports/aging?yearId=1&side=payable&as_of=2026-08-15');
    expect(board.payables).toMatchObject({ total: payable.sums.total, parties: payable.total });
    expect(board.payables.total).not.toBe('0.00');
    // Due to suppliers this week (by 21 August, late ones included): the payment-due list's remainders that fall due
    // by then, the purchase of 10 August due on the 20th (200.00, nothing paid).
    const due = (await read(c, '/api/perch/paynotif?yearId=1')).data.filter(
      (d: { nextPay: string }) => d.nextPay <= '2026-08-21',
    );
    expect(board.payables.due_this_week).toEqual({
      until: '2026-08-21',
      total: sum(...due.map((d: { changee: string; settled: string }) => sum(d.changee, `-${d.settled}`))),
      documents: due.length,
    });
    expect(board.payables.due_this_week.total).toBe('200.00');

    // Stock: item-stock's own counts with its filters.
    const count = async (filter: string) =>
      (await read(c, `/api/items/stockList?yearId=1&quantity_filter=${filter}&pageSize=1`)).total as number;
    expect(board.stock).toEqual({
      out_of_stock: (await count('zero')) + (await count('negative')),
      below_minimum: await count('below_min'),
    });
    expect(board.stock.out_of_stock).toBeGreaterThanOrEqual(1);
    expect(board.stock.below_minimum).toBeGreaterThanOrEqual(1);
    expect(soldOut.id).toBeGreaterThan(0);
  });

  it('shows each open shift with the cash its X report expects, and none once it is closed', async () => {
    const c = await signedIn();
    const walkIn = (await c.get('/api/sub_accounts/readByStore?ac_id=1'))
      .json()
      .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي');
    const item = (
      await c.post('/api/items/create', { item_name: 'شمعة', perch_price: '5', pay_price: '12.50', firstQuantity: '9' })
    ).json().data[0];
    const opened = (await c.post('/api/shift/open', { till: 'لوحة 1', opening_float: '40' })).json().data[0];
    const sold = await c.post('/api/pay/createWithItems?yearId=1', {
      invoice: { cust_id: walkIn.id, pay_date: today(), pay: '25', till: 'لوحة 1' },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const report = (await read(c, `/api/shift/readById?shift_id=${opened.id}`)).data[0];
    expect(report.expected_cash).toBe('65.00');
    const board = (await read(c, '/api/dashboard/read?yearId=1')).data[0];
    expect(board.open_shifts).toEqual([
      expect.objectContaining({ id: opened.id, till: 'لوحة 1', expected_cash: report.expected_cash }),
    ]);
    await c.post('/api/shift/close', { shift_id: opened.id, counted: '65' });
    expect((await read(c, '/api/dashboard/read?yearId=1')).data[0].open_shifts).toEqual([]);
  });

  it('is refused to a cashier, who keeps the counter', async () => {
    const c = await signedIn('cashier', 'cashier123');
    const answer = await c.get('/api/dashboard/read?yearId=1&date=2026-08-15');
    expect(answer.statusCode).toBe(403);
  });
});
