import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures, vatRegisteredCompany } from '../trade/trade.fixtures.ts';

/** VAT through the HTTP layer: computed by the server, posted to its own accounts, the ledger balanced. */
describeEachDatabase('VAT on invoices', (ctx) => {
  const { signedIn, setup, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  type Client = Awaited<ReturnType<typeof signedIn>>;

  const company = vatRegisteredCompany;
  const registerForVat = (c: Client, prices_include_vat = false) =>
    c.post('/api/company/update', { ...company, vat_registered: true, prices_include_vat });
  /** An item at 100 (cost 80) with VAT at 15 %, 10 in stock, and a second at 30 without VAT. */
  const vatItems = async (c: Client) => {
    const fixtures = await setup(c);
    const taxed = (
      await c.post('/api/items/create', {
        item_name: `صنف خاضع ${Math.random()}`,
        perch_price: '80',
        pay_price: '100',
        tax: '15',
        firstQuantity: '10',
      })
    ).json().data[0];
    const exempt = (
      await c.post('/api/items/create', {
        item_name: `صنف معفى ${Math.random()}`,
        perch_price: '20',
        pay_price: '30',
        tax: '0',
        firstQuantity: '10',
      })
    ).json().data[0];
    return { ...fixtures, taxed, exempt };
  };
  const roleAccount = async (role: string) => {
    const result = await ctx().database.db.execute<{ id: number }>(
      sql`select id from sub_accounts where store_id = 1 and role = ${role}`,
    );
    return result.rows[0]?.id as number;
  };
  /** An account's balance from the ledger, debit − credit. */
  const balanceNow = async (accountId: number) => {
    const result = await ctx().database.db.execute<{ b: string }>(
      sql`select coalesce(sum(debit - credit), 0)::text as b from ledger_line where account_id = ${accountId}`,
    );
    return Number(result.rows[0]?.b);
  };
  /** How an account's balance (debit − credit) moved since the first call, to the cent (tests share a database). */
  const tracker = async (accountId: number) => {
    const start = await balanceNow(accountId);
    return async () => ((await balanceNow(accountId)) - start).toFixed(2);
  };
  /** Σ debits − Σ credits over the whole ledger of store 1: the trial balance balances when it is zero. */
  const trialDifference = async () => {
    const result = await ctx().database.db.execute<{ d: string }>(
      sql`select coalesce(sum(debit) - sum(credit), 0)::text as d from ledger_line where store_id = 1`,
    );
    return Number(result.rows[0]?.d);
  };

  it('a company not registered for VAT charges none: taxTot 0.00 and the total is the net', async () => {
    const c = await signedIn();
    const { taxed, customer } = await vatItems(c);
    const res = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ tot_pr: '100.00', taxTot: '0.00', total_with_vat: '100.00' });
    expect(res.json().data[0].items[0]).toMatchObject({ tax: '15.00', vat: '0.00' });
  });

  it('a sale with VAT on top: the server computes taxTot and the total, posts output VAT, the ledger balanced', async () => {
    const c = await signedIn();
    expect((await registerForVat(c)).statusCode).toBe(200);
    const { taxed, exempt, customer } = await vatItems(c);
    const outputVat = await tracker(await roleAccount('output_vat'));
    const sales = await tracker(await roleAccount('sales'));
    const res = await c.post('/api/pay/createWithItems', {
      // The client's VAT figures are not read: the server computes them.
      invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '13', pay: '50', taxTot: '999' },
      items: [
        { item_id: taxed.id, quantity: '1' }, // 100 at 15 %, discount share 10.00 → VAT 13.50
        { item_id: exempt.id, quantity: '1' }, // 30 at 0 %, discount share 3.00
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data[0];
    expect(saved).toMatchObject({
      tot_pr: '130.00',
      discount: '13.00',
      taxTot: '13.50',
      total_with_vat: '130.50',
      pay: '50.00',
      changee: '80.50',
    });
    expect(saved.items.map((line: { vat: string }) => line.vat)).toEqual(['13.50', '0.00']);
    expect(await outputVat()).toBe('-13.50');
    // Sales earn the gross before VAT; the customer owes the total with VAT less what was paid.
    expect(await sales()).toBe('-130.00');
    expect((await balanceOf(c, customer.id)).current_balance).toBe('80.50');
    expect(await trialDifference()).toBe(0);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('prices that include VAT: the total is the net, the VAT it holds goes to output VAT and out of sales', async () => {
    const c = await signedIn();
    await registerForVat(c, true);
    const { taxed, walkIn } = await vatItems(c);
    const outputVat = await tracker(await roleAccount('output_vat'));
    const res = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: walkIn.id, pay_date: '2026-03-10', discount: '0', pay: '230' },
      items: [{ item_id: taxed.id, quantity: '2', pay_price: '115' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ tot_pr: '230.00', taxTot: '30.00', total_with_vat: '230.00' });
    expect(await outputVat()).toBe('-30.00');
    // Gross profit leaves out the VAT the prices held: 200.00 of revenue less 2 × 80.00 of cost.
    expect(res.json().data[0].items[0]).toMatchObject({ vat: '30.00', gross_profit: '40.00' });
    const byInvoice = (
      await c.get('/api/reports/grossProfit?year_id=1&by=invoice&search_type=1&start_date=2026-03-10')
    ).json();
    expect(byInvoice.data.find((row: { name: string }) => row.name === res.json().data[0].pay_ref)).toMatchObject({
      revenue: '200.00',
      cost: '160.00',
      profit: '40.00',
    });
    // The walk-in customer pays the total with VAT in full.
    const unpaid = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: walkIn.id, pay_date: '2026-03-10', discount: '0', pay: '100' },
      items: [{ item_id: taxed.id, quantity: '1', pay_price: '115' }],
    });
    expect(unpaid.json().error?.code).toBe('WALK_IN_UNPAID');
    expect(await trialDifference()).toBe(0);
  });

  it('purchases post input VAT, returns take each side back, and the net is output less input', async () => {
    const c = await signedIn();
    await registerForVat(c, true);
    const { taxed, customer, supplier } = await vatItems(c);
    const outputVat = await tracker(await roleAccount('output_vat'));
    const inputVat = await tracker(await roleAccount('input_vat'));
    // Purchase prices are before VAT even when selling prices include it: 4 × 80 = 320, VAT 48.
    const bought = await c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-03-11', discount: '0', pay: '0' },
      items: [{ item_id: taxed.id, quantity: '4', perch_price: '80' }],
    });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data[0]).toMatchObject({ tot_pr: '320.00', taxTot: '48.00', total_with_vat: '368.00' });
    expect(await inputVat()).toBe('48.00');

    const sold = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-03-12', discount: '0', pay: '0' },
      items: [{ item_id: taxed.id, quantity: '3', pay_price: '115' }],
    });
    expect(sold.json().data[0]).toMatchObject({ taxTot: '45.00', total_with_vat: '345.00' });
    const back = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sold.json().data[0].pay_ref, return_date: '2026-03-13', return_reason: 'تالف' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data[0]).toMatchObject({ tot_pr: '115.00', taxTot: '15.00', total_with_vat: '115.00' });
    expect(await outputVat()).toBe('-30.00');

    const returned = await c.post('/api/purchase_returns/createWithItems', {
      invoice: { original_pay_ref: bought.json().data[0].pay_ref, return_date: '2026-03-13', return_reason: 'تالف' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().data[0]).toMatchObject({ tot_pr: '80.00', taxTot: '12.00' });
    expect(await inputVat()).toBe('36.00');
    expect(await trialDifference()).toBe(0);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a return takes its VAT back at the rate its invoice charged, though the item’s rate changed since', async () => {
    const c = await signedIn();
    await registerForVat(c);
    const { taxed, customer } = await vatItems(c);
    const sold = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: taxed.id, quantity: '2' }],
      })
    ).json().data[0];
    const item = (await c.get(`/api/items/read?search=${encodeURIComponent(taxed.item_name)}`)).json().data[0];
    const changed = await c.post('/api/items/update', { ...item, tax: '5' });
    expect(changed.statusCode).toBe(200);
    const back = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sold.pay_ref, return_date: '2026-03-11', return_reason: 'تالف' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data[0]).toMatchObject({ tot_pr: '100.00', taxTot: '15.00', total_with_vat: '115.00' });
  });

  it('an edit re-posts only what changed: a payment keeps the VAT and the stock; a new quantity moves both', async () => {
    const c = await signedIn();
    await registerForVat(c);
    const { taxed, customer } = await vatItems(c);
    const outputVat = await tracker(await roleAccount('output_vat'));
    const created = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: taxed.id, quantity: '2' }],
      })
    ).json().data[0];
    const movements = async () =>
      (
        await ctx().database.db.execute<{ id: string }>(
          sql`select id::text from stock_movement where source_id = ${created.pay_id} order by id`,
        )
      ).rows.map((row) => row.id);
    const before = await movements();
    const edit = (quantity: string, pay: string) =>
      c.post('/api/pay/updateWithItems', {
        invoice: { pay_id: created.pay_id, cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay },
        items: [{ item_id: taxed.id, quantity }],
      });
    const paid = await edit('2', '100');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data[0]).toMatchObject({ taxTot: '30.00', total_with_vat: '230.00', changee: '130.00' });
    expect(await movements()).toEqual(before);
    expect(await outputVat()).toBe('-30.00');
    const more = await edit('3', '100');
    expect(more.json().data[0]).toMatchObject({ taxTot: '45.00', total_with_vat: '345.00', changee: '245.00' });
    expect(await outputVat()).toBe('-45.00');
    expect(await trialDifference()).toBe(0);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a VAT-registered company needs its VAT number and a seller name that fits the tax QR’s tag', async () => {
    const c = await signedIn();
    const noNumber = await c.post('/api/company/update', {
      ...company,
      country_code: 'SD',
      vatNo: '',
      vat_registered: true,
    });
    expect(noNumber.json().error.fields.vatNo).toBe('VAT_NO_REQUIRED');
    const long = await c.post('/api/company/update', { ...company, arName: 'م'.repeat(128), vat_registered: true });
    expect(long.json().error.fields.arName).toBe('SELLER_NAME_TOO_LONG');
    const fits = await c.post('/api/company/update', { ...company, arName: 'م'.repeat(127), vat_registered: true });
    expect(fits.statusCode).toBe(200);
    expect(fits.json().data[0]).toMatchObject({ vat_registered: true, prices_include_vat: false });
  });
});
