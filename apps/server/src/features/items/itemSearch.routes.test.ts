/**
 * The one item search (`itemSearch.ts`) through the HTTP layer: the items list, the pickers' search, the item-stock
 * screen and the opening quantities all find an item however its letters and digits were typed, as the party
 * search does (`foldArabic`), and find nothing else.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

const item = (fields: { item_name: string } & Record<string, string | null>) => ({
  item_desc: null,
  aliasEn: null,
  part_no: null,
  item_parcode: null,
  perch_price: '10',
  pay_price: '15',
  ...fields,
});

describeEachDatabase('item search', (ctx) => {
  const signedIn = async (store: number) => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', store);
    return c;
  };
  // Store 2 stocks the demo's catalogue too: the terms searched below are only in what this file created.
  const store2 = async () => {
    const c = await signedIn(2);
    const created = await c.post('/api/items/createMulti', [
      item({ item_name: 'إطار كاوتش', part_no: 'TYRE-7' }),
      item({ item_name: 'فلتر زيتٍ', item_desc: 'Oil filter' }),
      item({ item_name: 'مضخة مياة', aliasEn: 'Water pump' }),
      item({ item_name: 'مصفى وقود' }),
      item({ item_name: 'بوجي', part_no: '123', item_parcode: '6290000000123' }),
      item({ item_name: 'حزام', item_desc: 'Belt' }),
      item({ item_name: 'خصم 50% نقدا', part_no: 'PCT%9' }),
      item({ item_name: 'خصم 50 نقدا', part_no: 'PCTA9' }),
      item({ item_name: 'غطاء', part_no: 'CAP_1' }),
      item({ item_name: 'غطاء آخر', part_no: 'CAPX1' }),
      item({ item_name: 'صنف بباركود المخزن', item_parcode: '0400000000015' }),
    ]);
    expect(created.statusCode).toBe(200);
    const ids = new Map<string, number>(
      created.json().data.map((row: { id: number; item_name: string }) => [row.item_name, row.id]),
    );
    return { c, id: (name: string) => ids.get(name) };
  };
  let shop: Awaited<ReturnType<typeof store2>> | undefined;
  const found = async (term: string) => {
    shop ??= await store2();
    const res = await shop.c.get(`/api/items/read?pageSize=100&search=${encodeURIComponent(term)}`);
    expect(res.statusCode, term).toBe(200);
    return res
      .json()
      .data.map((row: { item_name: string }) => row.item_name)
      .sort();
  };

  it('finds an item whatever alef, yaa, taa marbuta, short vowels or case were typed', async () => {
    expect(await found('اطار')).toEqual(['إطار كاوتش']);
    expect(await found('فلتر زيت')).toEqual(['فلتر زيتٍ']);
    expect(await found('مضخه مياه')).toEqual(['مضخة مياة']);
    expect(await found('مضخة مياة')).toEqual(['مضخة مياة']);
    expect(await found('مصفي')).toEqual(['مصفى وقود']);
    expect(await found('OIL FILTER')).toEqual(['فلتر زيتٍ']);
    expect(await found('water PUMP')).toEqual(['مضخة مياة']);
    expect(await found('tyre-7')).toEqual(['إطار كاوتش']);
  });

  it('finds a code typed in Arabic-Indic or Persian digits, and a barcode typed whole in either', async () => {
    expect(await found('١٢٣')).toEqual(['بوجي']);
    expect(await found('۱۲۳')).toEqual(['بوجي']);
    expect(await found('٦٢٩٠٠٠٠٠٠٠١٢٣')).toEqual(['بوجي']);
    // The barcode is found whole only, as before.
    expect(await found('629000')).toEqual([]);
  });

  it('finds an EAN-13 that starts with 0 by the 12 digits a UPC-A scanner sends for it (docs/labels.md)', async () => {
    expect(await found('0400000000015')).toEqual(['صنف بباركود المخزن']);
    expect(await found('400000000015')).toEqual(['صنف بباركود المخزن']);
    expect(await found('٤٠٠٠٠٠٠٠٠٠١٥')).toEqual(['صنف بباركود المخزن']);
    expect(await found('40000000001')).toEqual([]);
  });

  it('never finds a term that only spans two of the searched columns', async () => {
    expect(await found('حزام')).toEqual(['حزام']);
    expect(await found('belt')).toEqual(['حزام']);
    expect(await found('حزام belt')).toEqual([]);
    expect(await found('حزام\nbelt')).toEqual([]);
    expect(await found('م\nb')).toEqual([]);
  });

  it('searches the LIKE wildcards % and _ as the letters typed', async () => {
    expect(await found('%')).toEqual(['خصم 50% نقدا']);
    expect(await found('PCT%9')).toEqual(['خصم 50% نقدا']);
    expect(await found('CAP_1')).toEqual(['غطاء']);
    expect(await found('_')).toEqual(['غطاء']);
    expect(await found('\\')).toEqual([]);
  });

  it("finds the company's item in another store under that store's own row, with that store's stock", async () => {
    // One catalogue (docs/catalogue.md): an item created in store 1 is stocked in store 2 too, as store 2's row.
    const owner = await signedIn(1);
    const created = await owner.post('/api/items/create', item({ item_name: 'جنط سري للمخزن الأول' }));
    expect(created.statusCode).toBe(200);
    const search = `/api/items/read?search=${encodeURIComponent('جنط سري')}`;
    const ownId = created.json().data[0].id;
    expect((await owner.get(search)).json().data.map((row: { id: number }) => row.id)).toEqual([ownId]);
    expect(await found('جنط سري')).toEqual(['جنط سري للمخزن الأول']);
    const inStore2 = (await shop?.c.get(`/api/items/searchStock?search=${encodeURIComponent('جنط سري')}`))?.json().data;
    expect(inStore2).toHaveLength(1);
    expect(inStore2[0].item_id ?? inStore2[0].id).not.toBe(ownId);
  });

  it('is the same search in the pickers, the item-stock screen and the opening quantities', async () => {
    shop ??= await store2();
    const { c, id } = shop;
    const term = encodeURIComponent('اطار');
    const ids = (rows: { id?: number; item_id?: number }[]) => rows.map((row) => row.item_id ?? row.id);
    expect(ids((await c.get(`/api/items/searchStock?search=${term}`)).json().data)).toEqual([id('إطار كاوتش')]);
    expect(ids((await c.get(`/api/items/stockList?search=${term}`)).json().data)).toEqual([id('إطار كاوتش')]);
    const opening = await c.post('/api/firstq/update', { item_id: id('إطار كاوتش'), quantity: '4', fq_year: 1 });
    expect(opening.statusCode).toBe(200);
    expect(ids((await c.get(`/api/firstq/readByStore?fq_year=1&search=${term}`)).json().data)).toEqual([
      id('إطار كاوتش'),
    ]);
    expect(
      ids((await c.get(`/api/firstq/readByStore?fq_year=1&search=${encodeURIComponent('١٢٣')}`)).json().data),
    ).toEqual([]);
  });

  it('answers no field the items had not before', async () => {
    shop ??= await store2();
    const [row] = (await shop.c.get(`/api/items/read?search=${encodeURIComponent('اطار')}`)).json().data;
    expect(Object.keys(row)).not.toContain('search_text');
    expect(Object.keys((await shop.c.get(`/api/items/getItemById?id=${row.id}`)).json().data[0])).not.toContain(
      'search_text',
    );
  });
});
