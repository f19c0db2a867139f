import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { stockMovement } from '../../db/schema.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

const item = (name: string) => ({
  item_name: name,
  perch_price: '10',
  pay_price: '15',
  part_no: null,
  item_parcode: null,
});

describeEachDatabase('opening quantities', (ctx) => {
  const signedIn = async (store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', store);
    return c;
  };
  const stockOf = async (itemId: number, yearId: number) => {
    const [row] = await ctx()
      .database.db.select({ q: sql<string>`coalesce(sum(${stockMovement.quantity}), 0)::text` })
      .from(stockMovement)
      .where(and(eq(stockMovement.item_id, itemId), eq(stockMovement.yearId, yearId)));
    return row?.q;
  };

  it('setting an opening quantity twice replaces it: the stock counts it once', async () => {
    const c = await signedIn();
    const created = (await c.post('/api/items/create', item('مسمار'))).json().data[0];
    const first = await c.post('/api/firstq/createf.php', {
      item_id: created.id,
      quantity: '40',
      fq_year: 1,
      store_id: 1,
    });
    expect(first.json().data[0]).toMatchObject({
      item_name: 'مسمار',
      quantity: '40.000',
      pay_price: '15.00',
      perch_price: '10.00',
      fq_year: 1,
    });
    await c.post('/api/firstq/update', { item_id: created.id, quantity: '35.5', perch_price: '9.5' });
    expect(await stockOf(created.id, 1)).toBe('35.500');
    // Opening quantities belong to the store's first year (one book): another year's is refused.
    const later = await c.post('/api/firstq/updateQty', { item_id: created.id, quantity: '7', fq_year: 2 });
    expect(later.statusCode).toBe(409);
    expect(later.json().error.code).toBe('OPENINGS_IN_FIRST_YEAR');
    expect(await stockOf(created.id, 2)).toBe('0');

    const list = (await c.get('/api/firstq/readByStore?store_id=1&fq_year=1')).json();
    expect(list.data).toContainEqual(
      expect.objectContaining({ item_id: created.id, quantity: '35.500', perch_price: '9.50' }),
    );
  });

  it('the list answers what all the year’s openings are worth at cost, whatever the search, as they post to stock', async () => {
    const c = await signedIn();
    const before = (await c.get('/api/firstq/readByStore?fq_year=1')).json().total_value;
    const a = (await c.post('/api/items/create', item('برغي قيمة'))).json().data[0];
    const b = (await c.post('/api/items/create', item('صامولة قيمة'))).json().data[0];
    expect(
      (await c.post('/api/firstq/update', { item_id: a.id, quantity: '3.333', perch_price: '1.25', pay_price: '2' }))
        .statusCode,
    ).toBe(200);
    expect((await c.post('/api/firstq/update', { item_id: b.id, quantity: '4', perch_price: '2.50' })).statusCode).toBe(
      200,
    );
    const list = (await c.get(`/api/firstq/readByStore?fq_year=1&search=${encodeURIComponent('برغي')}`)).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ quantity: '3.333', perch_price: '1.25', pay_price: '2.00' });
    // 3.333 × 1.25 = 4.16625 → 4.17; 4 × 2.50 = 10.00: 14.17 more than before, the search aside.
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(list.total_value) - cents(before)).toBe(1417);
    const [posted] = await ctx()
      .database.db.select({ value: sql<string>`sum(${stockMovement.value})::numeric(20, 2)::text` })
      .from(stockMovement)
      .where(and(eq(stockMovement.source_kind, 'firstq'), eq(stockMovement.store_id, 1)));
    expect(posted?.value).toBe(list.total_value);
  });

  it('an item of another store, a negative quantity or an unknown year is refused', async () => {
    const store2 = await signedIn(2);
    const foreign = (await store2.post('/api/items/create', item('صنف المخزن الثاني'))).json().data[0];
    const c = await signedIn(1);
    expect((await c.post('/api/firstq/createf', { item_id: foreign.id, quantity: '1' })).statusCode).toBe(404);
    const own = (await c.post('/api/items/create', item('برغي'))).json().data[0];
    const negative = await c.post('/api/firstq/createf', { item_id: own.id, quantity: '-1' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields.quantity).toBe('QUANTITY_NEGATIVE');
    expect((await c.post('/api/firstq/createf', { item_id: own.id, quantity: '1', fq_year: 99 })).statusCode).toBe(404);
  });

  it('deleteByStore clears the openings of one year of one store, never by GET, and the stock follows', async () => {
    const c = await signedIn();
    const created = (await c.post('/api/items/create', { ...item('صامولة'), firstQuantity: '5' })).json().data[0];
    expect((await c.get('/api/firstq/deleteByStore.php?store_id=1&fq_year=1')).statusCode).toBe(405);
    const cleared = await c.request('DELETE', '/api/firstq/deleteByStore.php?store_id=1&fq_year=1');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data[0].deleted).toBeGreaterThanOrEqual(1);
    expect(await stockOf(created.id, 1)).toBe('0');
    expect((await c.get('/api/firstq/readByStore?fq_year=1')).json().total).toBe(0);
    expect((await c.request('DELETE', '/api/firstq/deleteByStore?store_id=2&fq_year=1')).statusCode).toBe(403);
  });
});
