import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { stockMovement } from '../../db/schema.ts';
import { describeEachDatabase, multipartFile, type TestClient } from '../../test/testApp.ts';
import { openingColumns } from '../excel/itemSheet.rules.ts';
import { writeSheet, XLSX_TYPE } from '../excel/sheetValues.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/**
 * The accounting year end to end (demo: year 1 = 2026, the primary base `/api/`; year 2 = 2025, read and written
 * under `/api23/`). The year travels with the call; the base path alone never decides it. A year is a period of one
 * book (docs/accounting-years.md): documents and records belong to their year, stock and balances carry on.
 */
describeEachDatabase('the accounting year of every document', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const PRIOR = 2;
  const sale = (custId: number, itemId: number, pay_date: string, extra: object = {}) => ({
    invoice: { cust_id: custId, pay_date, discount: '0', pay: '0', ...extra },
    items: [{ item_id: itemId, quantity: '1', pay_price: '100' }],
  });
  const purchase = (supplierId: number, itemId: number, quantity: string, extra: object = {}) => ({
    invoice: { cust_id: supplierId, pay_date: '2025-06-01', discount: '0', pay: '0', ...extra },
    items: [{ item_id: itemId, quantity, perch_price: '80' }],
  });
  /** What moved in a year (its documents' movements): the stock at its end adds the years before it. */
  const stockIn = async (itemId: number, yearId: number) => {
    const [row] = await ctx()
      .database.db.select({ q: sql<string>`coalesce(sum(${stockMovement.quantity}), 0.000)::text` })
      .from(stockMovement)
      .where(and(eq(stockMovement.item_id, itemId), eq(stockMovement.yearId, yearId)));
    return row?.q;
  };
  const balanceIn = async (c: TestClient, accountId: number, yearId: number) =>
    (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${accountId}&yearId=${yearId}`)).json().data[0]
      .current_balance;
  /** An item with 10 in stock from 2025 on (its opening quantity, in the store's first year). */
  const setupPrior = async (c: TestClient) => {
    const parties = await setup(c, '0');
    const opening = await c.post('/api23/firstq/createf.php', {
      item_id: parties.item.id,
      quantity: '10',
      fq_year: PRIOR,
    });
    expect(opening.statusCode).toBe(200);
    return parties;
  };
  const refsOf = async (c: TestClient, url: string) =>
    (await c.get(url)).json().data.map((d: { pay_ref: string }) => d.pay_ref);

  it('a 2025 sale saved under /api23/ with yearId=2 lands in 2025: its stock, its record, not 2026', async () => {
    const c = await signedIn();
    const { item, customer } = await setupPrior(c);
    const res = await c.post(
      `/api23/pay/createWithItems.php?yearId=${PRIOR}`,
      sale(customer.id, item.id, '2025-03-10'),
    );
    expect(res.statusCode).toBe(200);
    const doc = res.json().data[0];
    expect(doc.yearId).toBe(PRIOR);
    expect(await stockIn(item.id, PRIOR)).toBe('9.000');
    expect(await stockIn(item.id, 1)).toBe('0.000');
    expect(await refsOf(c, `/api23/pay/getTopSales.php?yearId=${PRIOR}`)).toContain(doc.pay_ref);
    expect(await refsOf(c, '/api/pay/getTopSales.php')).not.toContain(doc.pay_ref);
    expect(await refsOf(c, '/api/pay/getTopSales.php?yearId=1')).not.toContain(doc.pay_ref);
  });

  it('under /api23/ a year-scoped call without a year is refused with 400 and an Arabic message, and saves nothing', async () => {
    const c = await signedIn();
    const { item, customer } = await setupPrior(c);
    const urls = [
      ['POST', '/api23/pay/createWithItems.php', sale(customer.id, item.id, '2025-03-10')],
      ['POST', '/api23/pay/create.php', { cust_id: customer.id, pay_date: '2025-03-10', tot_pr: '50' }],
      ['GET', '/api23/pay/getTopSales.php'],
      ['GET', '/api23/perch/paynotif.php'],
      ['GET', '/api23/pay_details/readAllByStore.php'],
      ['GET', `/api23/items/searchStock.php?search=${encodeURIComponent(item.item_name)}`],
      ['GET', '/api23/firstq/readByStore.php'],
      ['GET', `/api23/sub_accounts/getAccountBalance.php?account_id=${customer.id}`],
      ['GET', '/api23/sub_accounts/readWithBalance.php'],
      ['POST', '/api23/items/validateStockQuantity', { itemList: [{ item_id: item.id, quantity: '1' }] }],
    ] as const;
    for (const [method, url, body] of urls) {
      const res = await c.request(method, url, body);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().error).toMatchObject({
        code: 'YEAR_REQUIRED',
        message: expect.stringMatching(/السنة المالية/),
      });
    }
    expect(await stockIn(item.id, PRIOR)).toBe('10.000');
    expect(await stockIn(item.id, 1)).toBe('0.000');
  });

  it('under /api/ a call without a year means year 1 (2026), as the seed says', async () => {
    const c = await signedIn();
    const { item, customer } = await setupPrior(c);
    const res = await c.post('/api/pay/createWithItems.php', sale(customer.id, item.id, '2026-03-10'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].yearId).toBe(1);
    expect(await stockIn(item.id, 1)).toBe('-1.000');
    expect(await stockIn(item.id, PRIOR)).toBe('10.000');
    const unknown = await c.post('/api/pay/createWithItems.php?yearId=99', sale(customer.id, item.id, '2026-03-10'));
    expect(unknown.json().error.code).toBe('YEAR_NOT_FOUND');
  });

  it("a document's date lies inside its year, else 400 on pay_date", async () => {
    const c = await signedIn();
    const { item, customer } = await setupPrior(c);
    const in2026 = await c.post(`/api23/pay/createWithItems?yearId=${PRIOR}`, sale(customer.id, item.id, '2026-01-01'));
    expect(in2026.statusCode).toBe(400);
    expect(in2026.json().error).toMatchObject({
      code: 'DATE_OUTSIDE_YEAR',
      fields: { pay_date: 'DATE_OUTSIDE_YEAR' },
      message: expect.stringMatching(/خارج السنة المالية/),
    });
    const header = await c.post('/api/pay/create', { cust_id: customer.id, pay_date: '2025-12-31', tot_pr: '50' });
    expect(header.json().error.code).toBe('DATE_OUTSIDE_YEAR');
    expect(await stockIn(item.id, PRIOR)).toBe('10.000');
  });

  it('editing a 2025 purchase keeps it, its stock and the supplier balance in 2025; another year is refused', async () => {
    const c = await signedIn();
    const { item, supplier } = await setupPrior(c);
    const before = { prior: await balanceIn(c, supplier.id, PRIOR), current: await balanceIn(c, supplier.id, 1) };
    const created = (
      await c.post(`/api23/perch/createWithItems?yearId=${PRIOR}`, purchase(supplier.id, item.id, '5'))
    ).json().data[0];
    expect(created.yearId).toBe(PRIOR);
    expect(await stockIn(item.id, PRIOR)).toBe('15.000');

    const edited = await c.post(`/api23/perch/updateWithItems.php?yearId=${PRIOR}`, {
      invoice: { ...purchase(supplier.id, item.id, '7').invoice, pay_id: created.pay_id },
      items: purchase(supplier.id, item.id, '7').items,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({ yearId: PRIOR, pay_ref: created.pay_ref, tot_pr: '560.00' });
    expect(await stockIn(item.id, PRIOR)).toBe('17.000');
    expect(await stockIn(item.id, 1)).toBe('0.000');
    expect(Number(await balanceIn(c, supplier.id, PRIOR))).toBe(Number(before.prior) + 560);
    // The supplier's balance carries into 2026 (one book).
    expect(Number(await balanceIn(c, supplier.id, 1))).toBe(Number(before.current) + 560);

    // The same edit sent in 2026 (the primary base without a year) would move it: refused, nothing changes.
    const moved = await c.post('/api/perch/updateWithItems', {
      invoice: { ...purchase(supplier.id, item.id, '9', { pay_date: '2026-02-01' }).invoice, pay_id: created.pay_id },
      items: purchase(supplier.id, item.id, '9').items,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe('DOCUMENT_IN_OTHER_YEAR');
    const legacyMove = await c.post('/api/perch/update', {
      pay_id: created.pay_id,
      cust_id: supplier.id,
      pay_date: '2026-02-01',
      tot_pr: '1',
    });
    expect(legacyMove.json().error.code).toBe('DOCUMENT_IN_OTHER_YEAR');
    expect(await stockIn(item.id, PRIOR)).toBe('17.000');
    expect(await stockIn(item.id, 1)).toBe('0.000');
    expect(Number(await balanceIn(c, supplier.id, 1))).toBe(Number(before.current) + 560);
  });

  it('references never repeat across years, and deleteMultiServices for a 2025 reference never touches 2026', async () => {
    const c = await signedIn();
    const { item, customer } = await setupPrior(c);
    const prior = (
      await c.post(`/api23/pay/createWithItems?yearId=${PRIOR}`, sale(customer.id, item.id, '2025-05-05'))
    ).json().data[0];
    const current = (await c.post('/api/pay/createWithItems', sale(customer.id, item.id, '2026-05-05'))).json().data[0];
    expect(prior.pay_ref).not.toBe(current.pay_ref);
    const all = await ctx().database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select store_id, pay_ref from trade_document group by 1, 2 having count(*) > 1) d`,
    );
    expect(all.rows[0]?.n).toBe(0);

    // A 2025 reference asked for in 2026 is not found there; nothing is emptied.
    const wrongYear = await c.request('DELETE', `/api/pay_details/deleteMultiServices.php?pay_ref=${prior.pay_ref}`);
    expect(wrongYear.statusCode).toBe(404);
    const wrongYear23 = await c.request(
      'DELETE',
      `/api23/pay_details/deleteMultiServices.php?pay_ref=${current.pay_ref}&yearId=${PRIOR}`,
    );
    expect(wrongYear23.statusCode).toBe(404);
    const linesOf = async (payId: number) =>
      (await c.get(`/api/pay/readById?pay_id=${payId}`)).json().data[0].items.length;
    expect(await linesOf(current.pay_id)).toBe(1);
    expect(await linesOf(prior.pay_id)).toBe(1);

    const rightYear = await c.request(
      'DELETE',
      `/api23/pay_details/deleteMultiServices.php?pay_ref=${prior.pay_ref}&yearId=${PRIOR}`,
    );
    expect(rightYear.statusCode).toBe(200);
    expect(await linesOf(prior.pay_id)).toBe(0);
    expect(await linesOf(current.pay_id)).toBe(1);
    expect(await stockIn(item.id, PRIOR)).toBe('10.000');
    expect(await stockIn(item.id, 1)).toBe('-1.000');

    // Lines by reference are read in the year asked for.
    const lines = (url: string) => c.get(url).then((r) => r.json().data.length);
    expect(await lines(`/api/pay_details/readByStoreByRef?pay_ref=${current.pay_ref}`)).toBe(1);
    expect(await lines(`/api23/pay_details/readByStoreByRef?pay_ref=${current.pay_ref}&yearId=${PRIOR}`)).toBe(0);
  });

  it('records honour the year; notifications, stock, balances and openings carry into the next', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setupPrior(c);
    const before = { prior: await balanceIn(c, supplier.id, PRIOR), current: await balanceIn(c, supplier.id, 1) };
    const due = { nextPay: '2025-12-30', pay: '0' };
    const prior = (
      await c.post(`/api23/pay/createWithItems?yearId=${PRIOR}`, sale(customer.id, item.id, '2025-05-05', due))
    ).json().data[0];
    const current = (
      await c.post('/api/pay/createWithItems', sale(customer.id, item.id, '2026-05-05', { nextPay: '2026-12-30' }))
    ).json().data[0];
    const priorPurchase = (
      await c.post(`/api23/perch/createWithItems?yearId=${PRIOR}`, purchase(supplier.id, item.id, '3', due))
    ).json().data[0];

    // Trade: records and notifications.
    expect(await refsOf(c, `/api23/pay/paynotif?yearId=${PRIOR}`)).toContain(prior.pay_ref);
    expect(await refsOf(c, `/api23/pay/paynotif?yearId=${PRIOR}`)).not.toContain(current.pay_ref);
    // Last year's unpaid invoices are still due this year.
    expect(await refsOf(c, '/api/pay/paynotif')).toEqual(expect.arrayContaining([current.pay_ref, prior.pay_ref]));
    expect(await refsOf(c, `/api23/perch/paynotif?yearId=${PRIOR}`)).toContain(priorPurchase.pay_ref);
    expect(await refsOf(c, '/api/perch/paynotif')).toContain(priorPurchase.pay_ref);
    const twoDates = await refsOf(c, `/api23/pay/getSales2Date?yearId=${PRIOR}&from=2025-01-01&to=2026-12-31`);
    expect(twoDates).toContain(prior.pay_ref);
    expect(twoDates).not.toContain(current.pay_ref);

    // Items: stock at each year's end (2025: 10 − 1 + 3; 2026: 12 − 1).
    const stockRead = async (url: string) =>
      (await c.get(`${url}&search=${encodeURIComponent(item.item_name)}`)).json().data[0].quantity;
    expect(Number(await stockRead(`/api23/items/searchStock?yearId=${PRIOR}`))).toBe(12);
    expect(Number(await stockRead('/api/items/searchStock?x=1'))).toBe(11);

    // Accounts: the supplier is owed the 2025 purchase (3 × 80) in 2025, and still in 2026.
    const supplierBalance = async (url: string) => Number((await c.get(url)).json().data[0].current_balance);
    expect(
      await supplierBalance(`/api23/sub_accounts/getAccountBalance?account_id=${supplier.id}&year_id=${PRIOR}`),
    ).toBe(Number(before.prior) + 240);
    expect(await supplierBalance(`/api/sub_accounts/getAccountBalance?account_id=${supplier.id}`)).toBe(
      Number(before.current) + 240,
    );

    const listed = async (url: string) =>
      Number(
        (await c.get(`${url}&pageSize=100&search=${encodeURIComponent(supplier.sub_name)}`))
          .json()
          .data.find((account: { id: number }) => account.id === supplier.id).current_balance,
      );
    expect(await listed(`/api23/sub_accounts/readWithBalance?yearId=${PRIOR}`)).toBe(Number(before.prior) + 240);
    expect(await listed('/api/sub_accounts/readWithBalance?x=1')).toBe(Number(before.current) + 240);

    // Opening stock: typed in the first year; 2026 opens with what 2025 left (12, carried).
    const openings = async (url: string) =>
      (await c.get(url)).json().data.filter((row: { item_id: number }) => row.item_id === item.id);
    expect(
      await openings(
        `/api23/firstq/readByStore?fq_year=${PRIOR}&pageSize=100&search=${encodeURIComponent(item.item_name)}`,
      ),
    ).toEqual([expect.objectContaining({ quantity: '10.000', carried: false })]);
    expect(await openings(`/api/firstq/readByStore?pageSize=100&search=${encodeURIComponent(item.item_name)}`)).toEqual(
      [expect.objectContaining({ quantity: '12.000', carried: true })],
    );
  });

  it('opening quantities imported from Excel go to the year named (fq_year), and need one under /api23/; only to the first year', async () => {
    // In store 2: the sheet replaces the whole year's openings, and store 1's items sold in 2025 by the tests above
    // would rightly stop it (the stock check).
    const c = await signedIn('admin', 'admin123', 2);
    const { item } = await setup(c, '0');
    const code = `YR-${item.id}`;
    await c.post('/api/items/update', { ...item, part_no: code });
    const sheet = async () =>
      multipartFile(
        'avatar',
        'openings.xlsx',
        XLSX_TYPE,
        await writeSheet('Sheet1', Object.values(openingColumns), [[code, item.item_name, 6, '', '']]),
      );
    const refused = await c.upload('/api23/uploadXslFristq.php', await sheet());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('YEAR_REQUIRED');
    const applied = await c.upload(`/api23/uploadXslFristq.php?fq_year=${PRIOR}`, await sheet());
    expect(applied.statusCode).toBe(200);
    expect(await stockIn(item.id, PRIOR)).toBe('6.000');
    // 2026 opens with what 2025 left: a sheet of 2026 openings is refused, and nothing of it is written.
    const later = await c.upload('/api/uploadXslFristq.php?fq_year=1', await sheet());
    expect(later.statusCode).toBe(409);
    expect(later.json().error.code).toBe('OPENINGS_IN_FIRST_YEAR');
    expect(await stockIn(item.id, PRIOR)).toBe('6.000');
    expect(await stockIn(item.id, 1)).toBe('0.000');
  });
});
