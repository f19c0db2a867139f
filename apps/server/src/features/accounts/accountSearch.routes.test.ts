import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

type Found = {
  id: number;
  sub_name: string;
  sub_code: string | null;
  ac_id: number;
  account_type: string;
  role: string | null;
  current_balance: string;
};

describeEachDatabase('account search (the account pickers)', (ctx) => {
  const signedIn = async (store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', store);
    return c;
  };
  const searchOf = (c: TestClient) => async (query: string) => {
    const res = await c.get(`/api/sub_accounts/readWithBalance?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Found[]; total: number; page: number; pageSize: number };
  };
  const names = (found: { data: Found[] }) => found.data.map((a) => a.sub_name);
  const term = (text: string) => `search=${encodeURIComponent(text)}`;

  it('searches folded names, codes and phones, exact code first, then names starting with the term, with balances', async () => {
    const c = await signedIn(1);
    const added = (
      await c.post('/api/sub_accounts/createMulti', [
        { ac_id: 1, cat_id: 1, sub_name: 'مكتبة أحمد للقرطاسية', sub_code: '7701', sub_balance: '250' },
        { ac_id: 1, cat_id: 1, sub_name: 'احمد الطيب', sub_code: '77', sub_balance: '0' },
        { ac_id: 3, cat_id: 3, sub_name: 'ضيافة أحمد', sub_code: '9770', sub_balance: '0' },
        { ac_id: 1, cat_id: 1, sub_name: 'ورشة الشروق', sub_code: null, phone: '0912778899', sub_balance: '0' },
      ])
    ).json().data as { id: number; sub_name: string }[];
    const idOf = (name: string) => added.find((a) => a.sub_name === name)?.id;
    const search = searchOf(c);

    // "احمد" finds أحمد: a name starting with the term first, then the names holding it, by name.
    const ahmad = await search(term('احمد'));
    expect(names(ahmad)).toEqual(['احمد الطيب', 'ضيافة أحمد', 'مكتبة أحمد للقرطاسية']);
    expect(ahmad.total).toBe(3);
    // Each with its live balance and the legacy fields of the list.
    expect(ahmad.data.find((a) => a.id === idOf('مكتبة أحمد للقرطاسية'))).toMatchObject({
      current_balance: '250.00',
      balance_type: 'debit',
      ac_name: 'العملاء',
      sub_balance_now: expect.any(String),
    });
    expect(ahmad.data[0]).not.toHaveProperty('search_name');

    // A code in Arabic-Indic digits: the exact code first, then the codes (and phones) holding it, by name.
    const byCode = await search(term('٧٧'));
    expect(byCode.data[0]?.id).toBe(idOf('احمد الطيب'));
    const ours = new Set(added.map((a) => a.id));
    expect(
      byCode.data
        .slice(1)
        .filter((a) => ours.has(a.id))
        .map((a) => a.sub_name),
    ).toEqual(['ضيافة أحمد', 'مكتبة أحمد للقرطاسية', 'ورشة الشروق']);
    // A phone holds the term.
    expect(names(await search(term('٠٩١٢٧٧٨')))).toEqual(['ورشة الشروق']);
    // LIKE's wildcards are text.
    expect((await search(term('%'))).total).toBe(0);
    // An explicit sort is kept over the search's order.
    expect(names(await search(`${term('احمد')}&sort=sub_code&order=desc`))).toEqual([
      'ضيافة أحمد',
      'مكتبة أحمد للقرطاسية',
      'احمد الطيب',
    ]);
  });

  it("`only` keeps the accounts a picker takes: an expense voucher's, a receipt's or payment's, the money accounts", async () => {
    const c = await signedIn(1);
    await c.post('/api/sub_accounts/createMulti', [
      { ac_id: 3, cat_id: 3, sub_name: 'صيانة المولد', sub_balance: '0' },
      { ac_id: 1, cat_id: 1, sub_name: 'صيانة السيارات الحديثة', sub_balance: '0' },
    ]);
    const search = searchOf(c);
    const expense = await search(`${term('صيانة')}&only=expense`);
    expect(names(expense)).toEqual(['صيانة المولد']);
    expect(expense.data.every((a) => a.account_type === 'expense')).toBe(true);

    const money = await search('only=money&pageSize=100');
    expect(money.data.map((a) => a.role).sort()).toEqual(['bank', 'cash_box']);
    expect(money.data.every((a) => a.ac_id === 4)).toBe(true);

    const counterparts = await search('only=counterpart&pageSize=100');
    expect(counterparts.total).toBeGreaterThan(5);
    expect(counterparts.data.some((a) => a.ac_id === 4 || a.role === 'inventory')).toBe(false);
    expect(names(await search(`${term('صيانة')}&only=counterpart`))).toEqual([
      'صيانة السيارات الحديثة',
      'صيانة المولد',
    ]);

    const unknown = await c.get('/api/sub_accounts/readWithBalance?only=everything');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('a search is paged, and never finds another store’s accounts', async () => {
    const c = await signedIn(1);
    const many = Array.from({ length: 25 }, (_, i) => ({
      ac_id: 1,
      cat_id: 1,
      sub_name: `زبون الصفحات ${String(i).padStart(2, '0')}`,
      sub_code: `66${String(i).padStart(2, '0')}`,
      sub_balance: '0',
    }));
    expect((await c.post('/api/sub_accounts/createMulti', many)).statusCode).toBe(200);
    const search = searchOf(c);
    const first = await search(term('زبون الصفحات'));
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.data).toHaveLength(20);
    const second = await search(`${term('زبون الصفحات')}&page=2`);
    expect(names(second)).toEqual([
      'زبون الصفحات 20',
      'زبون الصفحات 21',
      'زبون الصفحات 22',
      'زبون الصفحات 23',
      'زبون الصفحات 24',
    ]);
    expect(names(await search(`${term('زبون الصفحات')}&pageSize=2`))).toEqual(['زبون الصفحات 00', 'زبون الصفحات 01']);

    const other = searchOf(await signedIn(2));
    expect((await other(term('زبون الصفحات'))).total).toBe(0);
    expect((await other(term('٦٦٠١'))).total).toBe(0);
    expect((await search(term('٦٦٠١'))).data.map((a) => a.sub_name)).toEqual(['زبون الصفحات 01']);
  });
});
