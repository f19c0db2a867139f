/**
 * Stock transfers through the HTTP layer (docs/transfers.md): goods leave the main store at its moving average on
 * the transfer's date into transit, arrive at the branch in parts at exactly the cost that left, follow a back-dated
 * purchase of the sender, and what never arrived goes back; every refusal of the issue; both stores' books and the
 * company's transit account agree after every step.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { answered, describeEachDatabase, signIns, type TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('stock transfers', (ctx) => {
  const { balancesOffTheLedger } = tradeFixtures(ctx);
  const as = signIns(ctx, '10.45.0');
  const ok = answered;
  const db = () => ctx().database.db;
  /** Each store's goods-in-transit balance (debit less credit), and their sum: what is still on the way. */
  const transit = async () => {
    const { rows } = await db().execute<{ store_id: number; balance: string }>(sql`
      select a.store_id, coalesce(sum(l.debit - l.credit), 0)::numeric(20, 2)::text as balance
      from sub_accounts a left join ledger_line l on l.account_id = a.id
      where a.role = 'goods_in_transit' and a.store_id in (1, 2) group by a.store_id order by a.store_id`);
    return rows.map((row) => row.balance);
  };
  /** A store's stock and value at cost of its row of the item (the kept sums). */
  const stockIn = async (c: TestClient, itemId: number) => {
    const [row] = (await ok(c.get(`/api/items/storesStock?item_id=${itemId}`))).data;
    return [row.quantity, row.value];
  };

  it('sends 10 at the moving average, receives 6 then 4 at exactly that cost, follows a back-dated purchase', async () => {
    const main = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    const item = (
      await ok(
        main.post('/api/items/create', {
          item_name: 'بطارية للتحويل',
          part_no: 'TRF-1',
          perch_price: '80',
          pay_price: '120',
          firstQuantity: '10',
        }),
      )
    ).data[0];
    const supplier = (await ok(main.get('/api/sub_accounts/readByStore?ac_id=2'))).data[0];
    const buy = (date: string, quantity: string, price: string) =>
      ok(
        main.post('/api/perch/createWithItems', {
          invoice: { cust_id: supplier.id, pay_date: date, discount: '0', pay: '0' },
          items: [{ item_id: item.id, quantity, perch_price: price }],
        }),
      );
    await buy('2026-03-01', '10', '90.01');
    const there = (await ok(branch.get('/api/items/read?search=TRF-1'))).data[0];

    // Sent: 10 of 20 worth 1,700.10 leave at 850.05 into transit.
    const sent = (
      await ok(
        main.post('/api/transfer/createWithItems', {
          transfer: { to_store_id: 2, transfer_date: '2026-03-10', note: 'تعبئة الفرع' },
          items: [{ item_id: item.id, quantity: '10' }],
        }),
      )
    ).data[0];
    expect(sent).toMatchObject({
      pay_ref: 'SH-TF-000001',
      from_store_name: 'المخزن الرئيسي',
      to_store_name: 'فرع أم درمان',
      status: 'in_transit',
      in_transit: '10.000',
      value: '850.05',
    });
    expect(sent.lines[0]).toMatchObject({ from_item_id: item.id, to_item_id: there.id, value: '850.05' });
    expect(await stockIn(main, item.id)).toEqual(['10.000', '850.05']);
    expect(await stockIn(branch, there.id)).toEqual(['0.000', '0.00']);
    expect(await transit()).toEqual(['850.05', '0.00']);

    // More than is on the way, and a receipt in the sending store, are refused; nothing is written.
    const tooMany = await branch.post('/api/transfer/receive', {
      transfer_id: sent.pay_id,
      receipt_date: '2026-03-12',
      lines: [{ item_id: there.id, quantity: '11' }],
    });
    expect([tooMany.statusCode, tooMany.json().error.fields]).toEqual([
      409,
      { 'lines.0.quantity': 'MORE_THAN_IN_TRANSIT' },
    ]);
    expect((await main.post('/api/transfer/receive', { transfer_id: sent.pay_id })).statusCode).toBe(404);
    const early = await branch.post('/api/transfer/receive', { transfer_id: sent.pay_id, receipt_date: '2026-03-09' });
    expect(early.json().error.fields).toEqual({ receipt_date: 'RECEIPT_BEFORE_TRANSFER' });

    // The branch receives 6, then 4: 510.03 and what is left, 340.02; nothing stays in transit.
    const six = (
      await ok(
        branch.post('/api/transfer/receive', {
          transfer_id: sent.pay_id,
          receipt_date: '2026-03-12',
          lines: [{ item_id: there.id, quantity: '6' }],
        }),
      )
    ).data[0];
    expect(six).toMatchObject({ status: 'in_transit', received: '6.000', in_transit: '4.000' });
    expect(six.receipts.map((r: { pay_ref: string }) => r.pay_ref)).toEqual(['OM-TR-000001']);
    expect(await stockIn(branch, there.id)).toEqual(['6.000', '510.03']);
    const all = (
      await ok(branch.post('/api/transfer/receive', { transfer_id: sent.pay_id, receipt_date: '2026-03-15' }))
    ).data[0];
    expect(all).toMatchObject({ status: 'received', received: '10.000', in_transit: '0.000' });
    expect(await stockIn(branch, there.id)).toEqual(['10.000', '850.05']);
    expect(await transit()).toEqual(['850.05', '-850.05']);

    // Received: it cannot be edited or deleted.
    const edit = await main.post('/api/transfer/updateWithItems', {
      transfer: { pay_id: sent.pay_id, to_store_id: 2, transfer_date: '2026-03-10' },
      items: [{ item_id: item.id, quantity: '9' }],
    });
    expect([edit.statusCode, edit.json().error.code]).toEqual([409, 'TRANSFER_RECEIVED']);
    expect((await main.post('/api/transfer/deleteWithItems', { pay_id: sent.pay_id })).json().error.code).toBe(
      'TRANSFER_RECEIVED',
    );

    // A purchase dated before the transfer raises the main store's average: what left is 900.03 now, and the
    // branch's receipts follow it (540.02 and 360.01), so nothing is gained or lost on the way.
    await buy('2026-02-01', '10', '100');
    expect(await stockIn(main, item.id)).toEqual(['20.000', '1800.07']);
    expect(await stockIn(branch, there.id)).toEqual(['10.000', '900.03']);
    expect(await transit()).toEqual(['900.03', '-900.03']);

    // The first receipt taken back: the 4 received are the first 4 now (360.01), 6 are on the way again, and the
    // main store takes them back: in at what is left of what left (540.02).
    await ok(branch.post('/api/transfer/deleteReceipt', { receipt_id: six.receipts[0].pay_id }));
    expect(await stockIn(branch, there.id)).toEqual(['4.000', '360.01']);
    const back = (
      await ok(
        main.post('/api/transfer/receive', { transfer_id: sent.pay_id, send_back: true, receipt_date: '2026-03-20' }),
      )
    ).data[0];
    expect(back.lines[0]).toMatchObject({ received: '4.000', sent_back: '6.000', in_transit: '0.000' });
    expect(await stockIn(main, item.id)).toEqual(['26.000', '2340.09']);
    expect(await transit()).toEqual(['360.01', '-360.01']);

    // Both stores' item movement reports show the transfer with its reference and the other store.
    const movedMain = (await ok(main.get(`/api/reports/itemMovement?item_id=${item.id}&yearId=1`))).data;
    expect(
      movedMain
        .filter((row: { kind: string }) => row.kind.startsWith('transfer'))
        .map((row: { kind: string; pay_ref: string; party: string; quantity: string }) => [
          row.kind,
          row.pay_ref,
          row.party,
          row.quantity,
        ]),
    ).toEqual([
      ['transfer', 'SH-TF-000001', 'فرع أم درمان', '-10.000'],
      ['transfer_receipt', 'SH-TR-000001', 'فرع أم درمان', '6.000'],
    ]);
    const movedBranch = (await ok(branch.get(`/api/reports/itemMovement?item_id=${there.id}&yearId=1`))).data;
    expect(movedBranch.map((row: { pay_ref: string; party: string }) => [row.pay_ref, row.party])).toEqual([
      ['OM-TR-000002', 'المخزن الرئيسي'],
    ]);

    // The record: the main store's sent transfer, none in transit now.
    const record = await ok(main.get('/api/transfer/list?direction=sent'));
    expect(record.data.map((t: { pay_ref: string; status: string }) => [t.pay_ref, t.status])).toEqual([
      ['SH-TF-000001', 'received'],
    ]);
    expect((await ok(branch.get('/api/transfer/list?in_transit=true'))).total).toBe(0);
    expect(await balancesOffTheLedger()).toEqual([]);
  });

  it('refuses what a sale would (beyond stock on its date), the same store, and another store’s keeper', async () => {
    const main = await as('admin', 'admin123', 1);
    const item = (
      await ok(
        main.post('/api/items/create', {
          item_name: 'فلتر للتحويل',
          perch_price: '5',
          pay_price: '8',
          firstQuantity: '3',
        }),
      )
    ).data[0];
    const send = (c: TestClient, body: object) => c.post('/api/transfer/createWithItems', body);
    const short = await send(main, {
      transfer: { to_store_id: 2, transfer_date: '2026-04-01' },
      items: [{ item_id: item.id, quantity: '4' }],
    });
    expect([short.statusCode, short.json().error.code]).toEqual([409, 'STOCK_INSUFFICIENT']);
    const same = await send(main, {
      transfer: { to_store_id: 1, transfer_date: '2026-04-01' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(same.json().error.fields).toEqual({ to_store_id: 'TRANSFER_SAME_STORE' });
    // The keeper has the branch only: the main store's item is not theirs to send; they receive into the branch.
    const keeper = await as('keeper', 'keeper123', 2);
    const notTheirs = await send(keeper, {
      transfer: { to_store_id: 1, transfer_date: today() },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(notTheirs.json().error.fields).toEqual({ 'items.0.item_id': 'ITEM_NOT_FOUND' });
    const sent = (
      await ok(
        send(main, {
          transfer: { to_store_id: 2, transfer_date: '2026-04-01' },
          items: [{ item_id: item.id, quantity: '2' }],
        }),
      )
    ).data[0];
    // (Today: a keeper may not back-date.)
    const received = (await ok(keeper.post('/api/transfer/receive', { transfer_id: sent.pay_id }))).data[0];
    expect(received.status).toBe('received');
    // A cashier has no transfers.
    const cashier = await as('cashier', 'cashier123', 1);
    expect(
      (await send(cashier, { transfer: { to_store_id: 2, transfer_date: '2026-04-01' }, items: [] })).statusCode,
    ).toBe(403);
    // An unreceived transfer is edited and deleted; its goods come back on its date.
    const again = (
      await ok(
        send(main, {
          transfer: { to_store_id: 2, transfer_date: '2026-04-03' },
          items: [{ item_id: item.id, quantity: '1' }],
        }),
      )
    ).data[0];
    await ok(
      main.post('/api/transfer/updateWithItems', {
        transfer: { pay_id: again.pay_id, to_store_id: 2, transfer_date: '2026-04-03' },
        items: [{ item_id: item.id, quantity: '0.5' }],
      }),
    );
    expect((await stockIn(main, item.id))[0]).toBe('0.500');
    await ok(main.post('/api/transfer/deleteWithItems', { pay_id: again.pay_id }));
    expect((await stockIn(main, item.id))[0]).toBe('1.000');
    expect(await balancesOffTheLedger()).toEqual([]);
  });
});
