/**
 * The legacy stock count screens save in two calls (screens.md, folder/tswia and edit-tswia): `tswia/create`, then
 * `tswia_details/createMulti` with the lines by reference; an edit sends `tswia/update`, deletes the lines and sends
 * them again; a delete is `DELETE tswia/delete?pay_id`. Paths as api.md names them, with `.php` and under `/api23/`.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestClient } from '../../test/testApp.ts';
import { stockAtCostInvariants } from '../posting/stockAtCost.invariants.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';

describeEachDatabase('legacy two-call stock counts', (ctx) => {
  const { signedIn, setup, stockOf, balancesOffTheLedger } = tradeFixtures(ctx);
  const db = () => ctx().database.db;

  /** Lines as the legacy client posts them: a JSON string of an array, with every field it always sent. */
  const legacyLines = (lines: object[]) =>
    JSON.stringify(
      lines.map((line) => ({
        id: 'NULL',
        store_id: 1,
        yearId: 1,
        dateCreated: '03-06-2026',
        item_name: 'x',
        pay_price: 100,
        perch_price: 80,
        ...line,
      })),
    );
  const postLines = (c: TestClient, lines: object[], base = '/api') =>
    c.request('POST', `${base}/tswia_details/createMulti.php`, legacyLines(lines), { 'content-type': 'text/plain' });
  const header = (ref: string, extra: object = {}) => ({
    pay_id: null,
    pay_ref: ref,
    store_id: 1,
    tot_pr: 0,
    pay_date: '2026-06-03',
    pay_time: '12:00:00',
    user_id: 1,
    yearId: 1,
    payComment: 'جرد آخر الشهر',
    ...extra,
  });
  const booksHold = async () => {
    expect(await balancesOffTheLedger()).toEqual([]);
    expect(await stockAtCostInvariants(db())).toEqual([]);
  };

  it('a header, then its lines: the system quantity is the server’s, whatever availQty the client sent', async () => {
    const c = await signedIn();
    const { item: a } = await setup(c, '10');
    const { item: b } = await setup(c, '4');
    const ref = `TSW-${Math.random()}`;
    const created = await c.post('/api/tswia/create.php', header(ref));
    expect(created.statusCode).toBe(200);
    const count = created.json().data[0];
    expect(count).toMatchObject({ pay_date: '2026-06-03', pay_time: '12:00:00', tot_pr: '0.00', items: [] });
    expect(count.pay_ref).toMatch(/^SH-T-/);

    const lines = await postLines(c, [
      { pay_ref: ref, item_id: a.id, availQty: 999, qtyReal: 7, quantity: 992, tot: 1 },
      { pay_ref: count.pay_ref, item_id: b.id, availQty: '4', qtyReal: '6' },
    ]);
    expect(lines.statusCode).toBe(200);
    const saved = lines.json().data[0];
    expect(saved).toMatchObject({ pay_id: count.pay_id, pay_ref: count.pay_ref, tot_pr: '80.00' });
    expect(saved.items).toEqual([
      expect.objectContaining({
        item_id: a.id,
        availQty: '10.000',
        qtyReal: '7.000',
        quantity: '3.000',
        tot: '240.00',
      }),
      expect.objectContaining({
        item_id: b.id,
        availQty: '4.000',
        qtyReal: '6.000',
        quantity: '-2.000',
        tot: '-160.00',
      }),
    ]);
    expect(await stockOf(a.id)).toBe('7.000');
    expect(await stockOf(b.id)).toBe('6.000');

    // The reads of api.md, by the client's own reference too, under both bases and with .php.
    const byRef = await c.get(`/api23/tswia_details/readByStoreByRef.php?store_id=1&yearId=1&pay_ref=${ref}`);
    expect(byRef.json().data.map((line: { item_id: number }) => line.item_id)).toEqual([a.id, b.id]);
    expect(
      (await c.get(`/api/tswia_details/readByStoreByRef?yearId=1&pay_ref=${count.pay_ref}`)).json().data,
    ).toHaveLength(2);
    expect((await c.get('/api/tswia_details/readByStoreByRef.php?yearId=1&pay_ref=NOPE')).json()).toEqual({ data: [] });
    const itemLines = (
      await c.get(`/api/tswia_details/readAllByItemId.php?store_id=1&item_id=${a.id}&yearId=1`)
    ).json();
    expect(itemLines.data).toEqual([
      expect.objectContaining({ pay_ref: count.pay_ref, quantity: '3.000', cost: '240.00' }),
    ]);
    const onDate = `item_id=${a.id}&yearId=1&from=2026-06-03`;
    expect((await c.get(`/api/tswia_details/readAllByItemIdDate.php?${onDate}`)).json().data).toHaveLength(1);
    expect((await c.get(`/api/tswia_details/readAllByItemId2Date?${onDate}&to=2026-06-30`)).json().data).toHaveLength(
      1,
    );
    expect(
      (await c.get(`/api/tswia_details/readAllByItemIdDate?item_id=${a.id}&yearId=1&from=2026-06-04`)).json().data,
    ).toEqual([]);
    const dayLines = (await c.get('/api/tswia_details/readAllByDate.php?store_id=1&from=2026-06-03&yearId=1')).json();
    expect(dayLines.data.map((line: { pay_id: number }) => line.pay_id)).toContain(count.pay_id);
    const all = (await c.get('/api/tswia_details/readAllByStore.php?store_id=1&yearId=1')).json();
    expect(all.data.length).toBeGreaterThanOrEqual(2);
    expect((await c.get(`/api/tswia_details/readQtyByItemId.php?store_id=1&item_id=${b.id}&yearId=1`)).json()).toEqual({
      data: [{ quantity: '-2.000' }],
    });
    const top = (await c.get('/api23/tswia/getTopSales.php?store_id=1&yearId=1')).json().data;
    expect(top.find((row: { pay_id: number }) => row.pay_id === count.pay_id)).toMatchObject({
      tot_pr: '80.00',
      payComment: 'جرد آخر الشهر',
      user_name: 'admin',
    });
    const day = (await c.get('/api/tswia/getSalesByDate.php?store_id=1&from=2026-06-03&yearId=1')).json().data;
    expect(day.map((row: { pay_id: number }) => row.pay_id)).toContain(count.pay_id);
    const range = (
      await c.get('/api/tswia/getSales2Date.php?store_id=1&from=2026-06-01&to=2026-06-02&yearId=1')
    ).json();
    expect(range.data.map((row: { pay_id: number }) => row.pay_id)).not.toContain(count.pay_id);
    await booksHold();
  });

  it('an edit: header, lines deleted, lines sent again; then the delete', async () => {
    const c = await signedIn();
    const { item } = await setup(c, '10');
    const ref = `TSW-${Math.random()}`;
    const count = (await c.post('/api/tswia/create', header(ref))).json().data[0];
    expect((await postLines(c, [{ pay_ref: ref, item_id: item.id, qtyReal: 8 }])).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('8.000');

    const edited = await c.post('/api/tswia/update.php', {
      ...header(ref),
      pay_id: count.pay_id,
      pay_date: '2026-06-04',
    });
    expect(edited.statusCode).toBe(200);
    // The lines stay, counted again on the new date.
    expect(edited.json().data[0]).toMatchObject({ pay_date: '2026-06-04', tot_pr: '160.00' });
    expect(edited.json().data[0].items[0]).toMatchObject({ availQty: '10.000', qtyReal: '8.000' });

    const removed = await c.request('DELETE', `/api/tswia_details/deleteMultiServices.php?pay_ref=${ref}&yearId=1`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data[0]).toMatchObject({ pay_id: count.pay_id, tot_pr: '0.00', items: [] });
    // A count without lines posts nothing.
    expect(await stockOf(item.id)).toBe('10.000');
    const { rows } = await db().execute(
      sql`select 1 from ledger_line where source_kind = 'tswia' and source_id = ${count.pay_id}`,
    );
    expect(rows).toHaveLength(0);

    expect((await postLines(c, [{ pay_ref: count.pay_ref, item_id: item.id, qtyReal: '11' }])).statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('11.000');
    // A line of an item already on the count is refused (its field is the line's place in the array).
    const twice = await postLines(c, [{ pay_ref: ref, item_id: item.id, qtyReal: '12' }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatchObject({ code: 'ITEM_REPEATED', fields: { '0.item_id': 'ITEM_REPEATED' } });
    // Lines of a count that is not there.
    const nowhere = await postLines(c, [{ pay_ref: 'NO-SUCH-REF', item_id: item.id, qtyReal: '1' }]);
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.fields).toEqual({ '0.pay_ref': 'NOT_FOUND' });

    const deleted = await c.request('DELETE', `/api/tswia/delete.php?pay_id=${count.pay_id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe('10.000');
    // The legacy screen deletes the lines too: they are gone already, and that is no error.
    const after = await c.request('DELETE', `/api/tswia_details/deleteMultiServices?pay_ref=${ref}&yearId=1`);
    expect(after.json()).toEqual({ data: [] });
    expect((await c.request('DELETE', `/api/tswia/delete?pay_id=${count.pay_id}`)).statusCode).toBe(404);
    await booksHold();
  });

  it('refusals of the two-call save: equal lines all listed, a year under /api23/, another store', async () => {
    const c = await signedIn();
    const { item: a } = await setup(c, '10');
    const { item: b } = await setup(c, '3');
    const ref = `TSW-${Math.random()}`;
    const count = (await c.post('/api/tswia/create', header(ref))).json().data[0];
    const equal = await postLines(c, [
      { pay_ref: ref, item_id: a.id, qtyReal: '10' },
      { pay_ref: ref, item_id: b.id, qtyReal: '3.000' },
    ]);
    expect(equal.statusCode).toBe(400);
    expect(equal.json().error).toMatchObject({
      code: 'COUNT_EQUALS_SYSTEM',
      fields: { '0.qtyReal': 'COUNT_EQUALS_SYSTEM', '1.qtyReal': 'COUNT_EQUALS_SYSTEM' },
    });
    expect((await c.get(`/api/tswia/readById?pay_id=${count.pay_id}`)).json().data[0].items).toEqual([]);

    const noYear = await c.post('/api23/tswia/create.php', { ...header(`${ref}-2`), yearId: undefined });
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().error.code).toBe('YEAR_REQUIRED');
    const linesWithoutYear = JSON.stringify([{ pay_ref: ref, item_id: a.id, qtyReal: '9' }]);
    const refused = await c.request('POST', '/api23/tswia_details/createMulti.php', linesWithoutYear, {
      'content-type': 'text/plain',
    });
    expect(refused.json().error.code).toBe('YEAR_REQUIRED');
    expect((await c.post('/api/tswia/create', header(`${ref}-3`, { store_id: 2 }))).statusCode).toBe(403);
    expect((await c.get('/api/tswia_details/readAllByStore?store_id=2&yearId=1')).statusCode).toBe(403);

    // The header sent again (an offline client retrying) is the same count.
    const again = await c.post('/api/tswia/create', header(ref));
    expect(again.json().data[0].pay_id).toBe(count.pay_id);
  });
});
