import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

describeEachDatabase('account types and the account tree', (ctx) => {
  const signedIn = async () => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', 1);
    return c;
  };
  type Row = { id: number; sub_name: string; role: string | null; account_type: string; parent_id: number | null };

  it('every account has a type from its class and role; migrated and new accounts alike', async () => {
    const c = await signedIn();
    const all: Row[] = (await c.get('/api/sub_accounts/readAllStore')).json().data;
    const byRole = Object.fromEntries(all.filter((a) => a.role).map((a) => [a.role, a.account_type]));
    expect(byRole).toEqual({
      cash_box: 'asset',
      bank: 'asset',
      sales: 'income',
      purchases: 'cost_of_sales',
      opening_balance: 'equity',
      inventory: 'asset',
      cost_of_sales: 'cost_of_sales',
      discount_allowed: 'expense',
      discount_received: 'income',
      retained_earnings: 'equity',
      stock_adjustment: 'cost_of_sales',
      output_vat: 'liability',
      input_vat: 'asset',
      cash_over_short: 'expense',
      cash_paid_out: 'expense',
      cash_paid_in: 'equity',
      goods_in_transit: 'asset',
    });
    const byName = Object.fromEntries(all.map((a) => [a.sub_name, a.account_type]));
    expect(byName['محمد عثمان للتجارة']).toBe('asset');
    expect(byName['شركة الخليج للاسبيرات']).toBe('liability');
    expect(byName['إيجار المحل']).toBe('expense');
  });

  it('a tree of three levels; a type off its class, a parent of another type, a circle and a parent in use are refused', async () => {
    const c = await signedIn();
    const create = async (body: Record<string, unknown>) => c.post('/api/sub_accounts/create', body);
    const top = (await create({ ac_id: 3, sub_name: 'مصروفات تشغيلية' })).json().data[0];
    expect(top).toMatchObject({ account_type: 'expense', parent_id: null });
    const middle = (await create({ ac_id: 3, sub_name: 'مرافق', parent_id: top.id })).json().data[0];
    const leaf = (await create({ ac_id: 3, sub_name: 'مياه', parent_id: middle.id, account_type: 'expense' })).json()
      .data[0];
    expect(leaf).toMatchObject({ parent_id: middle.id, account_type: 'expense' });

    // A profit-and-loss class takes a profit-and-loss type only; the field is named.
    const offClass = await create({ ac_id: 3, sub_name: 'خطأ', account_type: 'asset' });
    expect(offClass.statusCode).toBe(400);
    expect(offClass.json().error).toMatchObject({
      code: 'ACCOUNT_TYPE_NOT_OF_CLASS',
      fields: { account_type: 'ACCOUNT_TYPE_NOT_OF_CLASS' },
    });
    // Cost of sales is a profit-and-loss type: an expense class account may be one, and then not under an expense.
    const cost = await create({
      ac_id: 3,
      sub_name: 'شحن المشتريات',
      account_type: 'cost_of_sales',
      parent_id: top.id,
    });
    expect(cost.json().error).toMatchObject({
      code: 'ACCOUNT_PARENT_INVALID',
      fields: { parent_id: 'ACCOUNT_PARENT_INVALID' },
    });
    // Moving the top under its own grandchild would make a circle.
    const circle = await c.post('/api/sub_accounts/update', {
      id: top.id,
      ac_id: 3,
      sub_name: 'مصروفات تشغيلية',
      parent_id: leaf.id,
    });
    expect(circle.json().error.code).toBe('ACCOUNT_PARENT_INVALID');
    // An edit without type or parent (a legacy client) keeps both.
    const legacyEdit = await c.post('/api/sub_accounts/update', { id: leaf.id, ac_id: 3, sub_name: 'مياه الشرب' });
    expect(legacyEdit.json().data[0]).toMatchObject({ parent_id: middle.id, account_type: 'expense' });
    // Another store's account is no parent.
    const other = new TestClient(ctx().app);
    await other.signIn('admin', 'admin123', 2);
    const foreign = await other.post('/api/sub_accounts/create', {
      ac_id: 3,
      sub_name: 'مصروف الفرع',
      parent_id: top.id,
    });
    expect(foreign.json().error.code).toBe('ACCOUNT_PARENT_INVALID');

    // A parent with accounts under it is kept.
    const usage = (await c.get(`/api/sub_accounts/checkUsage?account_id=${middle.id}`)).json().data[0];
    expect(usage).toMatchObject({ in_use: true, children: 1 });
    const refused = await c.post('/api/sub_accounts/delete', { id: middle.id });
    expect(refused.json().error.code).toBe('ACCOUNT_IN_USE');
    expect((await c.post('/api/sub_accounts/delete', { id: leaf.id })).statusCode).toBe(200);
    expect((await c.post('/api/sub_accounts/delete', { id: middle.id })).statusCode).toBe(200);
  });
});
