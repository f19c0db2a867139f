import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { journalFixtures } from '../journal/journal.fixtures.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';
import { roleFixtures } from './role.fixtures.ts';

type Reply = { statusCode: number; body: string; json: () => { error?: { code: string; missing?: string } } };

/**
 * `readOthers` (docs/permissions.md): a role without it sees only the documents its user wrote, in every record (the
 * rows, and the count and sums of a paged record, filtered in SQL), and is refused another user's document by id
 * (403 naming the permission). A role with it sees the store's.
 */
describeEachDatabase('other users’ documents are read with readOthers only', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const { withRole, tick } = roleFixtures(signedIn);
  const { accountsOf } = journalFixtures(ctx);
  const day = today();

  const refusedReadOthers = (res: Reply) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'readOthers' });
  };
  const idsOf = (
    res: { statusCode: number; body: string; json: () => { data: Record<string, number>[] } },
    key: string,
  ) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((row) => row[key]);
  };

  it('a cashier’s sales records, their count and sums, and one sale by id hold only the cashier’s own sales', async () => {
    const owner = await signedIn();
    const { item, customer } = await setup(owner, '50');
    const { c: cashier } = await withRole(owner, 'cashier');
    const sale = (c: TestClient, quantity: string) =>
      c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: day, discount: '0', pay: '0' },
        items: [{ item_id: item.id, quantity }],
      });
    const theirs = (await sale(owner, '3')).json().data[0];
    const mine = (await sale(cashier, '1')).json().data[0];

    for (const url of [
      '/api/pay/getTopSales?yearId=1',
      `/api/pay/getSalesByDate?yearId=1&from=${day}`,
      `/api/pay/getSales2Date?yearId=1&from=${day}&to=${day}`,
    ]) {
      const seen = idsOf(await cashier.get(url), 'pay_id');
      expect(seen, url).toContain(mine.pay_id);
      expect(seen, url).not.toContain(theirs.pay_id);
      expect(idsOf(await owner.get(url), 'pay_id'), url).toEqual(expect.arrayContaining([mine.pay_id, theirs.pay_id]));
    }
    // A paged record: the count and the sums are the cashier's sales only (one sale of 100).
    const paged = (
      await cashier.get(`/api/pay/getSales2Date?yearId=1&from=${day}&to=${day}&page=1&pageSize=20`)
    ).json();
    expect(paged.total).toBe(1);
    expect(paged.sums).toMatchObject({ tot_pr: '100.00' });
    const all = (await owner.get(`/api/pay/getSales2Date?yearId=1&from=${day}&to=${day}&page=1&pageSize=20`)).json();
    expect(all.total).toBe(2);

    refusedReadOthers(await cashier.get(`/api/pay/readById?pay_id=${theirs.pay_id}`));
    expect((await cashier.get(`/api/pay/readById?pay_id=${mine.pay_id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/pay/readById?pay_id=${mine.pay_id}`)).statusCode).toBe(200);

    // Returns: the cashier's record of sales returns holds their own.
    const back = await owner.post('/api/sales_returns/createWithItems', {
      invoice: { original_pay_ref: theirs.pay_ref, return_date: day },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    const returnId = back.json().data[0].pay_id ?? back.json().data[0].return_id;
    expect(idsOf(await cashier.get('/api/sales_returns/getTopReturns?yearId=1'), 'return_id')).not.toContain(returnId);
    expect(idsOf(await owner.get('/api/sales_returns/getTopReturns?yearId=1'), 'return_id')).toContain(returnId);
    refusedReadOthers(await cashier.get(`/api/sales_returns/readById?pay_id=${returnId}`));
  });

  it('a store keeper’s stock counts, vouchers and an accountant’s journals without readOthers hold only their own', async () => {
    const owner = await signedIn();
    const { item } = await setup(owner, '10');
    const { c: keeper } = await withRole(owner, 'storeKeeper');
    const count = (c: TestClient, qty: string) =>
      c.post('/api/tswia/createWithItems', {
        invoice: { pay_date: day, yearId: 1 },
        items: [{ item_id: item.id, qtyReal: qty }],
      });
    const theirs = (await count(owner, '9')).json().data[0];
    const mine = (await count(keeper, '8')).json().data[0];
    for (const url of [
      '/api/tswia/getTopSales?yearId=1',
      `/api/tswia/getSalesByDate?yearId=1&from=${day}`,
      `/api/tswia/getSales2Date?yearId=1&from=${day}&to=${day}`,
    ]) {
      const seen = idsOf(await keeper.get(url), 'pay_id');
      expect(seen, url).toEqual([mine.pay_id]);
      expect(idsOf(await owner.get(url), 'pay_id'), url).toEqual(expect.arrayContaining([mine.pay_id, theirs.pay_id]));
    }
    refusedReadOthers(await keeper.get(`/api/tswia/readById?pay_id=${theirs.pay_id}`));
    expect((await keeper.get(`/api/tswia/readById?pay_id=${mine.pay_id}`)).json().data).toHaveLength(1);

    // Vouchers: the owner's is not in the keeper's record, its sum or its count.
    const accounts = await accountsOf(1);
    const voucher = await owner.post('/api/vouchers/create', {
      voucher_kind: 'expense',
      j_date: day,
      money_account_id: accounts.byRole('cash_box'),
      account_id: accounts.byName('إيجار المحل'),
      amount: '40',
    });
    expect(voucher.statusCode, voucher.body).toBe(200);
    const jId = voucher.json().data[0].j_id;
    const kept = (await keeper.get('/api/vouchers/list?yearId=1')).json();
    expect(kept).toMatchObject({ data: [], total: 0, amount_total: '0.00' });
    expect(idsOf(await owner.get('/api/vouchers/list?yearId=1'), 'j_id')).toContain(jId);
    refusedReadOthers(await keeper.get(`/api/vouchers/read_single?j_id=${jId}`));

    // Journals: an accountant whose role has the reports but not other users' documents.
    await tick(owner, 'accountant', ['journal.create', 'journal.edit', 'accounts', 'readReports']);
    const { c: accountant } = await withRole(owner, 'accountant');
    const entry = {
      invoice: { j_date: day, j_details: 'قيد', yearId: 1 },
      items: [
        { ac_id: accounts.byName('إيجار المحل'), debit: '10', credit: '0' },
        { ac_id: accounts.byRole('cash_box'), debit: '0', credit: '10' },
      ],
    };
    const ownersJournal = (await owner.post('/api/journal/createWithItems', entry)).json().data[0];
    const own = (await accountant.post('/api/journal/createWithItems', entry)).json().data[0];
    for (const url of [
      '/api/journal/getTopSales?yearId=1',
      `/api/journal/getSalesByDate?yearId=1&from=${day}`,
      `/api/journal/getSales2Date?yearId=1&from=${day}&to=${day}`,
    ]) {
      expect(idsOf(await accountant.get(url), 'j_id'), url).toEqual([own.j_id]);
      expect(idsOf(await owner.get(url), 'j_id'), url).toEqual(expect.arrayContaining([own.j_id, ownersJournal.j_id]));
    }
    refusedReadOthers(await accountant.get(`/api/journal/read_single?j_id=${ownersJournal.j_id}`));
    expect((await accountant.get(`/api/journal/read_single?j_id=${own.j_id}`)).statusCode).toBe(200);
  });
});
