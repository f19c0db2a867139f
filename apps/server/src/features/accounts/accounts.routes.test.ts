import { ARABIC_FOLD_FROM, ARABIC_FOLD_TO, parseMoney, ZERO } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { writeLedgerPart } from '../posting/posting.ts';

describeEachDatabase('accounts', (ctx) => {
  const signedIn = async (store = 1) => {
    const c = new TestClient(ctx().app);
    await c.signIn('admin', 'admin123', store);
    return c;
  };

  it('the chart has its classes and categories; each store has its own system accounts, found by role', async () => {
    const c = await signedIn();
    const classes = (await c.get('/api/accounts/readByStore.php')).json().data;
    expect(classes.slice(0, 3)).toEqual([
      expect.objectContaining({ ac_id: 1, ac_name: 'العملاء', ac_type: 'debit' }),
      expect.objectContaining({ ac_id: 2, ac_name: 'الموردين', ac_type: 'credit' }),
      expect.objectContaining({ ac_id: 3, ac_name: 'المصروفات', ac_type: 'debit' }),
    ]);
    expect((await c.get('/api/account_category/readByStore?store_id=1')).json().data.slice(0, 2)).toEqual([
      { id: 1, cat_name: 'العملاء' },
      { id: 2, cat_name: 'الموردين' },
    ]);
    for (const store of [1, 2]) {
      const all = (await (await signedIn(store)).get('/api/sub_accounts/readAllStore')).json().data;
      expect(
        all
          .filter((a: { role: string | null }) => a.role)
          .map((a: { role: string }) => a.role)
          .sort(),
      ).toEqual([
        'bank',
        'cash_box',
        'cash_over_short',
        'cash_paid_in',
        'cash_paid_out',
        'cost_of_sales',
        'discount_allowed',
        'discount_received',
        'goods_in_transit',
        'input_vat',
        'inventory',
        'opening_balance',
        'output_vat',
        'purchases',
        'retained_earnings',
        'sales',
        'stock_adjustment',
      ]);
      expect(all.every((a: { store_id: number }) => a.store_id === store)).toBe(true);
    }
  });

  it('a customer is created with phone and address, takes the nature of its class, and is found by class', async () => {
    const c = await signedIn();
    const res = await c.post('/api/sub_accounts/create.php', {
      ac_id: 1,
      sub_name: ' مخبز السلام ',
      sub_code: '150',
      sub_balance: '1200.5',
      cat_id: 1,
      phone: '0912 345 678',
      address: 'امدرمان - السوق الكبير',
      sub_type: 'credit',
      ac_behavior: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    const account = res.json().data[0];
    expect(account).toMatchObject({
      sub_name: 'مخبز السلام',
      sub_type: 'debit',
      ac_name: 'العملاء',
      cat_name: 'العملاء',
      sub_balance: '1200.50',
      current_balance: '1200.50',
      balance_type: 'debit',
      phone: '0912 345 678',
    });
    const customers = (await c.get('/api/sub_accounts/readByStore?store_id=1&ac_id=1&yearId=1')).json().data;
    expect(customers.map((a: { id: number }) => a.id)).toContain(account.id);
    const suppliers = (await c.get('/api/sub_accounts/readByStore?ac_id=2')).json().data;
    expect(suppliers.map((a: { id: number }) => a.id)).not.toContain(account.id);
    const both = (await c.get('/api/sub_accounts/getAllCustomerSupplier')).json().data;
    expect(both.every((a: { ac_id: number }) => a.ac_id === 1 || a.ac_id === 2)).toBe(true);
  });

  it('an expense account keeps no phone; bad input and duplicates are refused with Arabic messages', async () => {
    const c = await signedIn();
    const expense = (
      await c.post('/api/sub_accounts/create', { ac_id: 3, sub_name: 'نثريات', cat_id: 3, phone: '0912345678' })
    ).json().data[0];
    expect(expense.phone).toBeNull();
    const empty = await c.post('/api/sub_accounts/create', { ac_id: 1, sub_name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.sub_name).toBe('REQUIRED');
    const badPhone = await c.post('/api/sub_accounts/create', { ac_id: 1, sub_name: 'س', cat_id: 1, phone: 'abc' });
    expect(badPhone.json().error.fields.phone).toBe('PHONE_INVALID');
    const noClass = await c.post('/api/sub_accounts/create', { ac_id: 99, sub_name: 'س' });
    expect(noClass.json().error.fields.ac_id).toBe('MAIN_ACCOUNT_NOT_FOUND');
    const duplicate = await c.post('/api/sub_accounts/create', { ac_id: 3, sub_name: 'نثريات' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('ACCOUNT_NAME_TAKEN');
  });

  it("the party picker's list: the store's customers and suppliers by name and code, no other account, no balance", async () => {
    const c = await signedIn(1);
    const added = (
      await c.post('/api/sub_accounts/createMulti', [
        { ac_id: 1, cat_id: 1, sub_name: 'ورشة الأمل للقائمة', sub_code: '771', sub_balance: '250' },
        { ac_id: 2, cat_id: 2, sub_name: 'مورد القائمة', sub_balance: '0' },
      ])
    ).json().data as { id: number }[];
    const names = (await c.get('/api/sub_accounts/partyNames')).json().data as {
      id: number;
      ac_id: number;
      sub_code: string | null;
    }[];
    const full = (await c.get('/api/sub_accounts/getAllCustomerSupplier')).json().data as { id: number }[];
    // The same parties as the list with balances, in the same order of classes, each with only its name fields.
    expect(names.map((p) => p.id).sort((a, b) => a - b)).toEqual(full.map((p) => p.id).sort((a, b) => a - b));
    expect(names.every((p) => p.ac_id === 1 || p.ac_id === 2)).toBe(true);
    expect(names.findIndex((p) => p.ac_id === 2)).toBeGreaterThan(names.findLastIndex((p) => p.ac_id === 1));
    expect(names.find((p) => p.id === added[0]?.id)).toEqual({
      id: added[0]?.id,
      sub_name: 'ورشة الأمل للقائمة',
      sub_code: '771',
      ac_id: 1,
    });
    expect(names.some((p) => p.id === added[1]?.id)).toBe(true);
    // Another store's parties are not listed.
    const other = (await (await signedIn(2)).get('/api/sub_accounts/partyNames')).json().data as { id: number }[];
    expect(other.some((p) => added.some((a) => a.id === p.id))).toBe(false);
  });

  it('the party picker searches on the server: part of a name, letter variants, a code in Arabic-Indic digits, best first, limited, this store only', async () => {
    const c = await signedIn(1);
    const added = (
      await c.post('/api/sub_accounts/createMulti', [
        { ac_id: 1, cat_id: 1, sub_name: 'مكتبة الإسراء للقرطاسية', sub_code: '8801', sub_balance: '0' },
        { ac_id: 1, cat_id: 1, sub_name: 'صيدلية مصطفى', sub_code: '88', sub_balance: '0' },
        { ac_id: 2, cat_id: 2, sub_name: 'الاسراء للتوريدات', sub_code: '8802', sub_balance: '0' },
        { ac_id: 1, cat_id: 1, sub_name: 'اسراء محمد', sub_code: null, sub_balance: '0' },
        { ac_id: 1, cat_id: 1, sub_name: 'Nile Tools_Co', sub_code: 'N-5', sub_balance: '0' },
      ])
    ).json().data as { id: number; sub_name: string }[];
    const idOf = (name: string) => added.find((p) => p.sub_name === name)?.id;
    type Found = { id: number; sub_name: string; sub_code: string | null; ac_id: number };
    const search = async (query: string, client = c) => {
      const res = await client.get(`/api/sub_accounts/partyNames?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().data as Found[];
    };
    const names = (found: Found[]) => found.map((p) => p.sub_name);

    // Part of a name, anywhere in it; a name starting with the term comes before one holding it, then by name.
    expect(names(await search(`search=${encodeURIComponent('سراء')}`))).toEqual([
      'اسراء محمد',
      'الاسراء للتوريدات',
      'مكتبة الإسراء للقرطاسية',
    ]);
    // Alef with hamza typed or not, taa marbuta as haa, alef maqsura as yaa: the same parties.
    const typedWithHamza = names(await search(`search=${encodeURIComponent('إسراء')}`));
    const typedWithout = names(await search(`search=${encodeURIComponent('اسراء')}`));
    expect(typedWithHamza).toEqual(typedWithout);
    expect(typedWithout).toEqual(['اسراء محمد', 'الاسراء للتوريدات', 'مكتبة الإسراء للقرطاسية']);
    expect(names(await search(`search=${encodeURIComponent('مكتبه')}`))).toEqual(['مكتبة الإسراء للقرطاسية']);
    expect(names(await search(`search=${encodeURIComponent('مصطفي')}`))).toEqual(['صيدلية مصطفى']);
    // Case and LIKE's wildcards: "tools_co" is text, "_" matches no other letter.
    expect(names(await search('search=TOOLS_CO'))).toEqual(['Nile Tools_Co']);
    expect(await search('search=tools%25co')).toEqual([]);

    // A code typed in Arabic-Indic digits: the exact code first, then the codes it starts; the full row of each.
    const byCode = await search(`search=${encodeURIComponent('٨٨')}`);
    expect(byCode[0]).toEqual({ id: idOf('صيدلية مصطفى'), sub_name: 'صيدلية مصطفى', sub_code: '88', ac_id: 1 });
    expect(names(byCode.slice(1))).toEqual(['الاسراء للتوريدات', 'مكتبة الإسراء للقرطاسية']);
    // One side only: the customers (a sale), the suppliers (a purchase).
    expect(names(await search(`search=${encodeURIComponent('٨٨')}&side=customer`))).toEqual([
      'صيدلية مصطفى',
      'مكتبة الإسراء للقرطاسية',
    ]);
    expect(names(await search('search=88&side=supplier'))).toEqual(['الاسراء للتوريدات']);

    // At most 20 unless asked, at most 100; asked for fewer, fewer.
    const many = Array.from({ length: 105 }, (_, i) => ({
      ac_id: 1,
      cat_id: 1,
      sub_name: `زبون البحث ${String(i).padStart(3, '0')}`,
      sub_balance: '0',
    }));
    expect((await c.post('/api/sub_accounts/createMulti', many)).statusCode).toBe(200);
    const term = encodeURIComponent('زبون البحث');
    expect(await search(`search=${term}`)).toHaveLength(20);
    expect(names(await search(`search=${term}&limit=3`))).toEqual([
      'زبون البحث 000',
      'زبون البحث 001',
      'زبون البحث 002',
    ]);
    expect(await search(`search=${term}&limit=100`)).toHaveLength(100);
    const tooMany = await c.get(`/api/sub_accounts/partyNames?search=${term}&limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.code).toBe('VALIDATION_FAILED');
    // Without a term, every party, as before (the device's kept list).
    expect((await search('')).length).toBeGreaterThan(110);

    // The folded name and code the search compares are the database's, folded with the contract's letters, and are
    // not answered.
    const definitions = await ctx().app.db.execute(sql`select a.attname, pg_get_expr(d.adbin, d.adrelid) as expr
      from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
      where d.adrelid = 'sub_accounts'::regclass and a.attname in ('search_name', 'search_code')`);
    expect(definitions.rows).toHaveLength(2);
    for (const { expr } of definitions.rows as { expr: string }[]) {
      expect(expr).toContain(`'${ARABIC_FOLD_FROM}'`);
      expect(expr).toContain(`'${ARABIC_FOLD_TO}'`);
    }
    const created = (
      await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: 'زبون مطوي', sub_balance: '0' })
    ).json().data[0];
    expect(created).not.toHaveProperty('search_name');
    expect(
      (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${created.id}`)).json().data[0],
    ).not.toHaveProperty('search_name');

    // Another store's parties are never answered, however they are searched.
    const other = await signedIn(2);
    expect(await search(`search=${term}`, other)).toEqual([]);
    expect(await search(`search=${encodeURIComponent('٨٨٠١')}`, other)).toEqual([]);
    expect((await search(`search=${encodeURIComponent('٨٨٠١')}`)).map((p) => p.id)).toEqual([
      idOf('مكتبة الإسراء للقرطاسية'),
    ]);
  });

  it('account management is paged on the server and filtered by search, category, nature and balance', async () => {
    const c = await signedIn(2);
    const batch = Array.from({ length: 23 }, (_, i) => ({
      ac_id: i % 2 ? 1 : 2,
      cat_id: i % 2 ? 1 : 2,
      sub_name: `عميل رقم ${String(i).padStart(2, '0')}`,
      sub_balance: i < 5 ? '100' : '0',
    }));
    expect((await c.post('/api/sub_accounts/createMulti', batch)).statusCode).toBe(200);
    const first = (await c.get('/api/sub_accounts/readWithBalance?store_id=2&yearId=1')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.data).toHaveLength(20);
    const search = (await c.get(`/api/sub_accounts/readWithBalance?search=${encodeURIComponent(' رقم 1')}`)).json();
    expect(search.total).toBe(10);
    // 11 new customers and the store's walk-in customer.
    expect((await c.get('/api/sub_accounts/readWithBalance?cat_id=1')).json().total).toBe(12);
    expect(
      (await c.get(`/api/sub_accounts/readWithBalance?cat_name=${encodeURIComponent('الموردين')}`)).json().total,
    ).toBe(13);
    // The three suppliers with balances, and the opening-balance account holding the other side of the openings
    // (here on the debit side: the suppliers' openings outweigh the customers').
    expect((await c.get('/api/sub_accounts/readWithBalance?sub_type=credit&has_balance=true')).json().total).toBe(4);
    expect((await c.get('/api/sub_accounts/readWithBalancePositive.php?balance_type=debit')).json().total).toBe(3);
    expect((await c.get('/api/sub_accounts/readWithBalance?cat_id=all&balance_type=&has_balance=')).json().total).toBe(
      first.total,
    );
  });

  it('the balance adds posted ledger lines by the account nature, and the year filter applies', async () => {
    const c = await signedIn();
    const supplier = (
      await c.post('/api/sub_accounts/create', { ac_id: 2, cat_id: 2, sub_name: 'مورد الرصيد', sub_balance: '100' })
    ).json().data[0];
    // Documents post balanced lines through the ledger; an expense account takes the other side here.
    const other = (await c.post('/api/sub_accounts/create', { ac_id: 3, sub_name: 'حساب مقابل' })).json().data[0];
    const post = (
      yearId: number,
      line_date: string,
      source_id: number,
      debitId: number,
      creditId: number,
      text: string,
    ) =>
      // Under a kind no document of this test has (a purchase id far past theirs), written by the one writer.
      writeLedgerPart(
        ctx().database.db,
        [
          {
            source: {
              store_id: 1,
              yearId,
              date: line_date,
              time: '00:00:00',
              source_kind: 'perch',
              source_id: 900_000 + source_id,
              reference: null,
            },
            lines: [
              { account_id: debitId, debit: parseMoney(text) ?? ZERO, credit: ZERO, memo: 'قيد اختبار' },
              { account_id: creditId, debit: ZERO, credit: parseMoney(text) ?? ZERO, memo: 'قيد اختبار' },
            ],
          },
        ],
        'money',
      );
    await post(1, '2026-03-01', 1, other.id, supplier.id, '50.25');
    await post(1, '2026-03-02', 2, supplier.id, other.id, '200');
    await post(2, '2025-03-02', 3, other.id, supplier.id, '1000');
    const year1 = (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${supplier.id}&yearId=1`)).json()
      .data[0];
    // One book: a supplier (balance sheet) carries 2025 into 2026. Credit nature: 100 + 1000 + 50.25 − 200 = 950.25.
    expect(year1).toMatchObject({ current_balance: '950.25', balance_type: 'credit' });
    // The seed's fields from the same ledger: its purchases' lines net, the opening on its credit side.
    expect(year1).toMatchObject({
      changeeTot: '0.00',
      fromDebitTot: '0.00',
      purchChangeeTot: '850.25',
      toCreditTot: '100.00',
      sub_balance: '100.00',
      sub_balance_now: '950.25',
      currentCustumerStatus: 'credit',
      next_pay: null,
    });
    const year2 = (await c.get(`/api/sub_accounts/getAccountBalance?account_id=${supplier.id}&year_id=2`)).json()
      .data[0];
    // Its opening was typed today (no date sent), in 2026: 2025 has only its line of March.
    expect(year2).toMatchObject({ current_balance: '1000.00', balance_type: 'credit', purchChangeeTot: '1000.00' });

    const usage = (await c.get(`/api/sub_accounts/checkUsage.php?account_id=${supplier.id}`)).json().data[0];
    expect(usage).toEqual({
      account_id: supplier.id,
      in_use: true,
      ledger_lines: 3,
      documents: 0,
      is_system: false,
      children: 0,
    });
    const refused = await c.post('/api/sub_accounts/delete', { id: supplier.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ACCOUNT_IN_USE');
  });

  it('an unused account is edited and deleted (never by GET); system accounts and other stores are refused', async () => {
    const c = await signedIn();
    const created = (await c.post('/api/sub_accounts/create', { ac_id: 1, cat_id: 1, sub_name: 'عميل مؤقت' })).json()
      .data[0];
    const edited = await c.post('/api/sub_accounts/update', {
      id: created.id,
      ac_id: 1,
      cat_id: 1,
      sub_name: 'عميل دائم',
      phone: '0912000000',
    });
    expect(edited.json().data[0]).toMatchObject({ sub_name: 'عميل دائم', phone: '0912000000' });
    expect((await c.get(`/api/sub_accounts/checkUsage?account_id=${created.id}`)).json().data[0].in_use).toBe(false);

    const other = await signedIn(2);
    expect((await other.post('/api/sub_accounts/delete', { id: created.id })).statusCode).toBe(404);
    expect((await other.get(`/api/sub_accounts/getAccountBalance?account_id=${created.id}`)).statusCode).toBe(404);

    expect((await c.get(`/api/sub_accounts/delete.php?id=${created.id}`)).statusCode).toBe(405);
    expect((await c.request('DELETE', `/api/sub_accounts/delete.php?id=${created.id}`)).statusCode).toBe(200);

    const cashBox = (await c.get('/api/sub_accounts/readAllStore'))
      .json()
      .data.find((a: { role: string }) => a.role === 'cash_box');
    const system = await c.post('/api/sub_accounts/delete', { id: cashBox.id });
    expect(system.statusCode).toBe(409);
    expect(system.json().error.code).toBe('SYSTEM_ACCOUNT');
    const moved = await c.post('/api/sub_accounts/update', { id: cashBox.id, ac_id: 1, sub_name: 'الخزينة' });
    expect(moved.json().error.code).toBe('SYSTEM_ACCOUNT');
  });
});
