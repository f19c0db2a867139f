import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { items, logHistory } from '../../db/schema.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

describeEachDatabase('item categories', (ctx) => {
  const signedIn = async (store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', store);
    return c;
  };

  it('a category is created, read, renamed and listed for its store only', async () => {
    const c = await signedIn(1);
    const created = await c.post('/api/item_categories/create.php', {
      category_name: '  زيوت  ',
      category_desc: 'زيوت المحركات',
      store_id: 1,
    });
    expect(created.statusCode).toBe(200);
    const category = created.json().data[0];
    expect(category).toMatchObject({
      category_name: 'زيوت',
      category_desc: 'زيوت المحركات',
      store_id: 1,
      items_count: 0,
    });
    expect(category.created_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const renamed = await c.post('/api/item_categories/update', { id: category.id, category_name: 'زيوت وشحوم' });
    expect(renamed.json().data[0]).toMatchObject({ id: category.id, category_name: 'زيوت وشحوم', category_desc: null });
    expect((await c.get(`/api/item_categories/read_single?id=${category.id}`)).json().data[0].category_name).toBe(
      'زيوت وشحوم',
    );
    expect(
      (await c.get('/api/item_categories/read?store_id=1')).json().data.map((x: { id: number }) => x.id),
    ).toContain(category.id);

    const other = await signedIn(2);
    expect((await other.get('/api/item_categories/read')).json().data).toEqual([]);
    // Another store's category reads as missing: an empty data array, as the legacy client expects.
    expect((await other.get(`/api/item_categories/read_single?id=${category.id}`)).json().data).toEqual([]);
    const foreignEdit = await other.post('/api/item_categories/update', { id: category.id, category_name: 'x' });
    expect(foreignEdit.statusCode).toBe(404);
  });

  it('an empty name is refused with the Arabic field message', async () => {
    const c = await signedIn();
    const res = await c.post('/api/item_categories/create', { category_name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.category_name).toBe('REQUIRED');
  });

  it('a second category with the same name in the store is refused with 409', async () => {
    const c = await signedIn();
    await c.post('/api/item_categories/create', { category_name: 'بطاريات' });
    const again = await c.post('/api/item_categories/create', { category_name: 'بطاريات' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CATEGORY_NAME_TAKEN');
  });

  it('a category used by an item cannot be deleted; an unused one can, and the deletion is logged', async () => {
    const c = await signedIn();
    const used = (await c.post('/api/item_categories/create', { category_name: 'إطارات' })).json().data[0];
    await ctx()
      .database.db.insert(items)
      .values({ store_id: 1, item_name: 'إطار 13', pay_price: '100.00', perch_price: '80.00', category_id: used.id });
    const refused = await c.post('/api/item_categories/delete', { id: used.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('لا يمكن حذف التصنيف لأنه مستخدم في أصناف');
    expect((await c.get(`/api/item_categories/read_single?id=${used.id}`)).json().data[0].items_count).toBe(1);

    const unused = (await c.post('/api/item_categories/create', { category_name: 'فلاتر' })).json().data[0];
    expect((await c.post('/api/item_categories/delete.php', { id: unused.id })).statusCode).toBe(200);
    expect((await c.get(`/api/item_categories/read_single?id=${unused.id}`)).json()).toEqual({ data: [] });
    const logged = await ctx().database.db.select().from(logHistory).where(eq(logHistory.typee, 'delete category'));
    expect(logged.map((r) => r.logToken)).toContainEqual({ id: unused.id, category_name: 'فلاتر' });
  });
});
