/** The largest amount the contract accepts (`MAX_AMOUNT` in the contract), written out so the test reads alone. */
const MAX_AMOUNT_TEXT = '999999999999.99';

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

const ARABIC = /[\u0600-\u06ff]/;
/** One cent past the bound. */
const PAST_MAX = '1000000000000.00';

describeEachDatabase('amounts and quantities within their columns', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);

  it('a price, an opening balance or a payment past the bound is a 400 with an Arabic message on its field', async () => {
    const c = await signedIn();
    const item = await c.post('/api/items/create', { item_name: 'صنف كبير', perch_price: PAST_MAX, pay_price: '1' });
    expect(item.statusCode).toBe(400);
    expect(item.json().error.fields.perch_price).toBe('AMOUNT_TOO_LARGE');

    const account = await c.post('/api/sub_accounts/create', {
      ac_id: 1,
      sub_name: 'عميل كبير',
      sub_balance: PAST_MAX,
    });
    expect(account.statusCode).toBe(400);
    expect(account.json().error.fields.sub_balance).toBe('AMOUNT_TOO_LARGE');

    const opening = await c.post('/api/items/create', {
      item_name: 'صنف كمية كبيرة',
      perch_price: '1',
      pay_price: '1',
      firstQuantity: '1000000000',
    });
    expect(opening.statusCode).toBe(400);
    expect(opening.json().error.fields.firstQuantity).toBe('QUANTITY_TOO_LARGE');

    const { customer } = await setup(c);
    const valueOnly = await c.post('/api/pay/create', {
      cust_id: customer.id,
      pay_date: '2026-03-01',
      tot_pr: PAST_MAX,
    });
    expect(valueOnly.statusCode).toBe(400);
    expect(valueOnly.json().error.fields.tot_pr).toBe('AMOUNT_TOO_LARGE');
  });

  it('a line or an invoice whose total passes the bound is refused with 400, never a database overflow', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c);
    // Each figure is within its bound; their product is not.
    const line = await c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-03-01' },
      items: [{ item_id: item.id, quantity: '999999999', perch_price: MAX_AMOUNT_TEXT }],
    });
    expect(line.statusCode).toBe(400);
    expect(line.json().error.code).toBe('AMOUNT_TOO_LARGE');
    expect(line.json().error.message).toMatch(ARABIC);
    expect(line.json().error.fields['items.0.quantity']).toBe('AMOUNT_TOO_LARGE');

    // Every line is within the bound; the sum of 1000 of them is not (the legacy call takes up to 1000 lines).
    const header = await c.post('/api/perch/create', {
      cust_id: supplier.id,
      pay_date: '2026-03-01',
      tot_pr: '1',
      pay_ref: 'LEGACY-BIG-1',
    });
    expect(header.statusCode).toBe(200);
    const lines = Array.from({ length: 1000 }, () => ({
      pay_ref: 'LEGACY-BIG-1',
      item_id: item.id,
      quantity: '1',
      perch_price: '999999999999.99',
    }));
    const many = await c.post('/api/perch_details/createMulti', lines);
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toMatch(ARABIC);

    // The same through the screens' one-call save: 500 lines of a large price.
    const big = await c.post('/api/perch/createWithItems', {
      invoice: { cust_id: supplier.id, pay_date: '2026-03-01' },
      items: Array.from({ length: 500 }, (_, i) => ({
        item_id: item.id,
        quantity: '1',
        perch_price: `${900_000_000_000 + i}`,
      })),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.code).toBe('AMOUNT_TOO_LARGE');
  });

  it('a bulk price change that would take a price past the bound is refused, not stored', async () => {
    const c = await signedIn();
    await setup(c);
    const percent = await c.post('/api/items/increasePrice', { payval: MAX_AMOUNT_TEXT, mode: 'percent' });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().error.message).toMatch(ARABIC);
    const amount = await c.post('/api/items/increasePrice', { payval: MAX_AMOUNT_TEXT, mode: 'amount' });
    expect(amount.statusCode).toBe(400);
  });

  it('the largest opening balance and many of the largest invoices still let the account lists and the party picker answer', async () => {
    const c = await signedIn();
    const created = await c.post('/api/sub_accounts/create', {
      ac_id: 1,
      sub_name: 'عميل الحد الأقصى',
      sub_balance: MAX_AMOUNT_TEXT,
    });
    expect(created.statusCode).toBe(200);
    const customer = created.json().data[0];
    // Twelve invoices of the largest total: the balance passes what a numeric(15,2) can hold.
    for (let i = 0; i < 12; i++) {
      const sale = await c.post('/api/pay/create', {
        cust_id: customer.id,
        pay_date: '2026-03-01',
        tot_pr: MAX_AMOUNT_TEXT,
        // A value-only invoice posts at once (a header without it waits for its lines).
        value_only: true,
      });
      expect(sale.statusCode, sale.body).toBe(200);
    }
    for (const url of [
      '/api/sub_accounts/readWithBalance?yearId=1',
      '/api/sub_accounts/readWithBalancePositive?yearId=1',
      '/api/sub_accounts/readByStore?ac_id=1&yearId=1',
      '/api/sub_accounts/readAllStore?yearId=1',
      '/api/sub_accounts/getAllCustomerSupplier?yearId=1',
      `/api/sub_accounts/getAccountBalance?account_id=${customer.id}&yearId=1`,
      '/api/sub_accounts/readWithBalance?has_balance=1',
      '/api/pay/paynotif?yearId=1',
      '/api/pay/getSalesByDate?yearId=1&page=1',
    ]) {
      const answer = await c.get(url);
      expect(answer.statusCode, `${url}: ${answer.body.slice(0, 300)}`).toBe(200);
    }
    const balance = (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${customer.id}&yearId=1`)).json()
      .data[0];
    // 13 × 999,999,999,999.99, exactly.
    expect(JSON.stringify(balance)).toContain('12999999999999.87');
  });

  it('numbers typed in Arabic-Indic or Persian digits with ٫ and ٬ are accepted and answered in Western digits', async () => {
    const c = await signedIn();
    const item = await c.post('/api/items/create', {
      item_name: 'صنف بأرقام عربية',
      perch_price: '٨٠',
      pay_price: '١٬٠٠٠٫٥',
      firstQuantity: '۱۰',
    });
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json().data[0]).toMatchObject({ perch_price: '80.00', pay_price: '1000.50' });
    const { customer } = await setup(c);
    const sale = await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: String(customer.id), pay_date: '٢٠٢٦-٠٣-٠١', pay_time: '١٠:٣٠', pay: '٠' },
      items: [{ item_id: item.json().data[0].id, quantity: '٢٫٥' }],
    });
    expect(sale.statusCode, sale.body).toBe(200);
    expect(sale.json().data[0]).toMatchObject({ tot_pr: '2501.25', pay_date: '2026-03-01' });
    expect(sale.json().data[0].items[0].quantity).toBe('2.500');
  });
});
