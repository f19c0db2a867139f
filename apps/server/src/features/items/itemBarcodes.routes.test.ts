import { ean13CheckDigit, isValidEan13, storeEan13 } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

const item = (name: string, codes: { part_no?: string; item_parcode?: string } = {}) => ({
  item_name: name,
  pay_price: '10.00',
  perch_price: '7.00',
  ...codes,
});

/** `items/assignBarcodes` (docs/labels.md): the store's own EAN-13s, unique in the company, check digit right. */
describeEachDatabase("items given the store's own barcodes", (ctx) => {
  const signedIn = async (user = 'admin', password = 'admin123', store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, store);
    return c;
  };
  const create = async (c: TestClient, body: ReturnType<typeof item>) => {
    const res = await c.post('/api/items/create', body);
    expect(res.statusCode).toBe(200);
    return res.json().data[0].id as number;
  };
  const assign = (c: TestClient, item_ids: unknown) => c.post('/api/items/assignBarcodes', { item_ids });
  const barcodeOf = async (c: TestClient, id: number) =>
    (await c.get(`/api/items/getItemById?id=${id}`)).json().data[0].item_parcode as string | null;
  const storeBody = { id: 1, store_name: 'المخزن الرئيسي', location: 'الخرطوم' };
  const prefixOf = async (c: TestClient, id = 1) =>
    (await c.get('/api/store/read')).json().data.find((s: { id: number }) => s.id === id).ean_prefix;

  it('every store starts with prefix 04; items without a barcode get the next numbers after any item of any store', async () => {
    const admin = await signedIn();
    expect(await prefixOf(admin, 1)).toBe('04');
    expect(await prefixOf(admin, 2)).toBe('04');
    // A code of the prefix in the other store (as its item code, with a wrong check digit) takes its number too.
    const keeper = await signedIn('keeper', 'keeper123', 2);
    await create(keeper, item('صنف المخزن الثاني', { part_no: '0400000000050' }));

    const bare = await create(admin, item('فلتر زيت'));
    const withCode = await create(admin, item('فلتر هواء', { part_no: 'AF-1' }));
    const withBarcode = await create(admin, item('شمعة', { item_parcode: '5901234123457' }));
    const res = await assign(admin, [withBarcode, withCode, bare]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: bare, item_parcode: storeEan13('04', 6n), assigned: true },
      { id: withCode, item_parcode: storeEan13('04', 7n), assigned: true },
      { id: withBarcode, item_parcode: '5901234123457', assigned: false },
    ]);
    expect(storeEan13('04', 6n)).toBe(`040000000006${ean13CheckDigit('040000000006')}`);
    expect(await barcodeOf(admin, bare)).toBe(storeEan13('04', 6n));
    expect(await barcodeOf(admin, withCode)).toBe(storeEan13('04', 7n));

    // Again: each keeps the one it has; nothing new is given.
    const again = await assign(admin, [bare, withCode]);
    expect(again.json().data.map((row: { assigned: boolean }) => row.assigned)).toEqual([false, false]);

    // The store keeper (items permission) of the other store numbers after the first store's.
    const other = await create(keeper, item('صنف ثان'));
    expect((await assign(keeper, [other])).json().data[0].item_parcode).toBe(storeEan13('04', 8n));
  });

  it('an administrator sets the prefix (Arabic digits too); a prefix in the scales’ range is refused on its field', async () => {
    const admin = await signedIn();
    expect((await admin.post('/api/store/update', { ...storeBody, ean_prefix: '٠٤١٢' })).statusCode).toBe(200);
    expect(await prefixOf(admin)).toBe('0412');
    const id = await create(admin, item('مفتاح'));
    expect((await assign(admin, [id])).json().data[0].item_parcode).toBe(storeEan13('0412', 1n));

    for (const [prefix, code] of [
      ['29', 'EAN_PREFIX_SCALE_RANGE'],
      ['20', 'EAN_PREFIX_SCALE_RANGE'],
      ['02', 'EAN_PREFIX_SCALE_RANGE'],
      ['4', 'EAN_PREFIX_FORMAT'],
      ['04a', 'EAN_PREFIX_FORMAT'],
    ] as const) {
      const res = await admin.post('/api/store/update', { ...storeBody, ean_prefix: prefix });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ean_prefix: code } });
    }
    expect(await prefixOf(admin)).toBe('0412');
    // A legacy client that does not send it leaves it as it is; a cashier may not change it.
    expect((await admin.post('/api/store/update', storeBody)).statusCode).toBe(200);
    expect(await prefixOf(admin)).toBe('0412');
    const cashier = await signedIn('cashier', 'cashier123');
    expect((await cashier.post('/api/store/update', { ...storeBody, ean_prefix: '04' })).statusCode).toBe(403);
    expect((await admin.post('/api/store/update', { ...storeBody, ean_prefix: '04' })).statusCode).toBe(200);
  });

  it("refused: without the items permission, another store's item, no items; nothing is given", async () => {
    const admin = await signedIn();
    const mine = await create(admin, item('صنف بلا باركود'));
    const keeper = await signedIn('keeper', 'keeper123', 2);
    const theirs = await create(keeper, item('صنف مخزن آخر'));
    const cashier = await signedIn('cashier', 'cashier123');
    const denied = await assign(cashier, [mine]);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('PERMISSION_DENIED');
    const foreign = await assign(admin, [mine, theirs]);
    expect(foreign.statusCode).toBe(404);
    expect((await assign(admin, [])).statusCode).toBe(400);
    expect((await assign(admin, ['x'])).statusCode).toBe(400);
    expect(await barcodeOf(admin, mine)).toBeNull();
  });

  it('refused with BARCODE_NUMBERS_USED_UP when the prefix has no number left', async () => {
    const admin = await signedIn();
    // A 9-digit prefix leaves 999 numbers; an item already holds the last.
    expect((await admin.post('/api/store/update', { ...storeBody, ean_prefix: '040000000' })).statusCode).toBe(200);
    await create(admin, item('آخر رقم', { item_parcode: storeEan13('040000000', 999n) }));
    const id = await create(admin, item('بلا رقم'));
    const res = await assign(admin, [id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('BARCODE_NUMBERS_USED_UP');
    expect(await barcodeOf(admin, id)).toBeNull();
    expect((await admin.post('/api/store/update', { ...storeBody, ean_prefix: '04' })).statusCode).toBe(200);
  });

  it("items/readByIds answers the store's items in the order asked, leaving out another store's and unknown ids", async () => {
    const admin = await signedIn();
    const keeper = await signedIn('keeper', 'keeper123', 2);
    const first = await create(admin, item('أول للملصق'));
    const second = await create(admin, item('ثان للملصق', { part_no: 'RB-2' }));
    const theirs = await create(keeper, item('لمخزن آخر'));
    const res = await admin.get(`/api/items/readByIds?ids=${second},${theirs},999999,${first},${second}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((row: { id: number }) => row.id)).toEqual([second, first]);
    expect(res.json().data[0]).toMatchObject({ part_no: 'RB-2', pay_price: '10.00', tax: '0.00' });
    expect((await admin.get('/api/items/readByIds?ids=')).statusCode).toBe(400);
    expect((await admin.get('/api/items/readByIds?ids=a,1')).statusCode).toBe(400);
  });

  it('assignments at once, in two stores, never give one number twice', async () => {
    const admin = await signedIn();
    const keeper = await signedIn('keeper', 'keeper123', 2);
    const ids1 = await Promise.all(Array.from({ length: 12 }, (_, i) => create(admin, item(`أول ${i}`))));
    const ids2 = await Promise.all(Array.from({ length: 12 }, (_, i) => create(keeper, item(`ثان ${i}`))));
    // Each call its own item (no row lock in common), and a few asking for all of their store's at once.
    const calls = [
      ...ids1.map((id) => assign(admin, [id])),
      ...ids2.map((id) => assign(keeper, [id])),
      assign(admin, ids1),
      assign(keeper, ids2),
    ];
    const answers = await Promise.all(calls);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const given = answers.flatMap((a) => a.json().data.filter((row: { assigned: boolean }) => row.assigned)) as {
      id: number;
      item_parcode: string;
    }[];
    // Each item was given exactly one number, each number to one item, all valid EAN-13s of the prefix.
    expect(given.map((row) => row.id).sort()).toEqual([...ids1, ...ids2].sort());
    expect(new Set(given.map((row) => row.item_parcode)).size).toBe(24);
    for (const row of given) {
      expect(isValidEan13(row.item_parcode)).toBe(true);
      expect(row.item_parcode.startsWith('04')).toBe(true);
    }
    const { rows } = await ctx().database.db.execute<{ n: number }>(
      // One catalogue (docs/catalogue.md): each store holds its own row of an item, with the item's barcode; no
      // barcode is two items'.
      sql`select count(*)::int as n from (select item_parcode from items where item_parcode like '04%'
        group by item_parcode having count(distinct catalogue_id) > 1) d`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});
