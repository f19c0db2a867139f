/**
 * One catalogue for the company through the HTTP layer (docs/catalogue.md): an item defined in one store is stocked,
 * priced and counted in every store as that store's own row; its definition is one, its stock, cost, minimum and
 * price each store's; one item's stock in every store is read in one call, each store only for its users.
 */
import { expect, it } from 'vitest';
import { answered, describeEachDatabase, signIns, type TestClient } from '../../test/testApp.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('one catalogue', (ctx) => {
  const { balancesOffTheLedger } = tradeFixtures(ctx);
  const as = signIns(ctx, '10.42.0');
  const ok = answered;
  const rowIn = async (c: TestClient, code: string) => {
    const found = await ok(c.get(`/api/items/read?search=${encodeURIComponent(code)}`));
    expect(found.total).toBe(1);
    return found.data[0];
  };

  it('an item made in the main store is the branch’s too, with its own stock, price and minimum', async () => {
    const main = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    const created = (
      await ok(
        main.post('/api/items/create', {
          item_name: 'بطارية 70 أمبير',
          part_no: 'CAT-BAT-70',
          item_parcode: '6291041500213',
          perch_price: '80',
          pay_price: '120.50',
          tax: '15',
          min_qty: '3',
          firstQuantity: '5',
        }),
      )
    ).data[0];
    const there = await rowIn(branch, 'CAT-BAT-70');
    expect(there.id).not.toBe(created.id);
    expect([there.catalogue_id, there.item_name, there.item_parcode, there.tax]).toEqual([
      created.catalogue_id,
      'بطارية 70 أمبير',
      '6291041500213',
      '15.00',
    ]);
    // The branch starts at the main store's price, with no minimum and no stock; a barcode scan finds its row.
    expect([there.pay_price, there.min_qty]).toEqual(['120.50', '0.000']);
    const scanned = await ok(branch.get('/api/items/searchStock?search=6291041500213'));
    expect(scanned.data.map((row: { id: number; quantity: string }) => [row.id, row.quantity])).toEqual([
      [there.id, '0.000'],
    ]);

    // The branch prices it its own; renamed there, it is renamed in the main store, whose price stays.
    await ok(branch.post('/api/items/update', { ...there, pay_price: '125.00', item_name: 'بطارية 70 أمبير جافة' }));
    const home = (await ok(main.get(`/api/items/getItemById?id=${created.id}`))).data[0];
    expect([home.item_name, home.pay_price, home.min_qty]).toEqual(['بطارية 70 أمبير جافة', '120.50', '3.000']);

    // One item's stock in every store of the user, the session's store first; value at cost where costs are read.
    const fromBranch = await ok(branch.get(`/api/items/storesStock?item_id=${there.id}`));
    expect(fromBranch.data).toEqual([
      {
        store_id: 2,
        store_name: 'فرع أم درمان',
        item_id: there.id,
        quantity: '0.000',
        value: '0.00',
        pay_price: '125.00',
        min_qty: '0.000',
      },
      {
        store_id: 1,
        store_name: 'المخزن الرئيسي',
        item_id: created.id,
        quantity: '5.000',
        value: '400.00',
        pay_price: '120.50',
        min_qty: '3.000',
      },
    ]);
    const fromMain = await ok(main.get(`/api/items/storesStock?item_id=${created.id}`));
    expect(fromMain.data.map((row: { store_id: number }) => row.store_id)).toEqual([1, 2]);
    // Another store's row id is not the session's item: nothing is answered.
    expect((await ok(main.get(`/api/items/storesStock?item_id=${there.id}`))).data).toEqual([]);

    // The keeper has the branch only: they see its stock alone. The cashier of the main store reads no costs.
    const keeper = await as('keeper', 'keeper123', 2);
    expect((await ok(keeper.get(`/api/items/storesStock?item_id=${there.id}`))).data).toEqual([fromBranch.data[0]]);
    const cashier = await as('cashier', 'cashier123', 1);
    const seenByCashier = (await ok(cashier.get(`/api/items/storesStock?item_id=${created.id}`))).data;
    expect(seenByCashier.map((row: { quantity: string; value: string | null }) => [row.quantity, row.value])).toEqual([
      ['5.000', null],
    ]);
  });

  it('a deleted item leaves every store where it was never used, and stays where it was', async () => {
    const main = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    const unused = (
      await ok(
        main.post('/api/items/create', { item_name: 'ملصق', part_no: 'CAT-DEL-1', perch_price: '1', pay_price: '2' }),
      )
    ).data[0];
    await ok(main.post('/api/items/delete', { id: unused.id }));
    expect((await ok(branch.get('/api/items/read?search=CAT-DEL-1'))).total).toBe(0);

    const stocked = (
      await ok(
        main.post('/api/items/create', { item_name: 'حبل', part_no: 'CAT-DEL-2', perch_price: '1', pay_price: '2' }),
      )
    ).data[0];
    const there = await rowIn(branch, 'CAT-DEL-2');
    await ok(branch.post('/api/firstq/update', { item_id: there.id, quantity: '4', fq_year: 1 }));
    await ok(main.post('/api/items/delete', { id: stocked.id }));
    expect((await ok(main.get('/api/items/read?search=CAT-DEL-2'))).total).toBe(0);
    const kept = await rowIn(branch, 'CAT-DEL-2');
    expect((await ok(branch.get(`/api/items/storesStock?item_id=${kept.id}`))).data[0].quantity).toBe('4.000');
  });

  it('two items that are the same goods are merged: stock, history and cost follow in every store', async () => {
    const main = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    const make = async (c: TestClient, name: string, code: string, opening?: string) =>
      (
        await ok(
          c.post('/api/items/create', {
            item_name: name,
            part_no: code,
            perch_price: '2',
            pay_price: '6',
            ...(opening ? { firstQuantity: opening } : {}),
          }),
        )
      ).data[0];
    const kept = await make(main, 'مسمار 5 سم', 'NAIL-A', '10');
    const merged = await make(main, 'مسمار خمسة', 'NAIL-B');
    const supplier = (await ok(main.get('/api/sub_accounts/readByStore?ac_id=2'))).data[0];
    const walkIn = (await ok(main.get('/api/sub_accounts/readByStore?ac_id=1'))).data.find(
      (a: { sub_name: string }) => a.sub_name === 'عميل نقدي',
    );
    await ok(
      main.post('/api/perch/createWithItems', {
        invoice: { cust_id: supplier.id, pay_date: '2026-03-01', discount: '0', pay: '0' },
        items: [{ item_id: merged.id, quantity: '10', perch_price: '4' }],
      }),
    );
    const sale = (
      await ok(
        main.post('/api/pay/createWithItems', {
          invoice: { cust_id: walkIn.id, pay_date: '2026-04-01', discount: '0', pay: '30' },
          items: [{ item_id: kept.id, quantity: '5', pay_price: '6' }],
        }),
      )
    ).data[0];
    const costOfSale = async () =>
      (await ok(main.get(`/api/reports/grossProfit?by=invoice&yearId=1&from=2026-04-01&to=2026-04-01`))).data.find(
        (row: { key: number }) => row.key === sale.pay_id,
      )?.cost;
    expect(await costOfSale()).toBe('10.00');
    // The branch's row of the merged item has stock of its own: it follows too.
    const mergedThere = (await ok(branch.get('/api/items/read?search=NAIL-B'))).data[0];
    await ok(branch.post('/api/firstq/update', { item_id: mergedThere.id, quantity: '4', fq_year: 1 }));

    // A keeper is not every store's administrator; two openings of one year in one store are not one.
    const keeper = await as('keeper', 'keeper123', 2);
    const keptThere = (await ok(branch.get('/api/items/read?search=NAIL-A'))).data[0];
    const refused = await keeper.post('/api/items/merge', { item_id: mergedThere.id, into_item_id: keptThere.id });
    expect(refused.statusCode).toBe(403);

    await ok(main.post('/api/items/merge', { item_id: merged.id, into_item_id: kept.id }));
    // One item: 10 at 2.00 and 10 at 4.00 make 20 at 3.00 before the sale, which now cost 15.00; 15 left at 45.00.
    expect((await ok(main.get('/api/items/read?search=NAIL-B'))).total).toBe(0);
    expect((await ok(branch.get('/api/items/read?search=NAIL-B'))).total).toBe(0);
    expect(await costOfSale()).toBe('15.00');
    const stock = (await ok(main.get(`/api/items/storesStock?item_id=${kept.id}`))).data;
    expect(stock.map((row: { quantity: string; value: string }) => [row.quantity, row.value])).toEqual([
      ['15.000', '45.00'],
      ['4.000', '8.00'],
    ]);
    expect(await balancesOffTheLedger()).toEqual([]);
    expect(await stockAtCostInvariants(ctx().database.db)).toEqual([]);
    const a = await make(main, 'برغي أ', 'BOLT-A', '2');
    const b = await make(main, 'برغي ب', 'BOLT-B', '3');
    const two = await main.post('/api/items/merge', { item_id: b.id, into_item_id: a.id });
    expect([two.statusCode, two.json().error.fields]).toEqual([400, { item_id: 'MERGE_TWO_OPENINGS' }]);
  });
});
