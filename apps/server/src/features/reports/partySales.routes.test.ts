import { addMoney, type Money, parseMoney, subtractMoney, toMoneyString } from '@mizan/contract';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures, vatRegisteredCompany } from '../trade/trade.fixtures.ts';

/**
 * Sales by customer and purchases by supplier (`reports/partySales`, issue 35 finding 9): each party's row is the
 * sum of its own documents of the period (its invoices less its returns, before VAT and with it), over a period that
 * crosses the year end (November 2025 to January 2026, years 2 and 1); the sums are the rows', the pages make the
 * whole list, and the .xlsx holds the same rows.
 */
describeEachDatabase('sales by customer and purchases by supplier', (ctx) => {
  const { signedIn } = tradeFixtures(ctx);
  const Y2025 = 2;
  const Y2026 = 1;
  type Doc = { cust_id: number; kind: string; taxTot: string; total_with_vat: string };

  const story = async (c: TestClient) => {
    expect(
      (
        await c.post('/api/company/update', {
          ...vatRegisteredCompany,
          vat_registered: true,
          prices_include_vat: false,
          vat_rate: '15',
        })
      ).statusCode,
    ).toBe(200);
    const party = async (ac_id: number, name: string) =>
      (await c.post('/api/sub_accounts/create', { ac_id, cat_id: ac_id, sub_name: `${name} ${Math.random()}` })).json()
        .data[0] as { id: number; sub_name: string };
    const [first, second, supplier] = [await party(1, 'عميل أ'), await party(1, 'عميل ب'), await party(2, 'مورد')];
    const item = (
      await c.post('/api/items/create', {
        item_name: `صنف ${Math.random()}`,
        perch_price: '40',
        pay_price: '100',
        tax: '15',
      })
    ).json().data[0];
    const saved: Doc[] = [];
    const save = async (path: string, yearId: number, body: object, counts = true) => {
      const res = await c.post(`${path}?yearId=${yearId}`, body);
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json().data[0];
      // A return's answer names no kind: its path does.
      if (counts) saved.push({ ...doc, kind: doc.kind ?? path.split('/')[2] });
      return doc;
    };
    const invoice = (cust_id: number, pay_date: string, yearId: number, quantity: string, discount = '0') => ({
      invoice: { cust_id, pay_date, discount, pay: '0', yearId },
      items: [{ item_id: item.id, quantity, perch_price: '40', pay_price: '100' }],
    });
    const bought = await save('/api/perch/createWithItems', Y2025, invoice(supplier.id, '2025-11-03', Y2025, '20'));
    const sold = await save('/api/pay/createWithItems', Y2025, invoice(first.id, '2025-11-10', Y2025, '3'));
    await save('/api/pay/createWithItems', Y2025, invoice(second.id, '2025-12-05', Y2025, '2', '12.5'));
    await save('/api/sales_returns/createWithItems', Y2026, {
      invoice: { original_pay_ref: sold.pay_ref, return_date: '2026-01-08', return_reason: 'تالف', yearId: Y2026 },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    await save('/api/purchase_returns/createWithItems', Y2026, {
      invoice: { original_pay_ref: bought.pay_ref, return_date: '2026-01-09', return_reason: 'تالف', yearId: Y2026 },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    const valueOnly = (cust_id: number, tot_pr: string) => ({
      cust_id,
      pay_date: '2026-01-20',
      tot_pr,
      discount: '0',
      pay: '0',
      value_only: true,
      yearId: Y2026,
    });
    await save('/api/pay/create', Y2026, valueOnly(first.id, '200'));
    await save('/api/perch/create', Y2026, valueOnly(supplier.id, '50'));
    // Not in the report: a preliminary invoice (not a sale yet) and a sale after the period.
    await save('/api/payinit/createWithItems', Y2026, invoice(first.id, '2026-01-15', Y2026, '1'), false);
    await save('/api/pay/createWithItems', Y2026, invoice(first.id, '2026-02-02', Y2026, '1'), false);
    return { first, second, supplier, saved };
  };

  /** A party's row as its own documents make it: its invoices less its returns, before VAT and with it. */
  const rowOf = (docs: Doc[], custId: number, refund: string) => {
    const own = docs.filter((d) => d.cust_id === custId);
    const m = (text: string) => parseMoney(text) ?? (0n as Money);
    const beforeVat = (d: Doc) => subtractMoney(m(d.total_with_vat), m(d.taxTot));
    const invoices = own.filter((d) => d.kind !== refund);
    const returns = own.filter((d) => d.kind === refund);
    const sum = (list: Doc[], of: (d: Doc) => Money) => addMoney(0n as Money, ...list.map(of));
    const sales = sum(invoices, beforeVat);
    const returned = sum(returns, beforeVat);
    const vat = subtractMoney(
      sum(invoices, (d) => m(d.taxTot)),
      sum(returns, (d) => m(d.taxTot)),
    );
    return {
      cust_id: custId,
      invoices: invoices.length,
      returns_count: returns.length,
      sales: toMoneyString(sales),
      returns: toMoneyString(returned),
      net: toMoneyString(subtractMoney(sales, returned)),
      vat: toMoneyString(vat),
      total: toMoneyString(addMoney(subtractMoney(sales, returned), vat)),
    };
  };
  const period = 'yearId=1&search_type=2&start_date=2025-11-01&end_date=2026-01-31';

  it('each row is the party’s own documents of the period, across the year end; the sums are the rows’', async () => {
    const c = await signedIn();
    const { first, second, supplier, saved } = await story(c);
    const sales = (await c.get(`/api/reports/partySales?${period}&side=sales&pageSize=200`)).json();
    expect([sales.start_date, sales.end_date]).toEqual(['2025-11-01', '2026-01-31']);
    for (const party of [first, second])
      expect(sales.data.find((r: { cust_id: number }) => r.cust_id === party.id)).toEqual({
        ...rowOf(saved, party.id, 'sales_returns'),
        sub_name: party.sub_name,
      });
    // The first customer: 3 × 100 (VAT 45.00), one returned (100.00, VAT 15.00), and 200.00 value only (VAT 30.00).
    expect(sales.data.find((r: { cust_id: number }) => r.cust_id === first.id)).toMatchObject({
      invoices: 2,
      returns_count: 1,
      sales: '500.00',
      returns: '100.00',
      net: '400.00',
      vat: '60.00',
      total: '460.00',
    });
    const purchases = (await c.get(`/api/reports/partySales?${period}&side=purchases&pageSize=200`)).json();
    expect(purchases.data.find((r: { cust_id: number }) => r.cust_id === supplier.id)).toEqual({
      ...rowOf(saved, supplier.id, 'purchase_returns'),
      sub_name: supplier.sub_name,
    });
    expect(purchases.data.find((r: { cust_id: number }) => r.cust_id === first.id)).toBeUndefined();
    // The sums are the rows' (every party of the period is on the page).
    for (const report of [sales, purchases]) {
      expect(report.total).toBe(report.data.length);
      for (const figure of ['sales', 'returns', 'net', 'vat', 'total'] as const)
        expect([figure, report.sums[figure]]).toEqual([
          figure,
          toMoneyString(
            addMoney(
              0n as Money,
              ...report.data.map((r: Record<string, string>) => parseMoney(r[figure] ?? '') ?? (0n as Money)),
            ),
          ),
        ]);
      expect(report.sums.invoices).toBe(report.data.reduce((n: number, r: { invoices: number }) => n + r.invoices, 0));
    }

    // Pages of one make the whole list, in the same order; a page past the last carries the count and sums.
    const pages = [];
    for (let page = 1; page <= sales.total; page++)
      pages.push(...(await c.get(`/api/reports/partySales?${period}&side=sales&pageSize=1&page=${page}`)).json().data);
    expect(pages).toEqual(sales.data);
    const past = (
      await c.get(`/api/reports/partySales?${period}&side=sales&pageSize=1&page=${sales.total + 1}`)
    ).json();
    expect([past.data, past.total, past.sums]).toEqual([[], sales.total, sales.sums]);
    // An empty period: nothing, and sums of zero.
    const empty = (await c.get('/api/reports/partySales?yearId=1&from=2026-10-01&to=2026-10-02')).json();
    expect([empty.total, empty.sums.total, empty.sums.invoices]).toEqual([0, '0.00', 0]);

    // The .xlsx: the title, the period, the header, then the rows.
    const exported = await c.get(`/api/reports/partySalesExport?${period}&side=sales`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    expect(values.slice(3).map((row) => row[0])).toEqual(sales.data.map((r: { sub_name: string }) => r.sub_name));
    expect(values.slice(3).map((row) => row[7])).toEqual(sales.data.map((r: { total: string }) => Number(r.total)));
  });
});
