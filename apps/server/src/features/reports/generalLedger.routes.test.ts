import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/**
 * The general ledger (issue 35, finding 9): every account that opened with a balance or moved in the period, each
 * as its opening, its statement's lines with their running balance and its closing, exported as .xlsx; the trial
 * balance's `has_movement` lists the same accounts. Each account's block is its own statement, and the lines of all
 * blocks balance (Σ debit = Σ credit).
 */
describeEachDatabase('the general ledger', (ctx) => {
  const { signedIn } = tradeFixtures(ctx);
  type TrialRow = { id: number; sub_name: string; sub_code: string | null; opening_balance: string; debit: string };

  const sheetOf = async (c: TestClient, path: string) => {
    const exported = await c.get(path);
    expect(exported.statusCode, path).toBe(200);
    expect(exported.headers['content-disposition']).toContain('general-ledger.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    return values;
  };
  const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

  it("lists each moved account's opening, lines and closing, as its statement and the trial balance say", async () => {
    const c = await signedIn();
    const customer = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: `عميل الأستاذ ${Math.random()}` })
    ).json().data[0] as { id: number };
    const item = (
      await c.post('/api/items/create', {
        item_name: `صنف الأستاذ ${Math.random()}`,
        perch_price: '40',
        pay_price: '100',
        firstQuantity: '10',
      })
    ).json().data[0] as { id: number };
    for (const [date, pay] of [
      ['2026-05-03', '100'],
      ['2026-05-20', '0'],
    ] as const)
      expect(
        (
          await c.post('/api/pay/createWithItems', {
            invoice: { cust_id: customer.id, pay_date: date, discount: '0', pay },
            items: [{ item_id: item.id, quantity: '2', pay_price: '100' }],
          })
        ).statusCode,
      ).toBe(200);
    const period = 'search_type=2&start_date=2026-05-01&end_date=2026-05-31';

    const trial = (await c.get(`/api/sub_accounts/getComprehensiveBalanceSheet?${period}&has_movement=1`)).json();
    const all = (await c.get(`/api/sub_accounts/getComprehensiveBalanceSheet?${period}`)).json();
    const moved = trial.data as TrialRow[];
    expect(moved.length).toBeLessThan(all.data.length);
    for (const row of all.data as (TrialRow & { credit: string })[]) {
      const hasFigures = [row.opening_balance, row.debit, row.credit].some((v) => Number(v) !== 0);
      expect(
        moved.some((m) => m.id === row.id),
        row.sub_name,
      ).toBe(hasFigures);
    }
    expect(moved.some((row) => row.id === customer.id)).toBe(true);

    const values = await sheetOf(c, `/api/reports/generalLedgerExport?${period}`);
    // Two title lines and the header; then each account: its opening row, its lines, its closing row.
    expect(values[2]?.slice(0, 8)).toEqual([
      'الحساب',
      'التاريخ',
      'المستند',
      'المرجع',
      'البيان',
      'مدين',
      'دائن',
      'الرصيد',
    ]);
    const body = values.slice(3);
    const openings = body.filter((row) => row[4] === 'الرصيد الافتتاحي');
    expect(openings.map((row) => row[0])).toEqual(moved.map((row) => `${row.sub_code ?? ''} ${row.sub_name}`.trim()));
    const lines = body.filter((row) => row[1] !== undefined && row[1] !== null);
    // The lines of every account: a ledger balances.
    expect(lines.reduce((sum, row) => sum + cents(row[5]), 0)).toBe(lines.reduce((sum, row) => sum + cents(row[6]), 0));

    // The customer's block is its statement: 200.00 sold and 100.00 paid on 3 May, 200.00 on 20 May.
    const name = openings.find((row) => String(row[0]).includes('عميل الأستاذ'))?.[0];
    const block = body.filter((row) => row[0] === name);
    const statement = (
      await c.get(`/api/sub_accounts/getStatementWithBalance?account_id=${customer.id}&${period}&pageSize=100`)
    ).json();
    expect(block.slice(1, -1).map((row) => [row[1], cents(row[5]), cents(row[6]), cents(row[7])])).toEqual(
      statement.data.map((line: { line_date: string; debit: string; credit: string; running_balance: string }) => [
        line.line_date,
        cents(line.debit),
        cents(line.credit),
        cents(line.running_balance),
      ]),
    );
    expect(block.at(-1)?.slice(4)).toEqual(['الإجمالي والرصيد الختامي', 400, 100, 300]);
    expect(cents(block.at(-1)?.[7])).toBe(cents(statement.closing_balance));
  });
});
