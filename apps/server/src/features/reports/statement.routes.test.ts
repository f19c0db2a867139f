import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures } from '../journal/journal.fixtures.ts';

/**
 * An account's statement (`sub_accounts/getStatementWithBalance`) through the HTTP layer. The demo's years: 2 = 2025,
 * 1 = 2026. A customer owes 100.00 from December 2025, pays 150.00 on 5 January (50.00 in credit: the balance
 * crosses zero) and buys for 70.00 on 1 February (owing 20.00 again).
 */
describeEachDatabase('account statement', (ctx) => {
  const { signedIn, accountsOf } = journalFixtures(ctx);
  const Y2025 = 2;
  const Y2026 = 1;

  const customerStory = async () => {
    const c = await signedIn();
    const { byRole } = await accountsOf(1);
    const customer = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل ${Math.random()}` })
    ).json().data[0];
    const journal = async (yearId: number, j_date: string, debit: number, credit: number, amount: string) => {
      const saved = await c.post(`/api/journal/createWithItems?yearId=${yearId}`, {
        invoice: { j_date, j_type: 'قيد', yearId },
        items: [
          { ac_id: debit, debit: amount, credit: 0 },
          { ac_id: credit, debit: 0, credit: amount },
        ],
      });
      expect(saved.statusCode).toBe(200);
      return saved.json().data[0];
    };
    await journal(Y2025, '2025-12-20', customer.id, byRole('sales'), '100');
    const receipt = await journal(Y2026, '2026-01-05', byRole('cash_box'), customer.id, '150');
    const item = (
      await c.post('/api/items/create', { item_name: `صنف ${Math.random()}`, perch_price: '40', pay_price: '70' })
    ).json().data[0];
    const opening = { item_id: item.id, quantity: '5', perch_price: '40', fq_year: Y2025 };
    expect((await c.post('/api23/firstq/createf.php', opening)).statusCode).toBe(200);
    const sale = await c.post('/api/pay/createWithItems?yearId=1', {
      invoice: { cust_id: customer.id, pay_date: '2026-02-01', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '70' }],
    });
    expect(sale.statusCode).toBe(200);
    return { c, customer, receipt, sale: sale.json().data[0] };
  };

  const statement = async (c: TestClient, query: string) => {
    const answer = await c.get(`/api/sub_accounts/getStatementWithBalance?${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const running = (rows: { running_balance: string; balance: string; balance_type: string | null }[]) =>
    rows.map((row) => [row.running_balance, row.balance, row.balance_type]);

  it('opens with what earlier years left and runs right across zero to the account balance', async () => {
    const { c, customer, receipt, sale } = await customerStory();
    const year2026 = await statement(c, `account_id=${customer.id}&year_id=${Y2026}`);
    expect(year2026).toMatchObject({
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      opening_balance: '100.00',
      opening_balance_type: 'debit',
      total_debit: '70.00',
      total_credit: '150.00',
      closing_balance: '20.00',
      closing_balance_type: 'debit',
      current_balance: '20.00',
      balance_status: 'debit',
      total: 2,
      pagination: { total_count: 2, has_more: false },
      account: { id: customer.id, sub_type: 'debit' },
    });
    expect(running(year2026.data)).toEqual([
      ['-50.00', '50.00', 'credit'],
      ['20.00', '20.00', 'debit'],
    ]);
    expect(
      year2026.data.map((row: { source_kind: string; reference: string }) => [row.source_kind, row.reference]),
    ).toEqual([
      ['journal', receipt.j_ref],
      ['pay', sale.pay_ref],
    ]);
    expect(year2026.data[0]).toMatchObject({ j_type: 'قيد', source_id: receipt.j_id, credit: '150.00' });
    expect(year2026.data[1]).toMatchObject({ source_type: 'sales', source_id: sale.pay_id, debit: '70.00' });
    expect(year2026.transactions).toEqual(year2026.data);

    // The closing balance is the account's balance and its trial balance line.
    const balance = (
      await c.get(`/api/sub_accounts/getAccountBalance?account_id=${customer.id}&yearId=${Y2026}`)
    ).json().data[0];
    expect([balance.current_balance, balance.balance_type]).toEqual(['20.00', 'debit']);
    const trial = (await c.get(`/api/sub_accounts/getComprehensiveBalanceSheet?year_id=${Y2026}`)).json();
    expect(trial.data.find((row: { id: number }) => row.id === customer.id)).toMatchObject({
      opening_balance: '100.00',
      debit: '70.00',
      credit: '150.00',
      display_debit: '20.00',
      display_credit: '0.00',
      balance_status: 'debit',
    });
    expect(trial.difference).toBe('0.00');
    expect(trial.total_debit).toBe(trial.total_credit);

    // 2025 ends owing 100.00.
    const year2025 = await statement(c, `account_id=${customer.id}&yearId=${Y2025}`);
    expect(year2025).toMatchObject({ opening_balance: '0.00', closing_balance: '100.00', total: 1 });
  });

  it('a range across the two years runs on from the first line; page 2 continues page 1', async () => {
    const { c, customer } = await customerStory();
    const base = `account_id=${customer.id}&year_id=${Y2026}&search_type=2&start_date=2025-12-01&end_date=2026-12-31`;
    const whole = await statement(c, base);
    expect(whole).toMatchObject({ opening_balance: '0.00', closing_balance: '20.00', total: 3 });
    expect(running(whole.data)).toEqual([
      ['100.00', '100.00', 'debit'],
      ['-50.00', '50.00', 'credit'],
      ['20.00', '20.00', 'debit'],
    ]);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await statement(c, `${base}&page=${page}&limit=1`)).data);
    expect(running(pages)).toEqual(running(whole.data));
    const second = await statement(c, `${base}&page=2&pageSize=2`);
    expect(second).toMatchObject({ page: 2, pageSize: 2, pagination: { has_more: false } });
    expect(running(second.data)).toEqual([['20.00', '20.00', 'debit']]);

    // One day, and a range that starts inside the year: the opening is everything before it.
    const day = await statement(c, `account_id=${customer.id}&search_type=1&start_date=2026-01-05`);
    expect(day).toMatchObject({ opening_balance: '100.00', closing_balance: '-50.00', closing_balance_type: 'credit' });
    const after = await statement(
      c,
      `account_id=${customer.id}&search_type=2&start_date=2026-01-06&end_date=2026-03-01`,
    );
    expect(after).toMatchObject({ opening_balance: '-50.00', opening_balance_type: 'credit', total: 1 });
  });

  it('a sales account starts each year at zero, and a range across the year end runs on through it; refusals', async () => {
    const { c } = await customerStory();
    const { byRole } = await accountsOf(1);
    const sales = byRole('sales');
    const year2026 = await statement(c, `account_id=${sales}&year_id=${Y2026}`);
    expect(year2026.opening_balance).toBe('0.00');
    expect(year2026.data.every((row: { line_date: string }) => row.line_date >= '2026-01-01')).toBe(true);
    const balance = (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${sales}&yearId=${Y2026}`)).json()
      .data[0];
    expect(year2026.closing_balance.replace('-', '')).toBe(balance.current_balance);
    // December to December: read as asked (issue 35, finding 4), opening with 2025's sales before 1 December, its
    // lines of both years, whichever year the request names.
    for (const yearId of [Y2026, Y2025]) {
      const across = await statement(
        c,
        `account_id=${sales}&year_id=${yearId}&search_type=2&start_date=2025-12-01&end_date=2026-12-31`,
      );
      const before = await statement(
        c,
        `account_id=${sales}&year_id=${Y2025}&search_type=2&start_date=2025-01-01&end_date=2025-11-30`,
      );
      const december = await statement(
        c,
        `account_id=${sales}&year_id=${Y2025}&search_type=2&start_date=2025-12-01&end_date=2025-12-31`,
      );
      expect([across.start_date, across.end_date]).toEqual(['2025-12-01', '2026-12-31']);
      expect(across.opening_balance).toBe(before.closing_balance);
      expect(across.total).toBe(december.total + year2026.total);
    }

    const reversed = await c.get(
      `/api/sub_accounts/getStatementWithBalance?account_id=${sales}&search_type=2&start_date=2026-03-02&end_date=2026-03-01`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.code).toBe('DATE_RANGE_REVERSED');
    const other = await accountsOf(2);
    const foreign = await c.get(`/api/sub_accounts/getStatementWithBalance?account_id=${other.byRole('cash_box')}`);
    expect(foreign.statusCode).toBe(404);
    expect((await c.get(`/api/sub_accounts/getStatementWithBalance?account_id=${sales}&store_id=2`)).statusCode).toBe(
      403,
    );
    expect((await c.get('/api23/sub_accounts/getStatementWithBalance.php?account_id=1')).statusCode).toBe(400);
  });

  it('the statement as .xlsx: every line with its running balance, read once page by page', async () => {
    const { c, customer } = await customerStory();
    const exported = await c.get(
      `/api/reports/statementExport?account_id=${customer.id}&year_id=${Y2026}&search_type=2&start_date=2025-12-01&end_date=2026-12-31`,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values: unknown[][] = [];
    sheet?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    // Two title lines, the header, then the lines: debit, credit, running balance.
    expect(values.slice(3).map((row) => row.slice(4))).toEqual([
      [100, 0, 100],
      [0, 150, -50],
      [70, 0, 20],
    ]);
    const trial = await c.get(`/api/reports/trialBalanceExport?year_id=${Y2026}&segment=customers`);
    expect(trial.statusCode).toBe(200);
    for (const report of [
      'profitAndLossExport',
      'balanceSheetExport',
      'cashBookExport',
      'grossProfitExport',
      'agingExport',
      'activityExport',
    ])
      expect((await c.get(`/api/reports/${report}`)).statusCode, report).toBe(200);
  });
});
