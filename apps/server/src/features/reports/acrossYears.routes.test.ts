import { addMoney, type Money, parseMoney, toMoneyString } from '@mizan/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures } from '../journal/journal.fixtures.ts';
import { vatRegisteredCompany } from '../trade/trade.fixtures.ts';

/**
 * A report over a period that crosses the year end (issue 35, finding 4) reads that period, not one year of it: a
 * VAT quarter from November 2025 to January 2026 in a book of years 2025 (id 2) and 2026 (id 1, the demo's). Each
 * figure equals the sum of the two parts read inside each year, whichever year the request names.
 */
describeEachDatabase('reports across the year end', (ctx) => {
  const { signedIn, accountsOf } = journalFixtures(ctx);
  const Y2025 = 2;
  const Y2026 = 1;
  const cents = (...amounts: string[]) =>
    toMoneyString(addMoney(...amounts.map((a) => parseMoney(a) ?? (0n as Money))));

  /**
   * A VAT-registered shop: November 2025 a purchase of 10 at 80 (VAT 15 %: 120.00) and a sale of 3 at 100 (45.00);
   * December a sale of 2 (30.00) and rent of 25.00; January 2026 a sale of 1 (15.00), the return of one of December's
   * (−15.00), a purchase of 2 at 80 (24.00) and rent of 30.00.
   */
  const quarter = async () => {
    const c = await signedIn();
    const registered = await c.post('/api/company/update', {
      ...vatRegisteredCompany,
      vat_registered: true,
      prices_include_vat: false,
    });
    expect(registered.statusCode).toBe(200);
    const { byRole, byName } = await accountsOf(1);
    const customer = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل ${Math.random()}` })
    ).json().data[0];
    const supplier = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data[0];
    const item = (
      await c.post('/api/items/create', {
        item_name: `صنف ${Math.random()}`,
        perch_price: '80',
        pay_price: '100',
        tax: '15',
      })
    ).json().data[0];
    const save = async (path: string, yearId: number, invoice: object, items: object[]) => {
      const res = await c.post(`${path}?yearId=${yearId}`, { invoice: { yearId, ...invoice }, items });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data[0];
    };
    const rent = async (yearId: number, j_date: string, amount: string) => {
      const res = await c.post('/api/journal/createWithItems', {
        invoice: { j_date, j_type: 'سند دفع', j_details: 'إيجار', yearId },
        items: [
          { ac_id: byName('إيجار المحل'), debit: amount, credit: 0 },
          { ac_id: byRole('cash_box'), debit: 0, credit: amount },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const line = (quantity: string) => [{ item_id: item.id, quantity, pay_price: '100', perch_price: '80' }];
    const party = (cust_id: number, pay_date: string) => ({ cust_id, pay_date, discount: '0', pay: '0' });
    await save('/api/perch/createWithItems', Y2025, party(supplier.id, '2025-11-02'), line('10'));
    await save('/api/pay/createWithItems', Y2025, party(customer.id, '2025-11-10'), line('3'));
    const december = await save('/api/pay/createWithItems', Y2025, party(customer.id, '2025-12-15'), line('2'));
    await rent(Y2025, '2025-12-20', '25');
    await save('/api/pay/createWithItems', Y2026, party(customer.id, '2026-01-10'), line('1'));
    await save(
      '/api/sales_returns/createWithItems',
      Y2026,
      { original_pay_ref: december.pay_ref, return_date: '2026-01-12', return_reason: 'تالف' },
      [{ item_id: item.id, quantity: '1' }],
    );
    await save('/api/perch/createWithItems', Y2026, party(supplier.id, '2026-01-20'), line('2'));
    await rent(Y2026, '2026-01-25', '30');
    return { c, byRole, byName, customer, item };
  };
  const get = async (c: TestClient, url: string) => {
    const answer = await c.get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const range = (start: string, end: string, yearId: number) =>
    `year_id=${yearId}&search_type=2&start_date=${start}&end_date=${end}`;
  const across = (yearId: number) => range('2025-11-01', '2026-01-31', yearId);
  const firstPart = range('2025-11-01', '2025-12-31', Y2025);
  const secondPart = range('2026-01-01', '2026-01-31', Y2026);

  it('the VAT report of November to January is the two parts, and the documents’ VAT', async () => {
    const { c } = await quarter();
    const one = (await get(c, `/api/reports/vat?${firstPart}`)).sums;
    const two = (await get(c, `/api/reports/vat?${secondPart}`)).sums;
    for (const yearId of [Y2025, Y2026]) {
      const whole = await get(c, `/api/reports/vat?${across(yearId)}&pageSize=100`);
      expect(whole.sums).toEqual({
        output_vat: cents(one.output_vat, two.output_vat),
        input_vat: cents(one.input_vat, two.input_vat),
        net_vat: cents(one.net_vat, two.net_vat),
        output_taxable: cents(one.output_taxable, two.output_taxable),
        input_taxable: cents(one.input_taxable, two.input_taxable),
      });
      // The documents behind it add up to the ledger's VAT, both sides, and run from November to January.
      const vatOf = (side: string) =>
        cents(...whole.data.filter((r: { side: string }) => r.side === side).map((r: { vat: string }) => r.vat));
      expect(vatOf('output')).toBe(whole.sums.output_vat);
      expect(vatOf('input')).toBe(whole.sums.input_vat);
      expect(whole.data[0].pay_date >= '2025-11-01').toBe(true);
      expect(whole.data.at(-1).pay_date <= '2026-01-31').toBe(true);
    }
  });

  it('profit and loss of November to January is the two parts, whichever year the request names', async () => {
    const { c } = await quarter();
    const [one] = (await get(c, `/api/reports/profitAndLoss?${firstPart}`)).data;
    const [two] = (await get(c, `/api/reports/profitAndLoss?${secondPart}`)).data;
    const figures = [
      'sales',
      'returns',
      'discounts',
      'net_sales',
      'cost_of_sales',
      'gross_profit',
      'total_expenses',
      'net_profit',
    ] as const;
    const expenses = new Map<number, string>();
    for (const row of [...one.expenses, ...two.expenses] as { id: number; amount: string }[])
      expenses.set(row.id, cents(expenses.get(row.id) ?? '0', row.amount));
    for (const yearId of [Y2025, Y2026]) {
      const [whole] = (await get(c, `/api/reports/profitAndLoss?${across(yearId)}`)).data;
      expect([whole.start_date, whole.end_date]).toEqual(['2025-11-01', '2026-01-31']);
      for (const figure of figures) expect([figure, whole[figure]]).toEqual([figure, cents(one[figure], two[figure])]);
      expect(new Map((whole.expenses as { id: number; amount: string }[]).map((row) => [row.id, row.amount]))).toEqual(
        expenses,
      );
      // The same as a comparison column.
      const compared = (
        await get(
          c,
          `/api/reports/profitAndLoss?${secondPart}&compare_from=2025-11-01&compare_to=2026-01-31&yearId=${yearId}`,
        )
      ).data[1];
      expect(compared.net_profit).toBe(whole.net_profit);
    }
  });

  it('the trial balance of November to January: the periods’ movements added, opening on 1 November', async () => {
    const { c, byRole, byName, customer } = await quarter();
    type Row = {
      id: number;
      opening_balance: string;
      debit: string;
      credit: string;
      display_debit: string;
      display_credit: string;
    };
    const byId = (answer: { data: Row[] }) => new Map(answer.data.map((row) => [row.id, row]));
    const one = byId(await get(c, `/api/sub_accounts/getComprehensiveBalanceSheet?${firstPart}`));
    const two = byId(await get(c, `/api/sub_accounts/getComprehensiveBalanceSheet?${secondPart}`));
    for (const yearId of [Y2025, Y2026]) {
      const answer = await get(c, `/api/sub_accounts/getComprehensiveBalanceSheet?${across(yearId)}`);
      expect([answer.start_date, answer.end_date]).toEqual(['2025-11-01', '2026-01-31']);
      expect(answer.difference).toBe('0.00');
      const whole = byId(answer);
      for (const [id, row] of whole) {
        const first = one.get(id) as Row;
        const second = two.get(id) as Row;
        expect([id, row.opening_balance, row.debit, row.credit]).toEqual([
          id,
          first.opening_balance,
          cents(first.debit, second.debit),
          cents(first.credit, second.credit),
        ]);
      }
      // A balance-sheet account closes where January closes.
      for (const id of [customer.id, byRole('cash_box'), byRole('output_vat'), byRole('input_vat')]) {
        const row = whole.get(id) as Row;
        const second = two.get(id) as Row;
        expect([id, row.display_debit, row.display_credit]).toEqual([id, second.display_debit, second.display_credit]);
      }
      // A profit-and-loss account runs on from 1 November: its closing is November's opening and the movements.
      const rentId = byName('إيجار المحل');
      const january = two.get(rentId) as Row;
      expect((whole.get(rentId) as Row).display_debit).toBe(
        cents((one.get(rentId) as Row).display_debit, january.debit, `-${january.credit}`),
      );
    }
  });

  it('a profit-and-loss account’s statement of November to January holds the lines of both years', async () => {
    const { c, byRole } = await quarter();
    const statement = (query: string) =>
      get(c, `/api/sub_accounts/getStatementWithBalance?account_id=${byRole('sales')}&${query}&pageSize=200`);
    const one = await statement(firstPart);
    const two = await statement(secondPart);
    for (const yearId of [Y2025, Y2026]) {
      const whole = await statement(across(yearId));
      expect(whole).toMatchObject({
        start_date: '2025-11-01',
        end_date: '2026-01-31',
        opening_balance: one.opening_balance,
        total: one.total + two.total,
        total_debit: cents(one.total_debit, two.total_debit),
        total_credit: cents(one.total_credit, two.total_credit),
      });
      expect(whole.data.map((row: { id: number }) => row.id)).toEqual(
        [...one.data, ...two.data].map((row: { id: number }) => row.id),
      );
      expect(whole.closing_balance).toBe(whole.data.at(-1).running_balance);
    }
    // Its export holds the same lines.
    const exported = await c.get(`/api/reports/statementExport?account_id=${byRole('sales')}&${across(Y2026)}`);
    expect(exported.statusCode).toBe(200);
  });
});
