import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures } from '../journal/journal.fixtures.ts';

/**
 * Our reports (`reports/...`), the activity log and the journal templates, through the HTTP layer. A June of its own
 * in 2026 (the demo's year 1): an item bought in at 40.00 is sold for 100.00 less a 10.00 discount, 30.00 paid and
 * 60.00 due on 10 June; rent of 25.00 is paid from the cash box.
 */
describeEachDatabase('reports', (ctx) => {
  const { signedIn, accountsOf } = journalFixtures(ctx);

  const june = async (month = '06') => {
    const c = await signedIn();
    const { byRole, byName } = await accountsOf(1);
    const customer = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل ${Math.random()}` })
    ).json().data[0];
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0];
    const item = (
      await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '40', pay_price: '100' })
    ).json().data[0];
    const purchase = await c.post('/api/perch/createWithItems?yearId=1', {
      invoice: { cust_id: supplier.id, pay_date: `2026-${month}-01`, discount: '0', pay: '40' },
      items: [{ item_id: item.id, quantity: '1', perch_price: '40' }],
    });
    expect(purchase.statusCode).toBe(200);
    const sale = await c.post('/api/pay/createWithItems?yearId=1', {
      invoice: {
        cust_id: customer.id,
        pay_date: `2026-${month}-05`,
        discount: '10',
        pay: '30',
        nextPay: `2026-${month}-10`,
      },
      items: [{ item_id: item.id, quantity: '1', pay_price: '100' }],
    });
    expect(sale.statusCode).toBe(200);
    const rent = await c.post('/api/journal/createWithItems', {
      invoice: { j_date: `2026-${month}-20`, j_type: 'سند دفع', j_details: 'إيجار يونيو', yearId: 1 },
      items: [
        { ac_id: byName('إيجار المحل'), debit: '25', credit: 0 },
        { ac_id: byRole('cash_box'), debit: 0, credit: '25' },
      ],
    });
    expect(rent.statusCode).toBe(200);
    return { c, byRole, byName, customer, item, sale: sale.json().data[0] };
  };
  const get = async (c: TestClient, url: string) => {
    const answer = await c.get(url);
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    return answer.json();
  };

  it('profit and loss: sales less returns and discounts, cost, gross profit, expenses, net profit; a comparison', async () => {
    const { c, byName } = await june();
    const { data } = await get(
      c,
      '/api/reports/profitAndLoss?from=2026-06-01&to=2026-06-30&compare_from=2026-05-01&compare_to=2026-05-31',
    );
    expect(data[0]).toMatchObject({
      start_date: '2026-06-01',
      end_date: '2026-06-30',
      sales: '100.00',
      returns: '0.00',
      discounts: '10.00',
      net_sales: '90.00',
      cost_of_sales: '40.00',
      gross_profit: '50.00',
      total_expenses: '25.00',
      net_profit: '25.00',
    });
    expect(data[0].expenses).toEqual([{ id: byName('إيجار المحل'), sub_name: 'إيجار المحل', amount: '25.00' }]);
    expect(data[1]).toMatchObject({ start_date: '2026-05-01', end_date: '2026-05-31' });
    const reversed = await c.get('/api/reports/profitAndLoss?from=2026-06-02&to=2026-06-01');
    expect(reversed.json().error.code).toBe('DATE_RANGE_REVERSED');
  });

  it('the balance sheet balances, with the year profit; the trial balance differs by nothing', async () => {
    const { c } = await june();
    const sheet = (await get(c, '/api/reports/balanceSheet?as_of=2026-06-30')).data[0];
    expect(sheet.as_of).toBe('2026-06-30');
    expect(sheet.total_assets).toBe(sheet.total_liabilities);
    expect(sheet.assets.length).toBeGreaterThan(0);
    const trial = await get(
      c,
      '/api/sub_accounts/getComprehensiveBalanceSheet?search_type=2&start_date=2026-06-01&end_date=2026-06-30',
    );
    expect(trial.difference).toBe('0.00');
    expect(trial.movement_debit).toBe(trial.movement_credit);
    const customers = await get(c, '/api/sub_accounts/getComprehensiveBalanceSheet?segment=customers&has_balance=1');
    expect(customers.data.every((row: { ac_id: number; current_balance: string }) => row.ac_id === 1)).toBe(true);
    expect(customers.data.every((row: { current_balance: string }) => row.current_balance !== '0.00')).toBe(true);
    const legacy = await get(c, '/api/sub_accounts/balanceSheetByStore.php?yearId=1');
    expect(legacy.difference).toBe('0.00');
  });

  it("the trial balance by pages: the pages make the whole list, and every page carries the whole list's count and sums", async () => {
    const { c } = await june('09');
    const base =
      '/api/sub_accounts/getComprehensiveBalanceSheet?search_type=2&start_date=2026-09-01&end_date=2026-09-30';
    const whole = await get(c, base);
    expect(whole.data.length).toBeGreaterThan(5);
    const pageSize = 4;
    const pages = [];
    for (let page = 1; (page - 1) * pageSize < whole.count; page++) {
      const answer = await get(c, `${base}&page=${page}&pageSize=${pageSize}`);
      expect(answer).toMatchObject({ page, pageSize, total: whole.count, count: whole.count });
      expect(answer.data.length).toBeLessThanOrEqual(pageSize);
      for (const sum of ['total_debit', 'total_credit', 'difference', 'movement_debit', 'movement_credit'])
        expect(answer[sum], sum).toBe(whole[sum]);
      pages.push(...answer.data);
    }
    expect(pages).toEqual(whole.data);
    // Past the last page: no rows, and still the list's count and sums (the cards do not fall to zero).
    const past = await get(c, `${base}&page=${Math.ceil(whole.count / pageSize) + 1}&pageSize=${pageSize}`);
    expect(past).toMatchObject({ data: [], total: whole.count, total_debit: whole.total_debit });
    // Without a page, legacy clients get every account as before.
    expect(whole).toMatchObject({ page: 1, total: whole.count });
  });

  it('the cash book: each money account, and the cash box line by line to its closing balance', async () => {
    const { c, byRole } = await june('07');
    const book = await get(c, `/api/reports/cashBook?from=2026-07-01&to=2026-07-31&account_id=${byRole('cash_box')}`);
    const cash = book.accounts.find((a: { id: number }) => a.id === byRole('cash_box'));
    expect(cash).toMatchObject({ debit: '30.00', credit: '65.00' });
    expect(book.closing_balance).toBe(cash.closing_balance);
    expect(book.data.map((row: { debit: string; credit: string }) => [row.debit, row.credit])).toEqual([
      ['0.00', '40.00'],
      ['30.00', '0.00'],
      ['0.00', '25.00'],
    ]);
    expect(book.data.at(-1).running_balance).toBe(book.closing_balance);
    expect((await c.get(`/api/reports/cashBook?account_id=${byRole('sales')}`)).statusCode).toBe(404);
  });

  it('gross profit by item and by invoice from the kept costs', async () => {
    const { c, item, sale } = await june('08');
    const byItem = await get(c, '/api/reports/grossProfit?from=2026-08-01&to=2026-08-31&by=item');
    expect(byItem.data.find((row: { key: number }) => row.key === item.id)).toMatchObject({
      quantity: '1.000',
      revenue: '90.00',
      cost: '40.00',
      profit: '50.00',
      margin: '55.56',
    });
    const byInvoice = await get(c, '/api/reports/grossProfit?from=2026-08-01&to=2026-08-31&by=invoice');
    expect(byInvoice.data.find((row: { key: number }) => row.key === sale.pay_id)).toMatchObject({
      name: sale.pay_ref,
      revenue: '90.00',
      cost: '40.00',
      profit: '50.00',
    });
    expect(byInvoice.sums).toMatchObject({ revenue: '90.00', cost: '40.00', profit: '50.00' });
  });

  it('aged receivables: what is still owed, by days since it fell due', async () => {
    const { c, customer } = await june();
    const rowOf = async (asOf: string) =>
      (await get(c, `/api/reports/aging?as_of=${asOf}&pageSize=200`)).data.find(
        (row: { cust_id: number }) => row.cust_id === customer.id,
      );
    expect(await rowOf('2026-06-04')).toBeUndefined();
    expect(await rowOf('2026-06-30')).toMatchObject({ invoices: 1, d0_30: '60.00', total: '60.00' });
    expect(await rowOf('2026-08-01')).toMatchObject({ d0_30: '0.00', d31_60: '60.00' });
    expect(await rowOf('2026-09-01')).toMatchObject({ d61_90: '60.00' });
    expect(await rowOf('2026-12-31')).toMatchObject({ over_90: '60.00' });
    const payables = await get(c, '/api/reports/aging?side=payable&as_of=2026-06-30');
    expect(payables.data.every((row: { total: string }) => Number(row.total) > 0)).toBe(true);
  });

  it('the activity log: one Arabic sentence per action, newest first, searched and filtered; a legacy write', async () => {
    const { c, sale } = await june();
    const log = await get(c, '/api/logHistory/readAllByStore?pageSize=5');
    expect(log.data[0].text).toMatch(/^قام .+ بحفظ قيد محاسبي رقم SH-J-\d{6}$/);
    expect(log.total).toBeGreaterThan(3);
    const found = await get(c, `/api/logHistory/readAllByStore?search=${encodeURIComponent(sale.pay_ref)}`);
    expect(found.data.map((row: { text: string }) => row.text)).toEqual([
      expect.stringMatching(new RegExp(`بحفظ فاتورة مبيعات رقم ${sale.pay_ref}$`)),
    ]);
    const byWords = await get(c, `/api/logHistory/readAllByStore?search=${encodeURIComponent('فاتورة مبيعات')}`);
    expect(byWords.data.every((row: { typee: string }) => row.typee.endsWith('sales'))).toBe(true);
    const sales = await get(c, '/api/logHistory/readAllByStore?typee=insert%20sales');
    expect(sales.data.every((row: { typee: string }) => row.typee === 'insert sales')).toBe(true);

    const legacy = await c.request(
      'POST',
      '/api/logHistory/createMulti.php',
      JSON.stringify([{ id: 'NULL', typee: 'insert item', logToken: JSON.stringify({ item_name: 'سكر' }), yearId: 1 }]),
      { 'content-type': 'text/plain' },
    );
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().data[0].text).toMatch(/^قام .+ بإضافة صنف «سكر»$/);
    const foreign = await c.post('/api/logHistory/createMulti', [{ typee: 'login', logToken: '{}', store_id: 2 }]);
    expect(foreign.statusCode).toBe(403);
    const today = new Date().toISOString().slice(0, 10);
    const sinceToday = await get(c, `/api/logHistory/readByStore?from=${today}`);
    expect(sinceToday.data[0].text).toMatch(/«سكر»$/);
  });

  it('journal templates and their accounts', async () => {
    const c = await signedIn();
    const { byRole } = await accountsOf(1);
    const templates = (await get(c, '/api/j_type/readByStore.php?store_id=1')).data;
    const deposit = templates.find((t: { type_name: string }) => t.type_name === 'إيداع نقدية في البنك');
    expect(deposit).toMatchObject({ debitac_id: byRole('bank'), creditac_id: byRole('cash_box'), from_count: 1 });
    const accounts = (await get(c, '/api/j_typeDetails/readByStoreByRef?store_id=1')).data;
    expect(accounts.filter((a: { jType_id: number }) => a.jType_id === deposit.id)).toEqual([
      expect.objectContaining({ ac_id: byRole('bank'), type_ac: 'debit', sub_name: 'البنك' }),
      expect.objectContaining({ ac_id: byRole('cash_box'), type_ac: 'credit', sub_name: 'الخزينة' }),
    ]);
    expect((await c.get('/api/j_type/readByStore?store_id=2')).statusCode).toBe(403);
  });
});
