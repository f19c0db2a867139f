import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { firstq, stockMovement } from '../../db/schema.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

const oil = {
  item_name: 'زيت محرك 5W30',
  item_desc: 'Engine oil 5W30',
  aliasEn: 'oil',
  part_no: 'OIL-530',
  item_parcode: '6281000000017',
  brand: 'Shell',
  model: 'Helix',
  item_unit: 'لتر',
  min_qty: '5',
  perch_price: '1200.00',
  pay_price: '1500.50',
  tax: '15',
};

describeEachDatabase('items', (ctx) => {
  const signedIn = async (user = 'admin', password = 'admin123', store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, store);
    return c;
  };

  it('an item is created with every field and an opening quantity that posts one stock movement', async () => {
    const c = await signedIn();
    const category = (await c.post('/api/item_categories/create', { category_name: 'زيوت' })).json().data[0];
    const res = await c.post('/api/items/create.php', {
      ...oil,
      category_id: category.id,
      firstQuantity: '12.5',
      store_id: 1,
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().data[0];
    expect(item).toMatchObject({
      ...oil,
      min_qty: '5.000',
      tax: '15.00',
      category_id: category.id,
      category_name: 'زيوت',
      store_id: 1,
    });
    const { db } = ctx().database;
    const openings = await db.select().from(firstq).where(eq(firstq.item_id, item.id));
    expect(openings).toEqual([
      expect.objectContaining({ fq_year: 1, quantity: '12.500', pay_price: '1500.50', perch_price: '1200.00' }),
    ]);
    const moves = await db.select().from(stockMovement).where(eq(stockMovement.item_id, item.id));
    expect(moves).toEqual([expect.objectContaining({ quantity: '12.500', source_kind: 'firstq', yearId: 1 })]);
    expect((await c.get(`/api/items/getItemById?id=${item.id}`)).json().data[0].item_name).toBe(oil.item_name);
  });

  it.each([
    ['a zero selling price', { pay_price: '0' }, 'pay_price', 'AMOUNT_NOT_POSITIVE'],
    ['a negative purchase price', { perch_price: '-5' }, 'perch_price', 'AMOUNT_NOT_POSITIVE'],
    ['a price with 3 decimals', { pay_price: '1.005' }, 'pay_price', 'AMOUNT_INVALID'],
    ['a price that is not a number', { pay_price: 'abc' }, 'pay_price', 'AMOUNT_INVALID'],
    ['a missing name', { item_name: ' ' }, 'item_name', 'REQUIRED'],
    ['a VAT over 100 %', { tax: '150' }, 'tax', 'PERCENT_OUT_OF_RANGE'],
  ])('%s is refused with its code on that field (the screen words it)', async (_, change, field, code) => {
    const c = await signedIn();
    const res = await c.post('/api/items/create', { ...oil, part_no: null, item_parcode: null, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(code);
  });

  it("code and barcode are the company's, and the refusal names the field", async () => {
    const c = await signedIn();
    await c.post('/api/items/create', { ...oil, part_no: 'DUP-1', item_parcode: 'BAR-1' });
    const sameCode = await c.post('/api/items/create', { ...oil, part_no: 'DUP-1', item_parcode: 'BAR-2' });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().error).toMatchObject({ code: 'ITEM_CODE_TAKEN', fields: { part_no: 'ITEM_CODE_TAKEN' } });
    const sameBarcode = await c.post('/api/items/create', { ...oil, part_no: 'DUP-2', item_parcode: 'BAR-1' });
    expect(sameBarcode.json().error.code).toBe('ITEM_BARCODE_TAKEN');
    // One catalogue (docs/catalogue.md): another store holds the same item, so its code and barcode are taken there
    // too; items without a code never clash.
    const other = await signedIn('admin', 'admin123', 2);
    const elsewhere = await other.post('/api/items/create', { ...oil, part_no: 'DUP-1', item_parcode: 'BAR-9' });
    expect(elsewhere.json().error).toMatchObject({ code: 'ITEM_CODE_TAKEN', fields: { part_no: 'ITEM_CODE_TAKEN' } });
    const barcodeElsewhere = await other.post('/api/items/create', { ...oil, part_no: 'DUP-9', item_parcode: 'BAR-1' });
    expect(barcodeElsewhere.json().error.code).toBe('ITEM_BARCODE_TAKEN');
    for (let i = 0; i < 2; i++) {
      expect((await c.post('/api/items/create', { ...oil, part_no: '', item_parcode: null })).statusCode).toBe(200);
    }
  });

  it('createMulti saves all the items or, when one is wrong, none of them', async () => {
    const c = await signedIn('admin', 'admin123', 2);
    const before = (await c.get('/api/items/read?pageSize=200')).json().total;
    const bad = await c.post('/api/items/createMulti', [
      { ...oil, item_name: 'أ', part_no: 'M-1', item_parcode: null },
      { ...oil, item_name: 'ب', part_no: 'M-1', item_parcode: null },
    ]);
    expect(bad.statusCode).toBe(409);
    expect(bad.json().error.fields).toEqual({ '1.part_no': 'ITEM_CODE_TAKEN' });
    expect((await c.get('/api/items/read?pageSize=200')).json().total).toBe(before);
    // Legacy clients send the array as a JSON string.
    const good = await c.request(
      'POST',
      '/api/items/createMulti.php',
      JSON.stringify([{ ...oil, item_name: 'ج', part_no: null, item_parcode: null }]),
      { 'content-type': 'text/plain' },
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().data[0].item_name).toBe('ج');
  });

  it('the list is paged on the server, searched (trimmed) and filtered by category, brand and model', async () => {
    const c = await signedIn('admin', 'admin123', 2);
    const category = (await c.post('/api/item_categories/create', { category_name: 'بطاريات' })).json().data[0];
    const batch = Array.from({ length: 25 }, (_, i) => ({
      ...oil,
      item_name: `بطارية ${String(i + 1).padStart(2, '0')}`,
      part_no: `BAT-${i}`,
      item_parcode: null,
      brand: i % 2 ? 'Varta' : 'Bosch',
      model: i % 2 ? 'Blue' : 'S4',
      category_id: category.id,
    }));
    expect((await c.post('/api/items/createMulti', batch)).statusCode).toBe(200);

    const first = (await c.get(`/api/items/read?category_id=${category.id}`)).json();
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.data).toHaveLength(20);
    const second = (await c.get(`/api/items/read?category_id=${category.id}&page=2`)).json();
    expect(second.data.map((i: { item_name: string }) => i.item_name)).toEqual(
      ['21', '22', '23', '24', '25'].map((n) => `بطارية ${n}`),
    );
    expect((await c.get(`/api/items/read?search=${encodeURIComponent('  بطارية 07 ')}`)).json().data).toHaveLength(1);
    expect((await c.get('/api/items/read?search=BAT-1')).json().total).toBe(11); // BAT-1, BAT-10..19
    expect((await c.get('/api/items/read?search=%25')).json().total).toBe(0);
    expect((await c.get(`/api/items/read?category_id=${category.id}&brand=Varta&model=Blue`)).json().total).toBe(12);
    expect((await c.get('/api/items/read?category_id=all&brand=Bosch')).json().total).toBe(13);
    expect((await c.get('/api/items/readUniqueBrands.php?store_id=2')).json().data).toEqual(
      expect.arrayContaining([{ brand: 'Bosch' }, { brand: 'Varta' }]),
    );
    expect((await c.get('/api/items/readUniqueModels?brand=Varta')).json().data).toEqual([{ model: 'Blue' }]);
    expect((await c.get('/api/items/readBrand.php')).json().data).toEqual(expect.arrayContaining([{ brand: 'Varta' }]));
  });

  it("another store's row of an item is never readable, editable or deletable; each store prices its own", async () => {
    const owner = await signedIn('admin', 'admin123', 1);
    const item = (await owner.post('/api/items/create', { ...oil, part_no: 'PRIVATE', item_parcode: null })).json()
      .data[0];
    const stranger = await signedIn('admin', 'admin123', 2);
    // A read answers an empty data array, as legacy clients expect of a missing record (nothing leaks).
    const read = await stranger.get(`/api/items/getItemById?id=${item.id}`);
    expect([read.statusCode, read.json().data]).toEqual([200, []]);
    expect(
      (await stranger.post('/api/items/update', { ...oil, id: item.id, part_no: null, item_parcode: null })).statusCode,
    ).toBe(404);
    expect((await stranger.post('/api/items/delete', { id: item.id })).statusCode).toBe(404);
    expect((await stranger.post('/api/items/updatePayPrice', { id: item.id, pay_price: '1' })).statusCode).toBe(404);
    // Store 2 stocks the company's item as its own row (docs/catalogue.md): its price is store 2's alone.
    const own = (await stranger.get('/api/items/read?search=PRIVATE')).json();
    expect([own.total, own.data[0].id === item.id, own.data[0].pay_price]).toEqual([1, false, '1500.50']);
    expect((await stranger.post('/api/items/updatePayPrice', { id: own.data[0].id, pay_price: '1' })).statusCode).toBe(
      200,
    );
    expect((await owner.get(`/api/items/getItemById?id=${item.id}`)).json().data[0].pay_price).toBe('1500.50');
  });

  it('the invoice pickers find items by name, code or barcode with their stock of the year', async () => {
    const c = await signedIn();
    const item = (
      await c.post('/api/items/create', { ...oil, part_no: 'STK-1', item_parcode: '999000111', firstQuantity: '7.5' })
    ).json().data[0];
    const byBarcode = (await c.get('/api/items/searchStock.php?search=999000111')).json().data;
    expect(byBarcode[0]).toMatchObject({ id: item.id, quantity: '7.500' });
    expect((await c.get('/api/items/searchStock?search=STK')).json().data.map((i: { id: number }) => i.id)).toContain(
      item.id,
    );
    expect((await c.get(`/api/items/readItemByIdQty?id=${item.id}&yearId=2`)).json().data[0].quantity).toBe('0.000');
    expect((await c.get(`/api/items/readItemByIdQty?id=${item.id}`)).json().data[0].quantity).toBe('7.500');
  });

  it('searchStock with an id answers that item alone, with its stock; with a search too, only if it matches', async () => {
    const c = await signedIn();
    const item = (
      await c.post('/api/items/create', { ...oil, part_no: 'SID-1', item_parcode: '999000222', firstQuantity: '3' })
    ).json().data[0];
    await c.post('/api/items/create', { ...oil, item_name: 'زيت آخر', part_no: 'SID-2', item_parcode: null });
    const byId = (await c.get(`/api/items/searchStock?id=${item.id}`)).json().data;
    expect(byId).toEqual([expect.objectContaining({ id: item.id, quantity: '3.000' })]);
    expect((await c.get(`/api/items/searchStock.php?id=${item.id}&search=SID`)).json().data).toEqual([
      expect.objectContaining({ id: item.id }),
    ]);
    expect((await c.get(`/api/items/searchStock?id=${item.id}&search=SID-2`)).json().data).toEqual([]);
    const store2 = await signedIn('admin', 'admin123', 2);
    expect((await store2.get(`/api/items/searchStock?id=${item.id}`)).json().data).toEqual([]);
  });

  it('an item is edited, its price updated, and a category of another store is refused', async () => {
    const c = await signedIn();
    const item = (await c.post('/api/items/create', { ...oil, part_no: 'EDIT-1', item_parcode: null })).json().data[0];
    const edited = await c.post('/api/items/update', {
      ...oil,
      id: item.id,
      item_name: 'زيت 10W40',
      part_no: 'EDIT-1',
      item_parcode: null,
      brand: '',
    });
    expect(edited.json().data[0]).toMatchObject({ item_name: 'زيت 10W40', brand: null });
    const priced = await c.post('/api/items/updatePayPrice', { id: item.id, pay_price: '1750' });
    expect(priced.json().data[0]).toMatchObject({ pay_price: '1750.00', perch_price: '1200.00' });
    const store2 = await signedIn('admin', 'admin123', 2);
    const foreign = (await store2.post('/api/item_categories/create', { category_name: 'فئة المخزن الثاني' })).json()
      .data[0];
    const refused = await c.post('/api/items/update', {
      ...oil,
      id: item.id,
      part_no: 'EDIT-1',
      item_parcode: null,
      category_id: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.category_id).toBe('CATEGORY_NOT_FOUND');
  });

  it('deleting by GET is refused; an item moved by a document is kept with 409; an unused one goes with its opening stock', async () => {
    const c = await signedIn();
    const used = (
      await c.post('/api/items/create', { ...oil, part_no: 'USED', item_parcode: null, firstQuantity: '3' })
    ).json().data[0];
    expect((await c.get(`/api/items/delete.php?id=${used.id}`)).statusCode).toBe(405);
    const { db } = ctx().database;
    await db.insert(stockMovement).values({
      store_id: 1,
      yearId: 1,
      item_id: used.id,
      quantity: '-1',
      source_kind: 'pay',
      source_id: 1,
      move_date: '2026-01-01',
    });
    const refused = await c.post('/api/items/delete', { id: used.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('لا يمكن حذف الصنف لأنه مستخدم في فواتير أو حركات مخزنية');
    await db.delete(stockMovement).where(and(eq(stockMovement.item_id, used.id), eq(stockMovement.source_kind, 'pay')));

    const deleted = await c.request('DELETE', `/api/items/delete.php?id=${used.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await c.get(`/api/items/getItemById?id=${used.id}`)).json().data).toEqual([]);
    expect(await db.select().from(firstq).where(eq(firstq.item_id, used.id))).toEqual([]);
  });

  it('bulk price change: preview first, amounts or percentages, by category, and never to zero or below', async () => {
    const c = await signedIn('admin', 'admin123', 2);
    const category = (await c.post('/api/item_categories/create', { category_name: 'للتسعير' })).json().data[0];
    const priced = await c.post('/api/items/createMulti', [
      {
        ...oil,
        item_name: 'س1',
        part_no: null,
        item_parcode: null,
        category_id: category.id,
        pay_price: '100',
        perch_price: '80',
      },
      {
        ...oil,
        item_name: 'س2',
        part_no: null,
        item_parcode: null,
        category_id: category.id,
        pay_price: '10.05',
        perch_price: '5',
      },
    ]);
    const [a, b] = priced.json().data;
    const preview = await c.post('/api/items/previewPriceChange?direction=increase', {
      payval: '10',
      perchval: '0',
      mode: 'percent',
      category_id: category.id,
    });
    expect(preview.json()).toMatchObject({ total: 2, notPositive: 0 });
    expect(preview.json().data).toContainEqual(
      expect.objectContaining({ item_id: b.id, pay_price: '10.05', new_pay_price: '11.06' }),
    );
    expect((await c.get(`/api/items/getItemById?id=${b.id}`)).json().data[0].pay_price).toBe('10.05');

    const increased = await c.post('/api/items/increasePrice', {
      payval: 10,
      perchval: 0,
      mode: 'percent',
      category_id: category.id,
    });
    expect(increased.json().data[0].updated).toBe(2);
    expect((await c.get(`/api/items/getItemById?id=${a.id}`)).json().data[0].pay_price).toBe('110.00');
    expect((await c.get(`/api/items/getItemById?id=${b.id}`)).json().data[0].pay_price).toBe('11.06');

    const tooMuch = await c.post('/api/items/decreasePrice.php', {
      payval: '20',
      perchval: '0',
      category_id: category.id,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.code).toBe('PRICE_NOT_POSITIVE');
    expect((await c.get(`/api/items/getItemById?id=${a.id}`)).json().data[0].pay_price).toBe('110.00');

    await c.post('/api/items/decreasePrice', { payval: '1.06', perchval: '1', category_id: category.id });
    expect((await c.get(`/api/items/getItemById?id=${b.id}`)).json().data[0]).toMatchObject({
      pay_price: '10.00',
      perch_price: '4.00',
    });
  });

  it('truncateItems is for administrators only, never by GET, and refused once documents moved stock', async () => {
    const cashier = await signedIn('cashier', 'cashier123', 1);
    const refused = await cashier.post('/api/items/truncateItems');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'items' });
    const admin = await signedIn('admin', 'admin123', 1);
    expect((await admin.get('/api/items/truncateItems.php')).statusCode).toBe(405);
    const count = (await admin.get('/api/items/read')).json().total;
    expect(count).toBeGreaterThan(0);

    const { db } = ctx().database;
    const [anyItem] = (await admin.get('/api/items/read')).json().data;
    await db.insert(stockMovement).values({
      store_id: 1,
      yearId: 1,
      item_id: anyItem.id,
      quantity: '2',
      source_kind: 'perch',
      source_id: 9,
      move_date: '2026-01-01',
    });
    const blocked = await admin.post('/api/items/truncateItems');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('ITEMS_HAVE_MOVEMENTS');
    await db.delete(stockMovement).where(eq(stockMovement.source_kind, 'perch'));

    const done = await admin.post('/api/items/truncateItems');
    expect(done.json().data[0].deleted).toBe(count);
    expect((await admin.get('/api/items/read')).json().total).toBe(0);
    // Store 2 keeps its items.
    const store2 = await signedIn('admin', 'admin123', 2);
    expect((await store2.get('/api/items/read')).json().total).toBeGreaterThan(0);
  });
});
