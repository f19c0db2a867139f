/**
 * An item's code and barcode sent in Arabic-Indic (٠-٩) or Persian (۰-۹) digits by a client other than the web app's
 * forms (a legacy client, a script) are kept in Western digits, as the forms send them: the searches and a barcode
 * scanner (which sends Western digits) find the item, and a code differing only in its digits is a duplicate.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

type Item = { id: number; part_no: string | null; item_parcode: string | null };

const item = { item_name: 'فلتر زيت', perch_price: '10', pay_price: '15' };

describeEachDatabase('item codes typed in Arabic-Indic or Persian digits', (ctx) => {
  const signedIn = async () => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', 1);
    return c;
  };
  const found = async (c: TestClient, url: string) => ((await c.get(url)).json().data as Item[]).map((i) => i.id);

  it('create, createMulti and update keep codes and barcodes in Western digits; searches and scans find them', async () => {
    const c = await signedIn();
    const created = (
      await c.post('/api/items/create', { ...item, part_no: ' FLT-٨٠١ ', item_parcode: '٦٢٨٩٠٠٠٠٠٠٠١٧' })
    ).json().data[0] as Item;
    expect([created.part_no, created.item_parcode]).toEqual(['FLT-801', '6289000000017']);
    // A scanner sends Western digits; the item list searches the code.
    expect(await found(c, '/api/items/searchStock?search=6289000000017')).toEqual([created.id]);
    expect(await found(c, '/api/items/read?search=FLT-801')).toEqual([created.id]);

    const multi = await c.post('/api/items/createMulti', [
      { ...item, item_name: 'فلتر هواء', part_no: 'FLT-۸۰۲', item_parcode: '۶۲۸۹۰۰۰۰۰۰۰۲۴' },
      { ...item, item_name: 'فلتر وقود', part_no: '٨٠٣', item_parcode: null },
    ]);
    expect(multi.statusCode).toBe(200);
    const [air, fuel] = multi.json().data as Item[];
    expect([air?.part_no, air?.item_parcode, fuel?.part_no]).toEqual(['FLT-802', '6289000000024', '803']);
    expect(await found(c, '/api/items/searchStock?search=6289000000024')).toEqual([air?.id]);

    const updated = await c.post('/api/items/update', {
      ...item,
      id: fuel?.id,
      item_name: 'فلتر وقود',
      part_no: 'FLT-٨٠٣',
      item_parcode: '٦٢٨٩٠٠٠٠٠٠٠٣١',
    });
    expect(updated.json().data[0]).toMatchObject({ part_no: 'FLT-803', item_parcode: '6289000000031' });
    expect(await found(c, '/api/items/searchStock?search=6289000000031')).toEqual([fuel?.id]);
  });

  it('a code or barcode differing from a taken one only in its digits is refused as the plain one is', async () => {
    const c = await signedIn();
    const taken = { ...item, part_no: 'DUP-901', item_parcode: '6289000000901' };
    expect((await c.post('/api/items/create', taken)).statusCode).toBe(200);
    const refusal = async (url: string, body: unknown) => {
      const res = await c.post(url, body);
      return { status: res.statusCode, body: res.json() };
    };
    const cases = [
      { code: 'ITEM_CODE_TAKEN', field: 'part_no', typed: ['DUP-901', 'DUP-٩٠١', 'DUP-۹۰۱'] },
      { code: 'ITEM_BARCODE_TAKEN', field: 'item_parcode', typed: ['6289000000901', '٦٢٨٩٠٠٠٠٠٠٩٠١', '۶۲۸۹۰۰۰۰۰۰۹۰۱'] },
    ] as const;
    for (const { code, field, typed } of cases) {
      const body = (value: string) => ({ ...item, part_no: null, item_parcode: null, [field]: value });
      const [plainValue, ...otherDigits] = typed;
      const plain = await refusal('/api/items/create', body(plainValue));
      expect(plain.status).toBe(409);
      expect(plain.body.error.code).toBe(code);
      const plainMulti = await refusal('/api/items/createMulti', [body(plainValue)]);
      expect(plainMulti.status).toBe(409);
      for (const value of otherDigits) {
        expect(await refusal('/api/items/create', body(value))).toEqual(plain);
        expect(await refusal('/api/items/createMulti', [body(value)])).toEqual(plainMulti);
      }
    }
    // Twice in one batch, once in each digit set.
    const batch = await refusal('/api/items/createMulti', [
      { ...item, part_no: 'DUP-٩١١', item_parcode: null },
      { ...item, part_no: 'DUP-911', item_parcode: null },
    ]);
    expect(batch.status).toBe(409);
    expect(batch.body.error.fields).toEqual({ '1.part_no': 'ITEM_CODE_TAKEN' });
    // An edit onto a taken code.
    const other = (await c.post('/api/items/create', { ...item, part_no: 'DUP-912' })).json().data[0] as Item;
    const edit = (part_no: string) => refusal('/api/items/update', { ...item, id: other.id, part_no });
    const plainEdit = await edit('DUP-901');
    expect(plainEdit.status).toBe(409);
    expect(await edit('DUP-٩٠١')).toEqual(plainEdit);
  });
});
