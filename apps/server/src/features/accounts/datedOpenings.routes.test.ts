import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/**
 * Issue 35, finding 2: an account's opening balance is a dated posting (docs/accounting-years.md). It is dated the
 * day the account is taken on (the date given with it, else the day it is typed), counts in every report from that
 * day on and never before it, and is refused in a closed year like any other posting. The demo's years: 2 = 2025,
 * 1 = 2026.
 */
describeEachDatabase('opening balances are dated postings', (ctx) => {
  const { signedIn, balancesOffTheLedger } = tradeFixtures(ctx);
  const Y2025 = 2;
  const Y2026 = 1;

  const customer = (fields: Record<string, unknown>) => ({
    ac_id: 1,
    cat_id: 1,
    sub_name: `عميل ${Math.random()}`,
    ...fields,
  });
  const create = async (c: TestClient, fields: Record<string, unknown>) => {
    const res = await c.post('/api/sub_accounts/create', customer(fields));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0];
  };
  const read = async (c: TestClient, url: string) => {
    const res = await c.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const totalAssets = async (c: TestClient, asOf: string) =>
    (await read(c, `/api/reports/balanceSheet?as_of=${asOf}`)).data[0].total_assets as string;
  const agingOf = async (c: TestClient, asOf: string, id: number) =>
    (await read(c, `/api/reports/aging?as_of=${asOf}&pageSize=200`)).data.find(
      (row: { cust_id: number }) => row.cust_id === id,
    );
  const trialRow = async (c: TestClient, query: string, id: number) =>
    (await read(c, `/api/sub_accounts/getComprehensiveBalanceSheet?${query}`)).data.find(
      (row: { id: number }) => row.id === id,
    );
  const balanceIn = async (c: TestClient, id: number, yearId: number) =>
    (await read(c, `/api/sub_accounts/getAccountBalance?account_id=${id}&yearId=${yearId}`)).data[0];

  it('a customer taken on in December 2026 with 250.00 brought forward is not in 2025, and owes it from its day', async () => {
    const c = await signedIn();
    const [assets2025, assets2026] = [await totalAssets(c, '2025-12-31'), await totalAssets(c, '2026-12-31')];
    const taken = await create(c, { sub_balance: '250', opening_date: '2026-12-01' });
    expect(taken).toMatchObject({ sub_balance: '250.00', opening_date: '2026-12-01' });

    // The balance sheet of 31 December 2025 does not have it; that of 2026 does.
    expect(await totalAssets(c, '2025-12-31')).toBe(assets2025);
    expect(Number(await totalAssets(c, '2026-12-31')) - Number(assets2026)).toBe(250);
    // Nor 2025's aging; at the end of 2026 it is owed since 1 December (30 days).
    expect(await agingOf(c, '2025-12-31', taken.id)).toBeUndefined();
    expect(await agingOf(c, '2026-11-30', taken.id)).toBeUndefined();
    expect(await agingOf(c, '2026-12-31', taken.id)).toMatchObject({
      d0_30: '250.00',
      over_90: '0.00',
      total: '250.00',
    });

    // The party's balance: nothing in 2025, 250.00 in 2026.
    expect(await balanceIn(c, taken.id, Y2025)).toMatchObject({ current_balance: '0.00', balance_type: null });
    expect(await balanceIn(c, taken.id, Y2026)).toMatchObject({ current_balance: '250.00', balance_type: 'debit' });
    const listed = await read(
      c,
      `/api/sub_accounts/readWithBalance?yearId=${Y2025}&search=${encodeURIComponent(taken.sub_name)}`,
    );
    expect(listed.data[0]).toMatchObject({ id: taken.id, current_balance: '0.00', sub_balance: '250.00' });

    // The statement shows it on its date, as a line of its own; 2025's has nothing.
    const statement2026 = await read(
      c,
      `/api/sub_accounts/getStatementWithBalance?account_id=${taken.id}&year_id=${Y2026}`,
    );
    expect(statement2026).toMatchObject({ opening_balance: '0.00', closing_balance: '250.00', total: 1 });
    expect(statement2026.data[0]).toMatchObject({
      line_date: '2026-12-01',
      source_kind: 'sub_balance',
      source_id: taken.id,
      memo: 'رصيد افتتاحي',
      debit: '250.00',
      credit: '0.00',
      running_balance: '250.00',
    });
    const statement2025 = await read(
      c,
      `/api/sub_accounts/getStatementWithBalance?account_id=${taken.id}&year_id=${Y2025}`,
    );
    expect(statement2025).toMatchObject({ opening_balance: '0.00', closing_balance: '0.00', total: 0 });
    // A statement from the day itself opens with it: it is what the account brings into that day.
    const fromItsDay = await read(
      c,
      `/api/sub_accounts/getStatementWithBalance?account_id=${taken.id}&year_id=${Y2026}&search_type=2&start_date=2026-12-01&end_date=2026-12-31`,
    );
    expect(fromItsDay).toMatchObject({ opening_balance: '250.00', closing_balance: '250.00', total: 0 });

    // The trial balance: nothing in 2025; a movement of 2026 (it came in December, not at the year's start).
    expect(await trialRow(c, `year_id=${Y2025}`, taken.id)).toMatchObject({
      opening_balance: '0.00',
      debit: '0.00',
      current_balance: '0.00',
    });
    expect(await trialRow(c, `year_id=${Y2026}`, taken.id)).toMatchObject({
      opening_balance: '0.00',
      debit: '250.00',
      display_debit: '250.00',
    });
    for (const yearId of [Y2025, Y2026])
      expect((await read(c, `/api/sub_accounts/getComprehensiveBalanceSheet?year_id=${yearId}`)).difference).toBe(
        '0.00',
      );

    // The other side is on the opening-balance account's statement, the same day, naming the account.
    const openingAccount = (await read(c, '/api/sub_accounts/readAllStore?yearId=1')).data.find(
      (row: { role: string | null }) => row.role === 'opening_balance',
    );
    const otherSide = await read(
      c,
      `/api/sub_accounts/getStatementWithBalance?account_id=${openingAccount.id}&year_id=${Y2026}&search_type=2&start_date=2026-11-01&end_date=2026-12-31`,
    );
    expect(otherSide.data).toContainEqual(
      expect.objectContaining({
        line_date: '2026-12-01',
        source_kind: 'sub_balance',
        source_id: taken.id,
        credit: '250.00',
        memo: `رصيد افتتاحي: ${taken.sub_name}`,
      }),
    );
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('an opening dated on its year’s first day is that year’s opening in the trial balance and the statement', async () => {
    const c = await signedIn();
    const taken = await create(c, { sub_balance: '40', opening_date: '2026-01-01' });
    expect(await trialRow(c, `year_id=${Y2026}`, taken.id)).toMatchObject({
      opening_balance: '40.00',
      debit: '0.00',
      credit: '0.00',
      display_debit: '40.00',
    });
    expect(await trialRow(c, `year_id=${Y2025}`, taken.id)).toMatchObject({ current_balance: '0.00' });
    const statement = await read(
      c,
      `/api/sub_accounts/getStatementWithBalance?account_id=${taken.id}&year_id=${Y2026}`,
    );
    expect(statement).toMatchObject({ opening_balance: '40.00', closing_balance: '40.00', total: 0 });
    // Read from the year before, it is a line of 1 January.
    const across = await read(
      c,
      `/api/sub_accounts/getStatementWithBalance?account_id=${taken.id}&year_id=${Y2025}&search_type=2&start_date=2025-12-01&end_date=2026-01-31`,
    );
    expect(across).toMatchObject({ opening_balance: '0.00', closing_balance: '40.00', total: 1 });
    expect(across.data[0]).toMatchObject({ line_date: '2026-01-01', debit: '40.00' });
  });

  it('a legacy client’s opening, sent without a date, is dated the day it is typed; a date no year holds is refused', async () => {
    const c = await signedIn();
    const assets2025 = await totalAssets(c, '2025-12-31');
    const legacy = await c.post('/api23/sub_accounts/create.php', {
      id: null,
      ac_id: 1,
      cat_id: 1,
      cat_name: 'العملاء',
      sub_name: `عميل قديم ${Math.random()}`,
      sub_type: 'debit',
      sub_code: '',
      sub_balance: '75',
      store_id: 1,
      ac_behavior: 'debit',
      phone: '',
      address: '',
    });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().data[0]).toMatchObject({ sub_balance: '75.00', opening_date: today() });
    expect(await totalAssets(c, '2025-12-31')).toBe(assets2025);

    // A sub_balance of 0 has no date and posts nothing.
    const none = await create(c, { sub_balance: '0' });
    expect(none.opening_date).toBeNull();

    const outside = await c.post(
      '/api/sub_accounts/create',
      customer({ sub_balance: '10', opening_date: '2019-05-01' }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toMatchObject({ opening_date: 'OPENING_DATE_OUTSIDE_BOOK' });
  });

  it('a closed year refuses an opening dated in it, its change, its move and its account’s delete; its figures never move', async () => {
    const c = await signedIn();
    const held = await create(c, { sub_balance: '300', opening_date: '2025-03-01', phone: '0912000999' });
    const assets2025 = await totalAssets(c, '2025-12-31');
    const aging2025 = await agingOf(c, '2025-12-31', held.id);
    expect(aging2025).toMatchObject({ total: '300.00', over_90: '300.00' });
    expect((await c.post('/api/year/close', { yearId: Y2025 })).statusCode).toBe(200);
    try {
      const edit = (fields: Record<string, unknown>) =>
        c.post('/api/sub_accounts/update', { ...customer({}), sub_name: held.sub_name, id: held.id, ...fields });
      const refusals = [
        // Typed again without a date: it keeps its date, in the closed year.
        await edit({ sub_balance: '500' }),
        // Moved out of the closed year, or taken back to nothing: both change 2025.
        await edit({ sub_balance: '300', opening_date: '2026-01-05' }),
        await edit({ sub_balance: '0' }),
        // A new account's opening dated in it.
        await c.post('/api/sub_accounts/create', customer({ sub_balance: '100', opening_date: '2025-06-01' })),
        // Its account's delete takes the opening out of 2025.
        await c.post('/api/sub_accounts/delete', { id: held.id }),
      ];
      for (const res of refusals) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'YEAR_CLOSED' });
        expect(res.json().error.message).toContain('مقفلة');
      }
      expect(refusals[0]?.json().error.fields).toMatchObject({ opening_date: 'OPENING_YEAR_CLOSED' });

      // What does not touch the opening goes on: a new phone, the legacy client sending the opening as it was.
      const phone = await edit({ sub_balance: '300.00', phone: '0912000888' });
      expect(phone.statusCode, phone.body).toBe(200);
      expect(phone.json().data[0]).toMatchObject({
        phone: '0912000888',
        sub_balance: '300.00',
        opening_date: '2025-03-01',
      });
      // The case: 500.00 typed on a customer while 2025 is closed is dated today, in 2026.
      const typedNow = await create(c, { sub_balance: '500' });
      expect(typedNow.opening_date).toBe(today());

      expect(await totalAssets(c, '2025-12-31')).toBe(assets2025);
      expect(await agingOf(c, '2025-12-31', held.id)).toEqual(aging2025);
    } finally {
      expect((await c.post('/api/year/reopen', { yearId: Y2025 })).statusCode).toBe(200);
    }
    // Reopened, the change goes through and 2025 moves with it.
    const changed = await c.post('/api/sub_accounts/update', {
      ...customer({}),
      sub_name: held.sub_name,
      id: held.id,
      sub_balance: '500',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Number(await totalAssets(c, '2025-12-31')) - Number(assets2025)).toBe(200);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('opening stock is dated too (its year’s first day) and a closed year refuses its every change', async () => {
    const c = await signedIn('admin', 'admin123', 2);
    const item = await c.post(`/api/items/create?yearId=${Y2025}`, {
      item_name: `صنف أول المدة ${Math.random()}`,
      perch_price: '8',
      pay_price: '12',
      firstQuantity: '5',
      fq_year: Y2025,
    });
    expect(item.statusCode, item.body).toBe(200);
    const itemId = item.json().data[0].id;
    const lines = await ctx().database.db.execute<{ line_date: string; yearId: number }>(
      sql`select distinct line_date::text, "yearId" from ledger_line where source_kind = 'firstq' and store_id = 2`,
    );
    expect(lines.rows).toEqual([{ line_date: '2025-01-01', yearId: Y2025 }]);
    const assets = await totalAssets(c, '2025-12-31');
    expect((await c.post('/api/year/close', { yearId: Y2025 })).statusCode).toBe(200);
    try {
      const refusals = [
        await c.post(`/api/firstq/update?yearId=${Y2025}`, { item_id: itemId, quantity: '9', fq_year: Y2025 }),
        await c.post(`/api/firstq/deleteByStore?store_id=2&yearId=${Y2025}&fq_year=${Y2025}`),
        await c.post('/api/items/delete', { id: itemId }),
        await c.post(`/api/items/create?yearId=${Y2025}`, {
          item_name: `صنف آخر ${Math.random()}`,
          perch_price: '1',
          pay_price: '2',
          firstQuantity: '3',
          fq_year: Y2025,
        }),
      ];
      for (const res of refusals) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.code).toBe('YEAR_CLOSED');
      }
      expect(await totalAssets(c, '2025-12-31')).toBe(assets);
    } finally {
      expect((await c.post('/api/year/reopen', { yearId: Y2025 })).statusCode).toBe(200);
    }
  });

  it('a closed year refuses moving an account with lines in it to another class (it would move the year’s statements)', async () => {
    const c = await signedIn();
    const moved = await create(c, { sub_balance: '0' });
    const sales = (await read(c, '/api/sub_accounts/readAllStore?yearId=1')).data.find(
      (row: { role: string | null }) => row.role === 'sales',
    );
    const journal = await c.post(`/api/journal/createWithItems?yearId=${Y2025}`, {
      invoice: { j_date: '2025-10-10', j_type: 'قيد', yearId: Y2025 },
      items: [
        { ac_id: moved.id, debit: '70', credit: 0 },
        { ac_id: sales.id, debit: 0, credit: '70' },
      ],
    });
    expect(journal.statusCode, journal.body).toBe(200);
    const assets = await totalAssets(c, '2025-12-31');
    expect((await c.post('/api/year/close', { yearId: Y2025 })).statusCode).toBe(200);
    try {
      // To the expenses (profit and loss): 70.00 would leave 2025's balance sheet.
      const toExpenses = await c.post('/api/sub_accounts/update', {
        ...customer({}),
        id: moved.id,
        sub_name: moved.sub_name,
        ac_id: 3,
        cat_id: 3,
      });
      expect(toExpenses.statusCode, toExpenses.body).toBe(409);
      expect(toExpenses.json().error).toMatchObject({ code: 'YEAR_CLOSED', fields: { ac_id: 'CLASS_IN_CLOSED_YEAR' } });
      expect(await totalAssets(c, '2025-12-31')).toBe(assets);
      // Its other fields change as before.
      const renamed = await c.post('/api/sub_accounts/update', {
        ...customer({}),
        id: moved.id,
        sub_name: `${moved.sub_name} ب`,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    } finally {
      expect((await c.post('/api/year/reopen', { yearId: Y2025 })).statusCode).toBe(200);
    }
  });

  it('an account with an opening balance is deleted with its opening; nothing of it is left in the ledger', async () => {
    const c = await signedIn();
    const gone = await create(c, { sub_balance: '60', opening_date: '2026-02-01' });
    const usage = (await read(c, `/api/sub_accounts/checkUsage?account_id=${gone.id}`)).data[0];
    expect(usage).toMatchObject({ in_use: false, ledger_lines: 0 });
    expect((await c.post('/api/sub_accounts/delete', { id: gone.id })).statusCode).toBe(200);
    const left = await ctx().database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_line where source_kind = 'sub_balance' and source_id = ${gone.id}`,
    );
    expect(left.rows[0]?.n).toBe(0);
    for (const yearId of [Y2025, Y2026])
      expect((await read(c, `/api/sub_accounts/getComprehensiveBalanceSheet?year_id=${yearId}`)).difference).toBe(
        '0.00',
      );
    expect(await balancesOffTheLedger()).toEqual([]);
  });
});
