import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures, vatRegisteredCompany } from '../trade/trade.fixtures.ts';

/**
 * A value-only invoice of a VAT-registered shop (issue 35, finding 3) takes a VAT rate, the company's standard rate
 * (`vat_rate`) unless another is typed (0 allowed), and posts its VAT to output or input VAT as a line does; its edits
 * keep its rate and terms; the VAT report counts it.
 */
describeEachDatabase('VAT on value-only invoices', (ctx) => {
  const { signedIn, setup, balancesOffTheLedger } = tradeFixtures(ctx);

  const register = async (c: TestClient, settings: { prices_include_vat?: boolean; vat_rate?: string } = {}) => {
    const res = await c.post('/api/company/update', {
      ...vatRegisteredCompany,
      vat_registered: true,
      prices_include_vat: false,
      vat_rate: '15',
      ...settings,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0];
  };
  const roleAccount = async (role: string) =>
    (
      await ctx().database.db.execute<{ id: number }>(
        sql`select id from sub_accounts where store_id = 1 and role = ${role}`,
      )
    ).rows[0]?.id as number;
  /** What a document posted to an account, debit − credit. */
  const posted = async (kind: string, payId: number, accountId: number) =>
    (
      await ctx().database.db.execute<{ b: string }>(sql`
        select coalesce(sum(debit - credit), 0)::numeric(20, 2)::text as b from ledger_line
        where source_kind = ${kind} and source_id = ${payId} and account_id = ${accountId}`)
    ).rows[0]?.b;
  const unbalanced = async () =>
    (
      await ctx().database.db.execute(
        sql`select source_kind, source_id from ledger_line group by 1, 2 having sum(debit) <> sum(credit)`,
      )
    ).rows;
  const valueOnly = async (c: TestClient, kind: 'pay' | 'perch', body: Record<string, unknown>, payId?: number) => {
    const res = await c.post(`/api/${kind}/${payId === undefined ? 'create' : 'update'}`, {
      pay_date: '2026-05-10',
      discount: '0',
      pay: '0',
      value_only: true,
      ...(payId === undefined ? {} : { pay_id: payId }),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0];
  };

  it('a sale takes the company’s standard rate and posts its VAT to output VAT; a typed rate, and 0, too', async () => {
    const c = await signedIn();
    const company = await register(c);
    expect(company.vat_rate).toBe('15.00');
    const { customer } = await setup(c);
    const sale = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '200', discount: '20' });
    expect(sale).toMatchObject({
      value_only: true,
      vat_rate: '15.00',
      tot_pr: '200.00',
      taxTot: '27.00',
      total_with_vat: '207.00',
      changee: '207.00',
      vat_charged: true,
      vat_included: false,
    });
    expect(await posted('pay', sale.pay_id, await roleAccount('output_vat'))).toBe('-27.00');
    expect(await posted('pay', sale.pay_id, await roleAccount('sales'))).toBe('-200.00');
    expect(await posted('pay', sale.pay_id, customer.id)).toBe('207.00');

    const five = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '100', vat_rate: '5' });
    expect([five.vat_rate, five.taxTot, five.total_with_vat]).toEqual(['5.00', '5.00', '105.00']);
    const exempt = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '100', vat_rate: '0' });
    expect([exempt.vat_rate, exempt.taxTot, exempt.total_with_vat]).toEqual(['0.00', '0.00', '100.00']);
    expect(await posted('pay', exempt.pay_id, await roleAccount('output_vat'))).toBe('0.00');
    const refused = await c.post('/api/pay/create', {
      cust_id: customer.id,
      pay_date: '2026-05-10',
      tot_pr: '100',
      value_only: true,
      vat_rate: '101',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.vat_rate).toBeDefined();

    // The company's standard rate is a setting: a new value-only invoice takes the one of the day.
    expect((await register(c, { vat_rate: '10' })).vat_rate).toBe('10.00');
    const ten = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '100' });
    expect([ten.vat_rate, ten.taxTot]).toEqual(['10.00', '10.00']);
    await register(c, { vat_rate: '15' });
    expect(await unbalanced()).toEqual([]);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a purchase’s input VAT is reclaimed: input VAT debited, the supplier owed the total with VAT', async () => {
    const c = await signedIn();
    await register(c);
    const { supplier } = await setup(c);
    const bought = await valueOnly(c, 'perch', { cust_id: supplier.id, tot_pr: '100', pay: '50' });
    expect(bought).toMatchObject({ vat_rate: '15.00', taxTot: '15.00', total_with_vat: '115.00', changee: '65.00' });
    expect(await posted('perch', bought.pay_id, await roleAccount('input_vat'))).toBe('15.00');
    expect(await posted('perch', bought.pay_id, await roleAccount('purchases'))).toBe('100.00');
    expect(await posted('perch', bought.pay_id, supplier.id)).toBe('-65.00');
    expect(await unbalanced()).toEqual([]);
    // A return takes back goods (lines): a value-only invoice has none to return, so its VAT cannot leak through one.
    const { item } = await setup(c);
    const returned = await c.post('/api/purchase_returns/createWithItems', {
      invoice: { original_pay_ref: bought.pay_ref, return_date: '2026-05-11', return_reason: 'تالف' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(returned.statusCode).toBeGreaterThanOrEqual(400);
    expect(await posted('perch', bought.pay_id, await roleAccount('input_vat'))).toBe('15.00');
  });

  it('prices that include VAT: the VAT is within the typed total', async () => {
    const c = await signedIn();
    await register(c, { prices_include_vat: true });
    const { customer, supplier } = await setup(c);
    const sale = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '115' });
    expect(sale).toMatchObject({ taxTot: '15.00', total_with_vat: '115.00', vat_included: true });
    expect(await posted('pay', sale.pay_id, await roleAccount('sales'))).toBe('-100.00');
    // Purchase prices are before VAT, whatever the setting.
    const bought = await valueOnly(c, 'perch', { cust_id: supplier.id, tot_pr: '100' });
    expect(bought).toMatchObject({ taxTot: '15.00', total_with_vat: '115.00', vat_included: false });
    await register(c);
  });

  it('an edit keeps its rate and terms when it does not name a rate, whatever the settings now; a typed one changes it', async () => {
    const c = await signedIn();
    await register(c);
    const { customer } = await setup(c);
    const sale = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '200' });
    await register(c, { vat_rate: '5', prices_include_vat: true });
    // A payment recorded on it (the screen saves its header again, without a rate): 15 % on top, as issued.
    const paid = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '200', pay: '230' }, sale.pay_id);
    expect(paid).toMatchObject({ vat_rate: '15.00', taxTot: '30.00', total_with_vat: '230.00', changee: '0.00' });
    const retyped = await valueOnly(
      c,
      'pay',
      { cust_id: customer.id, tot_pr: '200', pay: '0', vat_rate: '0' },
      sale.pay_id,
    );
    expect(retyped).toMatchObject({ vat_rate: '0.00', taxTot: '0.00', total_with_vat: '200.00' });
    expect(await posted('pay', sale.pay_id, await roleAccount('output_vat'))).toBe('0.00');
    await register(c);
    expect(await unbalanced()).toEqual([]);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a preliminary value-only invoice converted to a final one keeps the rate typed on it', async () => {
    const c = await signedIn();
    await register(c);
    const { customer } = await setup(c);
    const draft = await c.post('/api/payinit/create', {
      cust_id: customer.id,
      pay_date: '2026-05-10',
      tot_pr: '100',
      value_only: true,
      vat_rate: '5',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data[0]).toMatchObject({ vat_rate: '5.00', taxTot: '5.00' });
    const final = await c.post('/api/payinit/convertToFinal', { pay_id: draft.json().data[0].pay_id });
    expect(final.statusCode, final.body).toBe(200);
    const sale = final.json().data[0];
    expect(sale).toMatchObject({ kind: 'pay', value_only: true, vat_rate: '5.00', taxTot: '5.00' });
    expect(await posted('pay', sale.pay_id, await roleAccount('output_vat'))).toBe('-5.00');
  });

  it('a company not registered charges none; the VAT report counts value-only invoices', async () => {
    const c = await signedIn();
    const { customer, supplier } = await setup(c);
    const before = (await c.get('/api/reports/vat?year_id=1&from=2026-07-01&to=2026-07-31')).json().sums;
    await register(c);
    const sale = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '300', pay_date: '2026-07-05' });
    await valueOnly(c, 'perch', { cust_id: supplier.id, tot_pr: '100', pay_date: '2026-07-06' });
    const report = (await c.get('/api/reports/vat?year_id=1&from=2026-07-01&to=2026-07-31&pageSize=200')).json();
    expect(Number(report.sums.output_vat) - Number(before.output_vat)).toBe(45);
    expect(Number(report.sums.input_vat) - Number(before.input_vat)).toBe(15);
    expect(report.data.find((r: { pay_id: number }) => r.pay_id === sale.pay_id)).toMatchObject({
      taxable: '300.00',
      vat: '45.00',
    });
    const off = await c.post('/api/company/update', { ...vatRegisteredCompany, vat_registered: false });
    expect(off.statusCode).toBe(200);
    const plain = await valueOnly(c, 'pay', { cust_id: customer.id, tot_pr: '300' });
    expect(plain).toMatchObject({ taxTot: '0.00', total_with_vat: '300.00', vat_charged: false, vat_rate: null });
  });
});
