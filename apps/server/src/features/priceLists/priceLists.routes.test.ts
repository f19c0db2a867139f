/**
 * Price lists through the HTTP layer (docs/price-lists.md): the company's list prices every store's row of an item,
 * a store's own list is its own; a customer carries one; what he buys at is his list's price, else the item's; a
 * sale (desktop invoice, POS or phone, with or without a device) keeps the price the screen took from his list, and
 * a line sent without a price takes it on the server; every refusal; who may change a list.
 */
import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { answered, describeEachDatabase, signIns, type TestClient } from '../../test/testApp.ts';

describeEachDatabase('price lists', (ctx) => {
  const as = signIns(ctx, '10.46.0');
  const ok = answered;
  const newItem = async (c: TestClient, code: string, pay_price: string, perch_price = '40') =>
    (
      await ok(
        c.post('/api/items/create', {
          item_name: `صنف القائمة ${code}`,
          part_no: code,
          perch_price,
          pay_price,
          firstQuantity: '50',
        }),
      )
    ).data[0] as { id: number };
  const newCustomer = async (c: TestClient, name: string, price_list_id?: number | null) => {
    const res = await c.post('/api/sub_accounts/create', {
      sub_name: name,
      ac_id: 1,
      cat_id: 1,
      sub_balance: '0',
      ...(price_list_id === undefined ? {} : { price_list_id }),
    });
    return res;
  };
  const priceOf = async (c: TestClient, customerId: number, itemIds: number[]) =>
    ok(c.get(`/api/priceLists/customerPrices?customer_id=${customerId}&item_ids=${itemIds.join(',')}`));

  it('a customer with the wholesale list buys at its price on an invoice, the POS and the phone; others at the item’s', async () => {
    const main = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    const wholesale = (await ok(main.post('/api/priceLists/create', { name: 'جملة', for_company: true }))).data[0];
    expect(wholesale).toMatchObject({ store_id: null, name: 'جملة', prices: 0, customers: 0 });
    const own = (await ok(main.post('/api/priceLists/create', { name: 'جملة' }))).data[0];
    expect(own).toMatchObject({ store_id: 1, name: 'جملة' });
    // A name once among the company's lists, once among a store's.
    const again = await main.post('/api/priceLists/create', { name: ' جملة ', for_company: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'PRICE_LIST_NAME_TAKEN',
      fields: { name: 'PRICE_LIST_NAME_TAKEN' },
    });
    const branchOwn = (await ok(branch.post('/api/priceLists/create', { name: 'تجزئة الفرع' }))).data[0];

    const battery = await newItem(main, 'PL-1', '100');
    const tyre = await newItem(main, 'PL-2', '50');
    expect(
      (
        await ok(
          main.post('/api/priceLists/setPrices', {
            price_list_id: wholesale.id,
            prices: [{ item_id: battery.id, price: '٩٠' }],
          }),
        )
      ).data[0],
    ).toEqual({ updated: 1, removed: 0 });
    await ok(
      main.post('/api/priceLists/setPrices', { price_list_id: own.id, prices: [{ item_id: tyre.id, price: '45' }] }),
    );

    // The store sees the company's lists and its own, not another store's.
    const lists = (await ok(main.get('/api/priceLists/read'))).data;
    expect(lists.map((l: { id: number }) => l.id)).toEqual([wholesale.id, own.id]);
    expect(lists[0]).toMatchObject({ prices: 1, customers: 0 });

    const trader = (await ok(newCustomer(main, 'تاجر الجملة', wholesale.id))).data[0];
    expect(trader.price_list_id).toBe(wholesale.id);
    const shopper = (await ok(newCustomer(main, 'زبون عادي'))).data[0];
    expect(shopper.price_list_id).toBeNull();
    // Another store's list cannot be given.
    const foreign = await newCustomer(main, 'عميل بقائمة فرع', branchOwn.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({
      code: 'PRICE_LIST_NOT_FOUND',
      fields: { price_list_id: 'PRICE_LIST_NOT_FOUND' },
    });

    // What each buys at: the list's price, else the item's own.
    expect((await priceOf(main, trader.id, [battery.id, tyre.id])).data).toEqual([
      { item_id: battery.id, price: '90.00', listed: true },
      { item_id: tyre.id, price: '50.00', listed: false },
    ]);
    expect(await ok(main.get(`/api/priceLists/customerPrices?customer_id=${trader.id}`))).toEqual({
      data: [{ item_id: battery.id, price: '90.00', listed: true }],
      price_list: { id: wholesale.id, name: 'جملة' },
    });
    expect((await priceOf(main, shopper.id, [battery.id])).data).toEqual([
      { item_id: battery.id, price: '100.00', listed: false },
    ]);

    // The invoice screen sends the price it took from the list; a line without one takes it on the server.
    const invoice = (
      await ok(
        main.post('/api/pay/createWithItems', {
          invoice: { cust_id: trader.id, pay_date: today(), discount: '0', pay: '0' },
          items: [
            { item_id: battery.id, quantity: '2', pay_price: '90.00' },
            { item_id: tyre.id, quantity: '1' },
          ],
        }),
      )
    ).data[0];
    expect(invoice.items).toEqual([
      expect.objectContaining({ item_id: battery.id, pay_price: '90.00', tot: '180.00' }),
      expect.objectContaining({ item_id: tyre.id, pay_price: '50.00', tot: '50.00' }),
    ]);
    // The POS and the phone: a device's sale, its line without a price, takes the list's too; a price typed holds.
    const device = (counter: number) => ({ id: 'pos-price-list-0000-4000-8000-000000000001', counter });
    const posSale = (
      await ok(
        main.post('/api/pay/createWithItems', {
          invoice: { cust_id: trader.id, pay_date: today(), pay: '0', pay_method: 'cash' },
          items: [{ item_id: battery.id, quantity: '1' }],
          idempotency_key: 'price-list-pos-000001',
          device: device(1),
        }),
      )
    ).data[0];
    expect(posSale.items[0]).toMatchObject({ item_id: battery.id, pay_price: '90.00' });
    const typed = (
      await ok(
        main.post('/api/pay/createWithItems', {
          invoice: { cust_id: trader.id, pay_date: today(), pay: '0' },
          items: [{ item_id: battery.id, quantity: '1', pay_price: '95' }],
          idempotency_key: 'price-list-phone-00001',
          device: device(2),
        }),
      )
    ).data[0];
    expect(typed.items[0]).toMatchObject({ pay_price: '95.00' });
    const shelf = (
      await ok(
        main.post('/api/pay/createWithItems', {
          invoice: { cust_id: shopper.id, pay_date: today(), pay: '0' },
          items: [{ item_id: battery.id, quantity: '1' }],
        }),
      )
    ).data[0];
    expect(shelf.items[0]).toMatchObject({ pay_price: '100.00' });
    // A purchase from a supplier never takes a customer's list.
    const supplier = (await ok(main.get('/api/sub_accounts/readByStore?ac_id=2'))).data[0];
    const bought = (
      await ok(
        main.post('/api/perch/createWithItems', {
          invoice: { cust_id: supplier.id, pay_date: today(), discount: '0', pay: '0' },
          items: [{ item_id: battery.id, quantity: '1', perch_price: '40' }],
        }),
      )
    ).data[0];
    expect(bought.items[0]).toMatchObject({ pay_price: '100.00', perch_price: '40.00' });

    // The company's list prices the branch's row of the item too; the main store's own list does not reach it.
    const there = (await ok(branch.get('/api/items/read?search=PL-1'))).data[0];
    const tyreThere = (await ok(branch.get('/api/items/read?search=PL-2'))).data[0];
    const branchTrader = (await ok(newCustomer(branch, 'تاجر الفرع', wholesale.id))).data[0];
    expect((await priceOf(branch, branchTrader.id, [there.id, tyreThere.id])).data).toEqual([
      { item_id: there.id, price: '90.00', listed: true },
      { item_id: tyreThere.id, price: '50.00', listed: false },
    ]);
    const mainOwnThere = await newCustomer(branch, 'عميل بقائمة الرئيسي', own.id);
    expect(mainOwnThere.statusCode).toBe(404);
  });

  it('a list’s page of items: its prices beside the items’ own, searched, only the priced; removed by null', async () => {
    const c = await as('admin', 'admin123', 1);
    const list = (await ok(c.post('/api/priceLists/create', { name: 'قائمة الصفحة' }))).data[0];
    const a = await newItem(c, 'PG-1', '10');
    const b = await newItem(c, 'PG-2', '20.5');
    await ok(
      c.post('/api/priceLists/setPrices', {
        price_list_id: list.id,
        prices: [
          { item_id: a.id, price: '9.25' },
          { item_id: b.id, price: '19' },
        ],
      }),
    );
    const page = await ok(c.get(`/api/priceLists/prices?price_list_id=${list.id}&search=PG-&pageSize=1`));
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.data).toEqual([
      {
        item_id: a.id,
        item_name: 'صنف القائمة PG-1',
        part_no: 'PG-1',
        item_parcode: null,
        item_unit: null,
        pay_price: '10.00',
        price: '9.25',
      },
    ]);
    expect(
      (await ok(c.get(`/api/priceLists/prices?price_list_id=${list.id}&search=PG-&page=2&pageSize=1`))).data[0],
    ).toMatchObject({ item_id: b.id, price: '19.00' });
    expect(
      await ok(
        c.post('/api/priceLists/setPrices', {
          price_list_id: list.id,
          prices: [
            { item_id: a.id, price: null },
            { item_id: b.id, price: '18' },
          ],
        }),
      ),
    ).toEqual({ data: [{ updated: 1, removed: 1 }] });
    const priced = await ok(c.get(`/api/priceLists/prices?price_list_id=${list.id}&priced=1`));
    expect(priced.data.map((row: { item_id: number; price: string }) => [row.item_id, row.price])).toEqual([
      [b.id, '18.00'],
    ]);
    // Other items of the store are listed without a list price.
    const all = await ok(c.get(`/api/priceLists/prices?price_list_id=${list.id}&priced=0&search=PG-`));
    expect(all.data).toEqual([expect.objectContaining({ item_id: a.id, price: null })]);
  });

  it('refuses an unknown item, an item twice, a negative price, another store’s list, a list in use; renames and deletes', async () => {
    const c = await as('admin', 'admin123', 1);
    const branch = await as('admin', 'admin123', 2);
    const list = (await ok(c.post('/api/priceLists/create', { name: 'قائمة الرفض' }))).data[0];
    const branchList = (await ok(branch.post('/api/priceLists/create', { name: 'قائمة الفرع' }))).data[0];
    const item = await newItem(c, 'RF-1', '30');
    const refused = async (body: unknown, status: number, error: object) => {
      const res = await c.post('/api/priceLists/setPrices', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatchObject(error);
    };
    await refused({ price_list_id: list.id, prices: [{ item_id: 999999, price: '1' }] }, 400, {
      code: 'ITEM_NOT_FOUND',
      fields: { 'prices.0.item_id': 'ITEM_NOT_FOUND' },
    });
    const there = (await ok(branch.get('/api/items/read?search=RF-1'))).data[0];
    await refused({ price_list_id: list.id, prices: [{ item_id: there.id, price: '1' }] }, 400, {
      code: 'ITEM_NOT_FOUND',
    });
    await refused(
      {
        price_list_id: list.id,
        prices: [
          { item_id: item.id, price: '1' },
          { item_id: item.id, price: '2' },
        ],
      },
      400,
      { code: 'ITEM_REPEATED', fields: { 'prices.1.item_id': 'ITEM_REPEATED' } },
    );
    await refused({ price_list_id: list.id, prices: [{ item_id: item.id, price: '-1' }] }, 400, {
      code: 'VALIDATION_FAILED',
    });
    await refused({ price_list_id: list.id, prices: [{ item_id: item.id, price: '1e20' }] }, 400, {});
    await refused({ price_list_id: branchList.id, prices: [{ item_id: item.id, price: '1' }] }, 404, {
      code: 'PRICE_LIST_NOT_FOUND',
    });
    // Nothing of a refused call was kept.
    expect((await ok(c.get(`/api/priceLists/prices?price_list_id=${list.id}&priced=1`))).total).toBe(0);
    expect((await c.get(`/api/priceLists/prices?price_list_id=${branchList.id}`)).statusCode).toBe(404);

    const renamed = (await ok(c.post('/api/priceLists/update', { id: list.id, name: 'قائمة معدلة' }))).data[0];
    expect(renamed).toMatchObject({ id: list.id, name: 'قائمة معدلة' });
    const customer = (await ok(newCustomer(c, 'عميل قائمة الرفض', list.id))).data[0];
    const inUse = await c.post('/api/priceLists/delete', { id: list.id });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('PRICE_LIST_IN_USE');
    // Taking him off the list (an edit that sends null), then the list can go; an edit that leaves it out keeps it.
    const edit = (price_list_id?: number | null) =>
      ok(
        c.post('/api/sub_accounts/update', {
          id: customer.id,
          ac_id: 1,
          cat_id: 1,
          sub_name: customer.sub_name,
          sub_balance: '0',
          ...(price_list_id === undefined ? {} : { price_list_id }),
        }),
      );
    expect((await edit()).data[0].price_list_id).toBe(list.id);
    expect((await edit(null)).data[0].price_list_id).toBeNull();
    expect(await ok(c.post('/api/priceLists/delete', { id: list.id }))).toEqual({ data: [{ id: list.id }] });
    expect((await c.post('/api/priceLists/delete', { id: list.id })).statusCode).toBe(404);
    expect((await c.post('/api/priceLists/delete', { id: branchList.id })).statusCode).toBe(404);
    // An unknown customer has no prices.
    const nobody = await c.get('/api/priceLists/customerPrices?customer_id=999999');
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('a cashier reads what a customer buys at but changes no list; a price list goes with the right to change prices', async () => {
    const admin = await as('admin', 'admin123', 1);
    const list = (await ok(admin.post('/api/priceLists/create', { name: 'قائمة الكاشير' }))).data[0];
    const item = await newItem(admin, 'CS-1', '12', '8');
    const dear = await newItem(admin, 'CS-2', '12', '10');
    await ok(
      admin.post('/api/priceLists/setPrices', {
        price_list_id: list.id,
        prices: [
          { item_id: item.id, price: '11' },
          { item_id: dear.id, price: '9' },
        ],
      }),
    );
    const customer = (await ok(newCustomer(admin, 'عميل الكاشير', list.id))).data[0];
    const cashier = await as('cashier', 'cashier123', 1);
    expect((await priceOf(cashier, customer.id, [item.id])).data).toEqual([
      { item_id: item.id, price: '11.00', listed: true },
    ]);
    expect((await ok(cashier.get('/api/priceLists/read'))).data.length).toBeGreaterThan(0);
    for (const [url, body] of [
      ['/api/priceLists/create', { name: 'قائمة ممنوعة' }],
      ['/api/priceLists/update', { id: list.id, name: 'x' }],
      ['/api/priceLists/delete', { id: list.id }],
      ['/api/priceLists/setPrices', { price_list_id: list.id, prices: [{ item_id: item.id, price: '1' }] }],
    ] as const) {
      const res = await cashier.post(url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'prices' });
    }
    // A cashier's sale to him, its line without a price, takes the list's.
    const sold = (
      await ok(
        cashier.post('/api/pay/createWithItems', {
          invoice: { cust_id: customer.id, pay_date: today(), pay: '11' },
          items: [{ item_id: item.id, quantity: '1' }],
        }),
      )
    ).data[0];
    expect(sold.items[0]).toMatchObject({ pay_price: '11.00' });
    // A list's price below the item's cost is still selling below cost: a cashier's role is refused it.
    const belowCost = await cashier.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: today(), pay: '0' },
      items: [{ item_id: dear.id, quantity: '1' }],
    });
    expect(belowCost.statusCode).toBe(403);
    expect(belowCost.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'priceBelowCost' });
    // The store keeper (items, not prices) of the branch changes no list either.
    const keeper = await as('keeper', 'keeper123', 2);
    const res = await keeper.post('/api/priceLists/create', { name: 'قائمة أمين المخزن' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.missing).toBe('prices');
  });

  it('a store keeper given prices changes the branch’s own lists, not the company’s (an administrator of every store does)', async () => {
    const owner = await as('admin', 'admin123', 2);
    const keepers = (await ok(owner.get('/api/roles/read'))).data.find((r: { id: number }) => r.id === 4);
    await ok(
      owner.post('/api/roles/update', {
        id: keepers.id,
        name: keepers.name,
        permissions: [...keepers.permissions, 'prices'],
        discount_limit: keepers.discount_limit,
      }),
    );
    const company = (await ok(owner.post('/api/priceLists/create', { name: 'جملة الشركة', for_company: true })))
      .data[0];
    const keeper = await as('keeper', 'keeper123', 2);
    const own = (await ok(keeper.post('/api/priceLists/create', { name: 'عروض الفرع' }))).data[0];
    expect(own).toMatchObject({ store_id: 2 });
    await ok(keeper.post('/api/priceLists/update', { id: own.id, name: 'عروض الفرع الأسبوعية' }));
    for (const [url, body] of [
      ['/api/priceLists/create', { name: 'قائمة شركة ممنوعة', for_company: true }],
      ['/api/priceLists/update', { id: company.id, name: 'x' }],
      ['/api/priceLists/delete', { id: company.id }],
      ['/api/priceLists/setPrices', { price_list_id: company.id, prices: [{ item_id: 1, price: '1' }] }],
    ] as const) {
      const res = await keeper.post(url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('ALL_STORES_ADMIN_ONLY');
    }
    await ok(owner.post('/api/roles/update', keepers));
  });
});
