import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

/** A new account typed without a code gets the next code of its class (issue 21): customers after 101, 150, ... */
describeEachDatabase('a new account gets the next code', (ctx) => {
  it('without a code, the next number after the highest numeric code of its class; a typed code is kept', async () => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', 1);
    const create = async (body: object) => (await c.post('/api/sub_accounts/create', body)).json().data[0];
    const typed = await create({ sub_name: 'مطعم الشروق', ac_id: 1, cat_id: 1, sub_code: '150', sub_balance: '0' });
    expect(typed.sub_code).toBe('150');
    const next = await create({ sub_name: 'بقالة النيل', ac_id: 1, cat_id: 1, sub_balance: '0' });
    expect(next.sub_code).toBe('151');
    const after = await create({ sub_name: 'ورشة الأمان', ac_id: 1, cat_id: 1, sub_code: '', sub_balance: '0' });
    expect(after.sub_code).toBe('152');
    // Another class counts its own codes (the demo's suppliers start at 201).
    const supplier = await create({ sub_name: 'مورد جديد', ac_id: 2, cat_id: 2, sub_balance: '0' });
    expect(Number(supplier.sub_code)).toBeGreaterThan(200);
    expect(Number(supplier.sub_code)).toBeLessThan(300);
  });
});
