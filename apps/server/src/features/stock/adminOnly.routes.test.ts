import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

/** Operations that change a whole store at once are for administrators; a cashier gets 403 in Arabic. */
describeEachDatabase('store-wide changes are for administrators', (ctx) => {
  const signedIn = async (user: string, password: string) => {
    const c = new TestClient(ctx().app);
    await c.signIn(user, password, 1);
    return c;
  };
  const expectAdminOnly = (res: { statusCode: number; json: () => { error: { code: string; message: string } } }) => {
    expect(res.statusCode).toBe(403);
    // Refused by the route's permission (the cashier's role has neither openings nor prices), which it names.
    expect(res.json().error.code).toBe('PERMISSION_DENIED');
    expect(res.json().error.message).toMatch(/^ليست لديك صلاحية: (الكميات والأرصدة الافتتاحية|تعديل الأسعار)$/);
  };

  it('a cashier cannot clear a year of opening quantities nor change all prices; an administrator can', async () => {
    const admin = await signedIn('admin', 'admin123');
    const item = (
      await admin.post('/api/items/create', {
        item_name: 'صنف للأسعار',
        perch_price: '10',
        pay_price: '15',
        firstQuantity: '4',
      })
    ).json().data[0];
    const cashier = await signedIn('cashier', 'cashier123');
    expectAdminOnly(await cashier.request('DELETE', '/api/firstq/deleteByStore?store_id=1&fq_year=1'));
    expectAdminOnly(await cashier.post('/api/items/increasePrice', { payval: '1', perchval: '1' }));
    expectAdminOnly(await cashier.post('/api/items/decreasePrice.php', { payval: '1', perchval: '1' }));
    const unchanged = (await admin.get(`/api/items/getItemById?id=${item.id}`)).json().data[0];
    expect(unchanged).toMatchObject({ pay_price: '15.00', perch_price: '10.00' });

    expect((await admin.post('/api/items/increasePrice', { payval: '1', perchval: '1' })).statusCode).toBe(200);
    expect((await admin.request('DELETE', '/api/firstq/deleteByStore?store_id=1&fq_year=1')).statusCode).toBe(200);
  });
});
