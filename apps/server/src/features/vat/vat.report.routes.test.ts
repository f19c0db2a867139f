import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

/** The VAT report through the HTTP layer: the ledger's VAT accounts and the documents behind them agree. */
describeEachDatabase('the VAT report', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);

  it('a period’s output, input and net VAT with its documents, paged, and the same as .xlsx', async () => {
    const c = await signedIn();
    const registered = await c.post('/api/company/update', {
      arName: 'مؤسسة ميزان',
      engName: 'Mizan',
      country_code: 'SA',
      vatNo: '300123456700003',
      currency_code: 'SAR',
      currency_symbol: 'ر.س',
      currency_decimals: 2,
      vat_registered: true,
      prices_include_vat: false,
    });
    expect(registered.statusCode).toBe(200);
    const { customer, supplier } = await setup(c);
    const item = (
      await c.post('/api/items/create', {
        item_name: 'صنف خاضع',
        perch_price: '80',
        pay_price: '100',
        tax: '15',
        firstQuantity: '10',
      })
    ).json().data[0];
    const exempt = (
      await c.post('/api/items/create', { item_name: 'صنف معفى', perch_price: '5', pay_price: '9', tax: '0' })
    ).json().data[0];
    const save = async (path: string, body: object) => {
      const res = await c.post(path, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data[0];
    };
    // March: a sale of 3 (VAT 45.00), one returned (−15.00), a purchase of 5 at 80 (VAT 60.00), one returned
    // (−12.00), and an exempt purchase (no VAT: not behind the report). April: a sale outside the period.
    const sold = await save('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '3' }],
    });
    await save('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sold.pay_ref, return_date: '2026-03-11', return_reason: 'تالف' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    const bought = await save('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-03-12', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '5', perch_price: '80' }],
    });
    await save('/api/purchase_returns/createWithItems', {
      invoice: { original_pay_ref: bought.pay_ref, return_date: '2026-03-13', return_reason: 'تالف' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    await save('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-03-14', discount: '0', pay: '0' },
      items: [{ item_id: exempt.id, quantity: '5', perch_price: '5' }],
    });
    await save('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-04-01', discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '1' }],
    });

    const march = 'year_id=1&search_type=2&start_date=2026-03-01&end_date=2026-03-31';
    const report = (await c.get(`/api/reports/vat?${march}&pageSize=3`)).json();
    expect(report.sums).toEqual({
      output_vat: '30.00',
      input_vat: '48.00',
      net_vat: '-18.00',
      output_taxable: '200.00',
      input_taxable: '320.00',
    });
    expect(report.total).toBe(4);
    expect(
      report.data.map((r: { kind: string; side: string; taxable: string; vat: string }) => [
        r.kind,
        r.side,
        r.taxable,
        r.vat,
      ]),
    ).toEqual([
      ['pay', 'output', '300.00', '45.00'],
      ['sales_returns', 'output', '-100.00', '-15.00'],
      ['perch', 'input', '400.00', '60.00'],
    ]);
    const second = (await c.get(`/api/reports/vat?${march}&pageSize=3&page=2`)).json();
    expect(second.data.map((r: { kind: string; vat: string }) => [r.kind, r.vat])).toEqual([
      ['purchase_returns', '-12.00'],
    ]);
    // The whole year: April's sale too.
    expect((await c.get('/api/reports/vat?year_id=1')).json().sums.output_vat).toBe('45.00');

    const exported = await c.get(`/api/reports/vatExport?${march}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    // Two title lines, the header, then the four documents: before VAT, VAT, total.
    expect(values.slice(3).map((row) => row.slice(4))).toEqual([
      [300, 45, 345],
      [-100, -15, -115],
      [400, 60, 460],
      [-80, -12, -92],
    ]);
  });
});
