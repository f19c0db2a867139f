import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerLine } from '../../db/schema.ts';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from './trade.fixtures.ts';

/** Legacy clients save in two calls: the header, then its lines by reference (and delete lines before an edit). */
describeEachDatabase('legacy two-call saves', (ctx) => {
  const { signedIn, setup, stockOf, balanceOf: balanceRow, balancesOffTheLedger } = tradeFixtures(ctx);
  const balanceOf = async (c: TestClient, accountId: number) => (await balanceRow(c, accountId)).current_balance;
  const ledgerIsBalanced = async (kind: string, payId: number) => {
    const [row] = await ctx()
      .database.db.select({
        debit: sql<string>`coalesce(sum(${ledgerLine.debit}), 0)::text`,
        credit: sql<string>`coalesce(sum(${ledgerLine.credit}), 0)::text`,
      })
      .from(ledgerLine)
      .where(and(eq(ledgerLine.source_kind, kind as 'pay'), eq(ledgerLine.source_id, payId)));
    return row?.debit === row?.credit;
  };
  /** A legacy line as the old client posts it: a JSON string of an array, with the fields it always sent. */
  const legacyLines = (lines: object[]) =>
    JSON.stringify(
      lines.map((line) => ({ id: 'NULL', store_id: 1, yearId: 1, dateCreated: '22-11-2026', tax: 0, ...line })),
    );

  it('a header then its lines make one sale: totals from the lines, stock out, balanced ledger', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const before = Number(await balanceOf(c, customer.id));

    const header = await c.post('/api/pay/create.php', {
      pay_id: null,
      pay_ref: 'TILL2-0007',
      cust_id: customer.id,
      pay_date: '2026-11-22',
      tot_pr: '300',
      discount: '0',
      pay: '100',
      changee: '200',
      sub_name: 'عميل نقدي',
      yearId: 1,
    });
    expect(header.statusCode).toBe(200);
    const created = header.json().data[0];
    expect(created).toMatchObject({ value_only: true, tot_pr: '300.00', changee: '200.00' });

    const added = await c.request(
      'POST',
      '/api/pay_details/createMulti.php',
      legacyLines([
        {
          pay_ref: 'TILL2-0007',
          item_id: item.id,
          item_name: 'x',
          quantity: 2,
          pay_price: 100,
          perch_price: 80,
          tot: 200,
        },
        { pay_ref: 'TILL2-0007', item_id: item.id, item_name: 'x', quantity: '1', pay_price: '50', tot: '50' },
      ]),
      { 'content-type': 'text/plain' },
    );
    expect(added.statusCode).toBe(200);
    const doc = added.json().data[0];
    expect(doc).toMatchObject({ pay_id: created.pay_id, pay_ref: created.pay_ref, value_only: false });
    // The total is the lines' (200 + 50), never the header's typed 300.
    expect(doc).toMatchObject({ tot_pr: '250.00', pay: '100.00', changee: '150.00' });
    expect(doc.items).toHaveLength(2);
    expect(await stockOf(item.id)).toBe('7.000');
    expect(await ledgerIsBalanced('pay', doc.pay_id)).toBe(true);
    expect(Number(await balanceOf(c, customer.id)) - before).toBe(150);

    // A header edit keeps the lines; its total still comes from them.
    const edited = await c.post('/api/pay/update', {
      pay_id: doc.pay_id,
      cust_id: customer.id,
      pay_date: '2026-11-22',
      tot_pr: '999',
      pay: '250',
    });
    expect(edited.json().data[0]).toMatchObject({ tot_pr: '250.00', pay: '250.00', changee: '0.00' });
    expect(edited.json().data[0].items).toHaveLength(2);
    expect(await stockOf(item.id)).toBe('7.000');
  });

  it('a value-only invoice sent twice with the same key (a retry) is saved once', async () => {
    const c = await signedIn();
    const { customer } = await setup(c);
    const body = {
      cust_id: customer.id,
      pay_date: '2026-11-22',
      tot_pr: '75',
      pay: '0',
      nextPay: '2026-12-30',
      idempotency_key: 'value-only-retry-0001',
    };
    const [first, second] = await Promise.all([c.post('/api/pay/create', body), c.post('/api/pay/create', body)]);
    expect(second?.json().data[0].pay_id).toBe(first?.json().data[0].pay_id);
    expect(first?.json().data[0]).toMatchObject({ value_only: true, nextPay: '2026-12-30' });
  });

  it('a legacy edit deletes the lines (stock and charge back until new lines arrive) and sends new ones', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c);
    const unsold = await balanceOf(c, customer.id);
    const doc = (
      await c.post('/api/pay/createWithItems', {
        invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '0' },
        items: [{ item_id: item.id, quantity: '4' }],
      })
    ).json().data[0];
    expect(await stockOf(item.id)).toBe('6.000');
    const balance = await balanceOf(c, customer.id);

    const removed = await c.request('DELETE', `/api/pay_details/deleteMultiServices.php?pay_ref=${doc.pay_ref}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data[0]).toMatchObject({ value_only: true, tot_pr: '400.00', items: [] });
    expect(await stockOf(item.id)).toBe('10.000');
    // The header awaits its new lines and charges nothing meanwhile (refused lines leave no charge behind).
    expect(await balanceOf(c, customer.id)).toBe(unsold);
    expect(Number(balance) - Number(unsold)).toBe(400);
    // Deleting lines that are already gone changes nothing.
    expect((await c.request('DELETE', `/api/pay_details/deleteMultiServices?pay_ref=${doc.pay_ref}`)).statusCode).toBe(
      200,
    );

    const again = await c.post('/api/pay_details/createMulti', [
      { pay_ref: doc.pay_ref, item_id: item.id, quantity: '1', pay_price: '100' },
    ]);
    expect(again.json().data[0]).toMatchObject({ pay_id: doc.pay_id, tot_pr: '100.00', changee: '100.00' });
    expect(await stockOf(item.id)).toBe('9.000');
    expect(Number(await balanceOf(c, customer.id)) - Number(unsold)).toBe(100);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('lines are all-or-none: an unknown reference, an oversell or another store saves nothing', async () => {
    const c = await signedIn();
    const { item, customer } = await setup(c, '2');
    const doc = (
      await c.post('/api/pay/create', { cust_id: customer.id, pay_date: '2026-11-22', tot_pr: '100', pay: '0' })
    ).json().data[0];

    const unknown = await c.post('/api/pay_details/createMulti', [
      { pay_ref: doc.pay_ref, item_id: item.id, quantity: '1' },
      { pay_ref: 'NO-SUCH-REF', item_id: item.id, quantity: '1' },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/[\u0600-\u06FF]/);
    expect((await c.get(`/api/pay/readById?pay_id=${doc.pay_id}`)).json().data[0]).toMatchObject({
      value_only: true,
      items: [],
    });
    expect(await stockOf(item.id)).toBe('2.000');

    const oversold = await c.post('/api/pay_details/createMulti', [
      { pay_ref: doc.pay_ref, item_id: item.id, quantity: '5' },
    ]);
    expect(oversold.statusCode).toBe(409);
    expect(oversold.json().insufficient_items[0]).toMatchObject({ item_id: item.id, shortage: '3.000' });
    expect(await stockOf(item.id)).toBe('2.000');

    const other = await signedIn('admin', 'admin123', 2);
    const foreign = await other.post('/api/pay_details/createMulti', [
      { pay_ref: doc.pay_ref, item_id: item.id, quantity: '1', store_id: 2 },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(
      (await other.request('DELETE', `/api/pay_details/deleteMultiServices?pay_ref=${doc.pay_ref}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await other.post('/api/pay/update', {
          pay_id: doc.pay_id,
          cust_id: customer.id,
          pay_date: '2026-11-22',
          tot_pr: '1',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('offline sync saves several headers at once, and sending them again creates nothing new', async () => {
    const c = await signedIn();
    const { item, supplier } = await setup(c, '0');
    const headers = JSON.stringify([
      { pay_ref: 'PHONE-1', cust_id: supplier.id, pay_date: '2026-11-20', tot_pr: '160', pay: '0', yearId: 1 },
      { pay_ref: 'PHONE-2', cust_id: supplier.id, pay_date: '2026-11-21', tot_pr: '80', pay: '80', yearId: 1 },
    ]);
    const first = await c.request('POST', '/api/perch/createMulti.php', headers, { 'content-type': 'text/plain' });
    expect(first.statusCode).toBe(200);
    const saved = first.json().data;
    expect(saved).toHaveLength(2);
    const retry = await c.request('POST', '/api/perch/createMulti', headers, { 'content-type': 'text/plain' });
    expect(retry.json().data.map((d: { pay_id: number }) => d.pay_id)).toEqual(
      saved.map((d: { pay_id: number }) => d.pay_id),
    );

    // The phone then sends the lines under its own references: they find their headers.
    const lines = await c.request(
      'POST',
      '/api/perch_details/createMulti',
      legacyLines([
        { pay_ref: 'PHONE-1', item_id: item.id, quantity: '2', perch_price: '80', pay_price: '100' },
        { pay_ref: 'PHONE-2', item_id: item.id, quantity: '1', perch_price: '80', pay_price: '100' },
      ]),
      { 'content-type': 'text/plain' },
    );
    expect(lines.statusCode).toBe(200);
    expect(lines.json().data.map((d: { tot_pr: string }) => d.tot_pr)).toEqual(['160.00', '80.00']);
    expect(await stockOf(item.id)).toBe('3.000');
    for (const d of lines.json().data) expect(await ledgerIsBalanced('perch', d.pay_id)).toBe(true);

    // A header that is refused refuses the whole batch.
    const bad = await c.post('/api/perch/createMulti', [
      { pay_ref: 'PHONE-3', cust_id: supplier.id, pay_date: '2026-11-22', tot_pr: '50', pay: '0' },
      { pay_ref: 'PHONE-4', cust_id: supplier.id, pay_date: '2026-11-22', tot_pr: '50', pay: '70' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect((await c.get('/api/perch/getTopSales')).json().data).toHaveLength(2);
  });

  it('preliminary invoices and purchase orders take the same two calls and still move nothing', async () => {
    const c = await signedIn();
    const { item, customer, supplier } = await setup(c);
    const draft = (
      await c.post('/api/payinit/create.php', { cust_id: customer.id, pay_date: '2026-11-22', tot_pr: '200' })
    ).json().data[0];
    expect(draft.pay_ref).toMatch(/-D-/);
    const drafted = await c.post('/api/payinit_details/createMulti', [
      { pay_ref: draft.pay_ref, item_id: item.id, quantity: '2' },
    ]);
    expect(drafted.json().data[0]).toMatchObject({ kind: 'payinit', tot_pr: '200.00', value_only: false });

    const order = (
      await c.post('/api/perchOrder/create', { cust_id: supplier.id, pay_date: '2026-11-22', tot_pr: '800' })
    ).json().data[0];
    const ordered = await c.post('/api/perchOrder_details/createMulti', [
      { pay_ref: order.pay_ref, item_id: item.id, quantity: '10' },
    ]);
    expect(ordered.json().data[0]).toMatchObject({ kind: 'perchOrder', tot_pr: '800.00' });
    expect((await c.get(`/api/perchOrder_details/readByStoreByRef?pay_ref=${order.pay_ref}`)).json().data).toHaveLength(
      1,
    );
    expect(await stockOf(item.id)).toBe('10.000');

    // The draft becomes final with its lines (and only now moves stock).
    const final = await c.post('/api/payinit/convertToFinal', { pay_id: draft.pay_id });
    expect(final.json().data[0]).toMatchObject({ kind: 'pay', tot_pr: '200.00' });
    expect(await stockOf(item.id)).toBe('8.000');
  });
});
