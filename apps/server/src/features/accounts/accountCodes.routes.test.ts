/**
 * An account's code and phone sent in Arabic-Indic (٠-٩) or Persian (۰-۹) digits by a client other than the web app's
 * forms (a legacy client, a script) are kept in Western digits, as the forms send them: the party picker, the code
 * searches and a barcode scanner (Western digits) find them, and a code differing only in its digits is a duplicate.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

type Account = { id: number; sub_code: string | null; phone: string | null };

describeEachDatabase('account codes typed in Arabic-Indic or Persian digits', (ctx) => {
  const signedIn = async (store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', store);
    return c;
  };
  const searched = async (c: TestClient, term: string) =>
    (
      (await c.get(`/api/sub_accounts/readWithBalance?search=${encodeURIComponent(term)}`)).json().data as Account[]
    ).map((a) => a.id);

  it('createMulti keeps codes and phones in Western digits; the picker and the searches find them so', async () => {
    const c = await signedIn();
    const res = await c.post('/api/sub_accounts/createMulti', [
      { ac_id: 1, cat_id: 1, sub_name: 'بقالة الأرقام', sub_code: ' ٧٣١ ', phone: '٠٩١٢ ٣٤٥ ٦٧٨', sub_balance: '0' },
      { ac_id: 2, cat_id: 2, sub_name: 'مورد الأرقام', sub_code: '۷۳۲', phone: '+۲۴۹۱۲۳۴۵۶۷', sub_balance: '0' },
    ]);
    expect(res.statusCode).toBe(200);
    const [customer, supplier] = res.json().data as Account[];
    expect([customer?.sub_code, customer?.phone]).toEqual(['731', '0912 345 678']);
    expect([supplier?.sub_code, supplier?.phone]).toEqual(['732', '+2491234567']);
    const picker = (await c.get('/api/sub_accounts/partyNames')).json().data as Account[];
    expect(picker.find((p) => p.sub_code === '731')?.id).toBe(customer?.id);
    expect(await searched(c, '731')).toEqual([customer?.id]);
    expect(await searched(c, '0912 345')).toEqual([customer?.id]);
    const read = (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${supplier?.id}`)).json().data[0];
    expect(read).toMatchObject({ sub_code: '732', phone: '+2491234567' });
  });

  it('create and update keep the code in Western digits', async () => {
    const c = await signedIn();
    const created = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: 'ورشة التحويل', sub_code: '٧٤١' })
    ).json().data[0] as Account;
    expect(created.sub_code).toBe('741');
    const updated = await c.post('/api/sub_accounts/update', {
      id: created.id,
      ac_id: 1,
      cat_id: 1,
      sub_name: 'ورشة التحويل',
      sub_code: 'C-۷۴۲',
      phone: '٠١٢٣٤٥٦٧٨٩',
    });
    expect(updated.json().data[0]).toMatchObject({ sub_code: 'C-742', phone: '0123456789' });
    expect(await searched(c, 'C-742')).toEqual([created.id]);
  });

  it('a code differing from a taken one only in its digits is refused as the same code typed plainly is', async () => {
    const c = await signedIn();
    const refusal = async (url: string, body: object) => {
      const res = await c.post(url, body);
      return { status: res.statusCode, body: res.json() };
    };
    // The demo's customer 102 of store 1.
    const customer = { ac_id: 1, cat_id: 1, sub_balance: '0' };
    const plain = await refusal('/api/sub_accounts/createMulti', [{ ...customer, sub_name: 'أ', sub_code: '102' }]);
    expect(plain.status).toBe(409);
    expect(plain.body.error).toMatchObject({ code: 'ACCOUNT_CODE_TAKEN', message: 'كود الحساب مستخدم لحساب آخر' });
    for (const code of ['١٠٢', '۱۰۲']) {
      expect(await refusal('/api/sub_accounts/createMulti', [{ ...customer, sub_name: 'أ', sub_code: code }])).toEqual(
        plain,
      );
      expect(await refusal('/api/sub_accounts/create', { ...customer, sub_name: 'أ', sub_code: code })).toEqual(
        await refusal('/api/sub_accounts/create', { ...customer, sub_name: 'أ', sub_code: '102' }),
      );
    }
    // Twice in one batch, once in each digit set.
    const batch = await refusal('/api/sub_accounts/createMulti', [
      { ...customer, sub_name: 'ب', sub_code: '٧٥١' },
      { ...customer, sub_name: 'ج', sub_code: '751' },
    ]);
    expect(batch.status).toBe(409);
    expect(batch.body.error.fields).toEqual({ '1.sub_code': 'ACCOUNT_CODE_TAKEN' });
    // An edit onto a taken code.
    const other = (await c.post('/api/sub_accounts/create', { ...customer, sub_name: 'د', sub_code: '752' })).json()
      .data[0] as Account;
    const edit = (sub_code: string) =>
      refusal('/api/sub_accounts/update', { ...customer, id: other.id, sub_name: 'د', sub_code });
    const plainEdit = await edit('102');
    expect(plainEdit.status).toBe(409);
    expect(await edit('١٠٢')).toEqual(plainEdit);
  });
});
