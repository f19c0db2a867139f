import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures, vatRegisteredCompany } from '../trade/trade.fixtures.ts';

/**
 * An issued invoice keeps the VAT terms it was issued under (issue 35, finding 1; docs/vat.md): a change of the
 * company's VAT settings afterwards does not re-tax it, its edits, its payments or its returns. New documents take
 * the settings of the day.
 */
describeEachDatabase('VAT terms kept on the document', (ctx) => {
  const { signedIn, setup, balanceOf, balancesOffTheLedger } = tradeFixtures(ctx);
  type Client = Awaited<ReturnType<typeof signedIn>>;

  const company = vatRegisteredCompany;
  const setVat = async (c: Client, vat_registered: boolean, prices_include_vat = false) => {
    const res = await c.post('/api/company/update', { ...company, vat_registered, prices_include_vat });
    expect(res.statusCode).toBe(200);
  };
  /** An item at 100 (cost 80) with VAT at 15 %, 20 in stock. */
  const taxedItem = async (c: Client) =>
    (
      await c.post('/api/items/create', {
        item_name: `صنف خاضع ${Math.random()}`,
        perch_price: '80',
        pay_price: '100',
        tax: '15',
        firstQuantity: '20',
      })
    ).json().data[0];
  const roleAccount = async (role: string) => {
    const result = await ctx().database.db.execute<{ id: number }>(
      sql`select id from sub_accounts where store_id = 1 and role = ${role}`,
    );
    return result.rows[0]?.id as number;
  };
  /** How an account's balance (debit − credit) moved since the first call, to the cent (tests share a database). */
  const tracker = async (accountId: number) => {
    const now = async () =>
      (
        await ctx().database.db.execute<{ b: string }>(
          sql`select coalesce(sum(debit - credit), 0)::text as b from ledger_line where account_id = ${accountId}`,
        )
      ).rows[0]?.b ?? '0';
    const start = Number(await now());
    return async () => (Number(await now()) - start).toFixed(2);
  };
  const sell = (c: Client, custId: number, itemId: number, pay: string, quantity = '1') =>
    c.post('/api/pay/createWithItems', {
      invoice: { cust_id: custId, pay_date: '2026-03-10', discount: '0', pay },
      items: [{ item_id: itemId, quantity }],
    });

  it('a full return of a 115.00 invoice (VAT on top) refunds 115.00 after prices were set to include VAT', async () => {
    const c = await signedIn();
    await setVat(c, true, false);
    const { customer } = await setup(c);
    const taxed = await taxedItem(c);
    const outputVat = await tracker(await roleAccount('output_vat'));
    const sold = await sell(c, customer.id, taxed.id, '0');
    expect(sold.json().data[0]).toMatchObject({ tot_pr: '100.00', taxTot: '15.00', total_with_vat: '115.00' });
    expect((await balanceOf(c, customer.id)).current_balance).toBe('115.00');

    await setVat(c, true, true);
    const back = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sold.json().data[0].pay_ref, return_date: '2026-03-11', return_reason: 'تالف' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data[0]).toMatchObject({ tot_pr: '100.00', taxTot: '15.00', total_with_vat: '115.00' });
    // Nothing is left owing, and the VAT the sale charged all came back.
    expect((await balanceOf(c, customer.id)).current_balance).toBe('0.00');
    expect(await outputVat()).toBe('0.00');
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('a payment recorded on such an invoice (its lines saved again) keeps 115.00 with VAT 15.00', async () => {
    const c = await signedIn();
    await setVat(c, true, false);
    const { customer } = await setup(c);
    const taxed = await taxedItem(c);
    const outputVat = await tracker(await roleAccount('output_vat'));
    const sold = (await sell(c, customer.id, taxed.id, '0')).json().data[0];

    await setVat(c, true, true);
    const paid = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sold.pay_id, cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '50' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data[0]).toMatchObject({
      tot_pr: '100.00',
      taxTot: '15.00',
      total_with_vat: '115.00',
      pay: '50.00',
      changee: '65.00',
      vat_charged: true,
      vat_included: false,
    });
    expect(paid.json().data[0].items[0]).toMatchObject({ tax: '15.00', vat: '15.00' });
    expect((await balanceOf(c, customer.id)).current_balance).toBe('65.00');
    expect(await outputVat()).toBe('-15.00');
    // The read answers the document's own terms, whatever the settings say now.
    const read = await c.get(`/api/pay/readById?pay_id=${sold.pay_id}`);
    expect(read.json().data[0]).toMatchObject({ vat_charged: true, vat_included: false });
  });

  it('a walk-in receipt paid 115.00 before the change is saved again unchanged (no NEGATIVE_REMAINDER)', async () => {
    const c = await signedIn();
    await setVat(c, true, false);
    const { walkIn } = await setup(c);
    const taxed = await taxedItem(c);
    const sold = (await sell(c, walkIn.id, taxed.id, '115')).json().data[0];
    expect(sold).toMatchObject({ total_with_vat: '115.00', changee: '0.00' });

    await setVat(c, true, true);
    const again = await c.post('/api/pay/updateWithItems', {
      invoice: {
        pay_id: sold.pay_id,
        cust_id: walkIn.id,
        pay_date: '2026-03-10',
        discount: '0',
        pay: '115',
        payComment: 'ملاحظة',
      },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0]).toMatchObject({ taxTot: '15.00', total_with_vat: '115.00', changee: '0.00' });
    // The legacy header edit (the lines kept) too.
    const header = await c.post('/api/pay/update', {
      pay_id: sold.pay_id,
      cust_id: walkIn.id,
      pay_date: '2026-03-10',
      tot_pr: '999',
      pay: '115',
      payComment: 'أخرى',
    });
    expect(header.statusCode).toBe(200);
    expect(header.json().data[0]).toMatchObject({ taxTot: '15.00', total_with_vat: '115.00', changee: '0.00' });
  });

  it('an invoice issued before the company registered for VAT charges none on its edit and its return', async () => {
    const c = await signedIn();
    await setVat(c, false);
    const { customer } = await setup(c);
    const taxed = await taxedItem(c);
    const outputVat = await tracker(await roleAccount('output_vat'));
    const sold = (await sell(c, customer.id, taxed.id, '0', '2')).json().data[0];
    expect(sold).toMatchObject({ taxTot: '0.00', total_with_vat: '200.00' });

    await setVat(c, true, false);
    const edited = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sold.pay_id, cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '20' },
      items: [{ item_id: taxed.id, quantity: '2' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({ taxTot: '0.00', total_with_vat: '200.00', changee: '180.00' });
    const back = await c.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: sold.pay_ref, return_date: '2026-03-11', return_reason: 'تالف' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data[0]).toMatchObject({ tot_pr: '100.00', taxTot: '0.00', total_with_vat: '100.00' });
    expect((await balanceOf(c, customer.id)).current_balance).toBe('80.00');
    expect(await outputVat()).toBe('0.00');

    // A new sale takes the settings of the day.
    const fresh = (await sell(c, customer.id, taxed.id, '0')).json().data[0];
    expect(fresh).toMatchObject({ taxTot: '15.00', total_with_vat: '115.00', vat_charged: true });
    expect(edited.json().data[0]).toMatchObject({ vat_charged: false });
  });

  it('a purchase keeps its input VAT after the company leaves VAT: its payment and its return take it back', async () => {
    const c = await signedIn();
    await setVat(c, true, true);
    const { supplier } = await setup(c);
    const taxed = await taxedItem(c);
    const inputVat = await tracker(await roleAccount('input_vat'));
    const bought = (
      await c.post('/api/perch/createWithItems', {
        invoice: { cust_id: supplier.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: taxed.id, quantity: '2', perch_price: '80' }],
      })
    ).json().data[0];
    expect(bought).toMatchObject({ tot_pr: '160.00', taxTot: '24.00', total_with_vat: '184.00' });

    await setVat(c, false);
    const paid = await c.post('/api/perch/updateWithItems', {
      invoice: { pay_id: bought.pay_id, cust_id: supplier.id, pay_date: '2026-03-10', discount: '0', pay: '84' },
      items: [{ item_id: taxed.id, quantity: '2', perch_price: '80' }],
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data[0]).toMatchObject({ taxTot: '24.00', total_with_vat: '184.00', changee: '100.00' });
    const back = await c.post('/api/purchase_returns/createWithItems', {
      invoice: { original_pay_ref: bought.pay_ref, return_date: '2026-03-11', return_reason: 'تالف' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data[0]).toMatchObject({ tot_pr: '80.00', taxTot: '12.00', total_with_vat: '92.00' });
    expect(await inputVat()).toBe('12.00');
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('an edit keeps the rate each item was charged at; an item added by the edit takes its own', async () => {
    const c = await signedIn();
    await setVat(c, true, false);
    const { customer, item: exempt } = await setup(c);
    const taxed = await taxedItem(c);
    const sold = (await sell(c, customer.id, taxed.id, '0')).json().data[0];
    const card = (await c.get(`/api/items/read?search=${encodeURIComponent(taxed.item_name)}`)).json().data[0];
    expect((await c.post('/api/items/update', { ...card, tax: '5' })).statusCode).toBe(200);
    const edited = await c.post('/api/pay/updateWithItems', {
      invoice: { pay_id: sold.pay_id, cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '10' },
      items: [
        { item_id: taxed.id, quantity: '1' },
        { item_id: exempt.id, quantity: '1' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({ tot_pr: '200.00', taxTot: '15.00', total_with_vat: '215.00' });
    expect(edited.json().data[0].items.map((line: { tax: string }) => line.tax)).toEqual(['15.00', '0.00']);
  });

  it('a preliminary invoice, never issued, follows the settings until it is made final', async () => {
    const c = await signedIn();
    await setVat(c, false);
    const { customer } = await setup(c);
    const taxed = await taxedItem(c);
    const draft = (
      await c.post('/api/payinit/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
        items: [{ item_id: taxed.id, quantity: '1' }],
      })
    ).json().data[0];
    expect(draft).toMatchObject({ taxTot: '0.00', total_with_vat: '100.00' });
    await setVat(c, true, false);
    const edited = await c.post('/api/payinit/updateWithItems', {
      invoice: { pay_id: draft.pay_id, cust_id: customer.id, pay_date: '2026-03-10', discount: '0', pay: '0' },
      items: [{ item_id: taxed.id, quantity: '1' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({ taxTot: '15.00', total_with_vat: '115.00' });
    expect(edited.json().data[0]).toMatchObject({ vat_charged: true });
  });
});
