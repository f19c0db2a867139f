import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase, multipartFile, TestClient } from '../../test/testApp.ts';
import { itemColumns, openingColumns } from './itemSheet.rules.ts';
import { readSheet, writeSheet, XLSX_TYPE } from './sheetValues.ts';

const header = Object.values(itemColumns);
const row = (
  name: string,
  code: string | null,
  perch: string | number,
  pay: string | number,
  category = '',
  opening: number | '' = '',
) => [name, '', '', code, '', 'Bosch', 'S4', 'قطعة', 1, perch, pay, 0, category, opening];

describeEachDatabase('Excel import and export', (ctx) => {
  const signedIn = async (store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', store);
    return c;
  };
  const sheetFile = async (head: string[], rows: (string | number | null)[][], field = 'avatar') =>
    multipartFile(field, 'items.xlsx', XLSX_TYPE, await writeSheet('Sheet1', head, rows));

  it('the preview shows every row with its Arabic error: missing name, bad price, duplicate code, unknown category', async () => {
    const c = await signedIn();
    await c.post('/api/item_categories/create', { category_name: 'بطاريات' });
    const file = await sheetFile(header, [
      row('بطارية 70 أمبير', 'X-1', 9000, 11000, 'بطاريات', 4),
      row('', 'X-2', 10, 12),
      row('فلتر زيت', 'X-3', 'abc', 12),
      row('بطارية مكررة', 'X-1', 10, 12),
      row('شمعة احتراق', 'X-5', 10, 12, 'تصنيف غير موجود'),
      row('سلك', null, 10, 0),
    ]);
    const res = await c.upload('/api/uploadXsl.php?preview=1', file);
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ valid: 1, invalid: 5 });
    const errorsByRow = Object.fromEntries(preview.data.map((r: { row: number; errors: object }) => [r.row, r.errors]));
    expect(errorsByRow[2]).toEqual({});
    expect(errorsByRow[3]).toEqual({ item_name: 'REQUIRED' });
    expect(errorsByRow[4].perch_price).toBe('AMOUNT_INVALID');
    expect(errorsByRow[5].part_no).toBe('CODE_REPEATED_IN_FILE');
    expect(errorsByRow[6].category_name).toBe('CATEGORY_NOT_FOUND');
    expect(errorsByRow[7].pay_price).toBe('AMOUNT_NOT_POSITIVE');
    // A preview changes nothing.
    expect((await c.get('/api/items/read?search=X-1')).json().total).toBe(0);
  });

  it('applying saves the valid rows in one go, adds or updates by code, and sets opening quantities', async () => {
    const c = await signedIn();
    await c.post('/api/items/create', { item_name: 'قديم', part_no: 'UPD-1', perch_price: '1', pay_price: '2' });
    const file = await sheetFile(
      header,
      [
        row('محدث بالاستيراد', 'UPD-1', 50, 75.5, '', 3),
        row('جديد بالاستيراد', 'NEW-1', 20, 30),
        row('', 'BAD-1', 20, 30),
      ],
      'file',
    );
    const applied = await c.upload('/api/uploadXsl', file);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data[0]).toEqual({ created: 1, updated: 1, skipped: 1 });
    const updated = (await c.get('/api/items/read?search=UPD-1')).json().data;
    expect(updated).toEqual([
      expect.objectContaining({ item_name: 'محدث بالاستيراد', pay_price: '75.50', perch_price: '50.00' }),
    ]);
    expect((await c.get('/api/items/read?search=NEW-1')).json().total).toBe(1);
    expect((await c.get('/api/items/read?search=BAD-1')).json().total).toBe(0);
    const openings = (await c.get('/api/firstq/readByStore?search=UPD-1')).json().data;
    expect(openings).toEqual([expect.objectContaining({ quantity: '3.000' })]);
  });

  it('a file that is not a sheet, or lacks the required columns, is refused with an Arabic message', async () => {
    const c = await signedIn();
    const junk = await c.upload(
      '/api/uploadXsl?preview=1',
      multipartFile('avatar', 'x.xlsx', XLSX_TYPE, Buffer.from('not a zip')),
    );
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.fields.file).toBe('FILE_NOT_A_SHEET');
    const wrong = await c.upload('/api/uploadXsl?preview=1', await sheetFile(['عمود', 'آخر'], [['a', 'b']]));
    expect(wrong.json().error.fields.file).toBe('ITEM_COLUMNS_MISSING');
  });

  it('opening quantities are imported by item code; the items the sheet leaves out keep theirs unless clearing is chosen', async () => {
    const c = await signedIn(2);
    const made = await c.post('/api/items/createMulti', [
      { item_name: 'أ', part_no: 'FQ-1', perch_price: '10', pay_price: '15' },
      { item_name: 'ب', part_no: 'FQ-2', perch_price: '20', pay_price: '25', firstQuantity: '99' },
      // An item without a code can never be listed in the sheet.
      { item_name: 'بلا كود', part_no: null, perch_price: '5', pay_price: '6', firstQuantity: '4' },
    ]);
    expect(made.statusCode).toBe(200);
    const file = await sheetFile(Object.values(openingColumns), [
      ['FQ-1', 'أ', 7, '', ''],
      ['FQ-404', 'غير موجود', 3, '', ''],
      ['FQ-1', 'أ', 8, '', ''],
      ['', 'بلا كود', 1, '', ''],
    ]);
    const preview = (await c.upload('/api/uploadXslFristq?preview=1&fq_year=1', file)).json();
    // Two openings of the year are of items the sheet leaves out: kept, unless clearing them is chosen.
    expect(preview).toMatchObject({ valid: 1, invalid: 3, unlisted: 2 });
    expect(preview.data[1].errors.part_no).toBe('ITEM_NOT_FOUND');
    expect(preview.data[2].errors.part_no).toBe('CODE_REPEATED_IN_FILE');
    expect(preview.data[3].errors.part_no).toBe('REQUIRED');

    const applied = await c.upload('/api/uploadXslFristq.php?fq_year=1', file);
    expect(applied.json().data[0]).toEqual({ created: 1, updated: 0, skipped: 3, cleared: 0 });
    const openings = async () =>
      (await c.get('/api/firstq/readByStore?fq_year=1&sort=item_name&order=asc')).json().data;
    expect(await openings()).toEqual([
      expect.objectContaining({ part_no: 'FQ-1', quantity: '7.000', perch_price: '10.00', pay_price: '15.00' }),
      expect.objectContaining({ part_no: 'FQ-2', quantity: '99.000' }),
      expect.objectContaining({ item_name: 'بلا كود', quantity: '4.000' }),
    ]);

    // Clearing the others is a choice of its own, counted by the preview first.
    const counted = (await c.upload('/api/uploadXslFristq?preview=1&fq_year=1&clearUnlisted=1', file)).json();
    expect(counted.unlisted).toBe(2);
    const cleared = await c.upload('/api/uploadXslFristq?fq_year=1&clearUnlisted=1', file);
    expect(cleared.json().data[0]).toEqual({ created: 1, updated: 0, skipped: 3, cleared: 2 });
    expect(await openings()).toEqual([expect.objectContaining({ part_no: 'FQ-1', quantity: '7.000' })]);
    expect(made.json().data).toHaveLength(3);
  });

  it('an opening-quantity import that fails midway writes nothing: every chunk written before is taken back', async () => {
    const c = await signedIn(2);
    const count = 600; // three chunks of 250 rows: the failure comes in the third
    const made = await c.post(
      '/api/items/createMulti',
      Array.from({ length: count }, (_, i) => ({
        item_name: `مرحلي ${i}`,
        part_no: `MID-${i}`,
        perch_price: '10',
        pay_price: '15',
        ...(i % 2 === 0 ? { firstQuantity: '3' } : {}),
      })),
    );
    expect(made.statusCode).toBe(200);
    const { db } = ctx().database;
    const snapshot = async () =>
      (
        await db.execute<{ item_id: number; quantity: string; moved: string }>(sql`
          select i.id as item_id, f.quantity::text,
            (select coalesce(sum(m.quantity), 0)::text from stock_movement m where m.item_id = i.id) as moved
          from items i left join firstq f on f.item_id = i.id and f.fq_year = 1
          where i.part_no like 'MID-%' order by i.id`)
      ).rows;
    const before = await snapshot();
    // The database refuses one row of the last chunk, as a failure nobody could check beforehand.
    await db.execute(sql`
      create function refuse_4242() returns trigger language plpgsql as $$
      begin if new.quantity = 4242 then raise exception 'refused for the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_4242 before insert or update on firstq
      for each row execute function refuse_4242()`);
    try {
      const rows = Array.from({ length: count }, (_, i) => [`MID-${i}`, '', i === count - 10 ? 4242 : 7, '', '']);
      const file = await sheetFile(Object.values(openingColumns), rows);
      const failed = await c.upload('/api/uploadXslFristq?fq_year=1', file);
      expect(failed.statusCode).toBe(500);
      expect(await snapshot()).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger refuse_4242 on firstq`);
      await db.execute(sql`drop function refuse_4242()`);
    }
  });

  it('importing opening quantities again is refused when it would take sold items below zero', async () => {
    const c = await signedIn(1);
    const item = (
      await c.post('/api/items/create', {
        item_name: 'صنف مباع',
        part_no: 'FQ-SOLD',
        perch_price: '10',
        pay_price: '15',
        firstQuantity: '10',
      })
    ).json().data[0];
    const customer = (await c.get('/api/sub_accounts/readByStore?ac_id=1'))
      .json()
      .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي');
    const sold = await c.post('/api/pay/createWithItems', {
      // The walk-in customer pays in full (a remainder on him is refused).
      invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '120' },
      items: [{ item_id: item.id, quantity: '8' }],
    });
    expect(sold.statusCode).toBe(200);
    const file = await sheetFile(Object.values(openingColumns), [['FQ-SOLD', 'صنف مباع', 3, '', '']]);
    const refused = await c.upload('/api/uploadXslFristq?fq_year=1', file);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STOCK_INSUFFICIENT');
    expect(refused.json().insufficient_items).toEqual([
      expect.objectContaining({ item_id: item.id, available_quantity: '2.000', shortage: '5.000' }),
    ]);
    const rows = (await c.get('/api/firstq/readByStore?fq_year=1&search=FQ-SOLD')).json().data;
    expect(rows).toEqual([expect.objectContaining({ quantity: '10.000' })]);
  });

  it('an item sheet that lowers the opening quantity of sold items is refused with the short items', async () => {
    const c = await signedIn(1);
    const item = (
      await c.post('/api/items/create', {
        item_name: 'صنف مباع ٢',
        part_no: 'ITEM-SOLD',
        perch_price: '10',
        pay_price: '15',
        firstQuantity: '6',
      })
    ).json().data[0];
    const customer = (await c.get('/api/sub_accounts/readByStore?ac_id=1'))
      .json()
      .data.find((a: { sub_name: string }) => a.sub_name === 'عميل نقدي');
    await c.post('/api/pay/createWithItems', {
      invoice: { cust_id: customer.id, pay_date: '2026-11-22', pay: '75' },
      items: [{ item_id: item.id, quantity: '5' }],
    });
    const file = await sheetFile(header, [row('صنف مباع ٢', 'ITEM-SOLD', 10, 15, '', 2)], 'file');
    const refused = await c.upload('/api/uploadXsl', file);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().insufficient_items).toEqual([
      expect.objectContaining({ item_id: item.id, available_quantity: '1.000', shortage: '3.000' }),
    ]);
    const rows = (await c.get('/api/firstq/readByStore?fq_year=1&search=ITEM-SOLD')).json().data;
    expect(rows).toEqual([expect.objectContaining({ quantity: '6.000' })]);
  });

  it('templates download as sheets, and the export is a right-to-left sheet of the filtered items', async () => {
    const c = await signedIn();
    const template = await c.get('/api/items/importTemplate');
    expect(template.headers['content-type']).toBe(XLSX_TYPE);
    const [templateHeader] = await readSheet(template.rawPayload);
    expect(templateHeader?.cells).toEqual(header);
    expect((await readSheet((await c.get('/api/firstq/importTemplate')).rawPayload))[0]?.cells).toEqual(
      Object.values(openingColumns),
    );

    await c.post('/api/items/create', {
      item_name: 'صنف للتصدير',
      part_no: 'EXP-1',
      perch_price: '10.10',
      pay_price: '12.25',
    });
    const exported = await c.get(`/api/items/export?search=EXP-1`);
    expect(exported.headers['content-disposition']).toContain('items.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.views[0]?.rightToLeft).toBe(true);
    const rows = await readSheet(exported.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.cells.slice(0, 4)).toEqual(['صنف للتصدير', '', '', 'EXP-1']);
    expect(rows[1]?.cells.slice(9, 11)).toEqual(['10.1', '12.25']);
  });
});
