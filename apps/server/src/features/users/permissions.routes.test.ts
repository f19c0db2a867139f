import { allPermissions, defaultRoles, roleIds } from '@mizan/contract';
import { expect, it } from 'vitest';
import { today } from '../../lib/clock.ts';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';
import { tradeFixtures } from '../trade/trade.fixtures.ts';
import { roleFixtures } from './role.fixtures.ts';

/**
 * Who may do what (issue 22, part 2; docs/permissions.md): every route declares its permission, each default role is
 * allowed exactly what its table says, and a cashier's refusals name what is missing.
 */
describeEachDatabase('roles and permissions', (ctx) => {
  const { signedIn, setup } = tradeFixtures(ctx);
  const { withRole } = roleFixtures(signedIn);

  it('every route declares public or a known permission; each default role is refused exactly what its table lacks', async () => {
    const { app } = ctx();
    const known = new Set<string>([...allPermissions, 'signedIn']);
    const undeclared = app.apiRoutes.filter((r) => !r.public && !(r.permission && known.has(r.permission)));
    expect(undeclared.map((r) => `${r.method} ${r.url} ${r.permission}`)).toEqual([]);

    const admin = await signedIn();
    const guarded = app.apiRoutes.filter((r) => !r.public && r.permission !== 'signedIn');
    expect(guarded.length).toBeGreaterThan(100);
    // Refused before the body is read or the handler runs, so empty calls do: they change nothing when refused.
    for (const key of ['cashier', 'storeKeeper', 'accountant'] as const) {
      const { c } = await withRole(admin, key);
      const allowed = new Set<string>(defaultRoles[key].permissions);
      const wrong: string[] = [];
      for (const route of guarded) {
        const res = await c.request(route.method as 'GET' | 'POST', route.url, route.method === 'GET' ? undefined : {});
        const refused = res.statusCode === 403 && res.json().error?.code === 'PERMISSION_DENIED';
        const permission = route.permission ?? '';
        if (refused !== !allowed.has(permission)) wrong.push(`${key} ${route.method} ${route.url} ${res.statusCode}`);
        if (refused && res.json().error.missing !== permission) wrong.push(`${key} ${route.url} names the wrong one`);
      }
      expect(wrong).toEqual([]);
    }
    // The administrator keeps everything but the roles, which are the owner's.
    const { c: manager } = await withRole(admin, 'administrator');
    const roles = await manager.post('/api/roles/update', { id: 5, name: 'x', permissions: [], discount_limit: '0' });
    expect(roles.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'roles' });
    expect((await manager.get('/api/roles/read')).statusCode).toBe(200);
  }, 300_000);

  it('the session answers the role and its permissions; the legacy level stays user', async () => {
    const cashier = await signedIn('cashier', 'cashier123');
    const me = (await cashier.get('/api/users/me')).json().data[0];
    expect(me).toMatchObject({ role_id: roleIds.cashier, is_admin: false, discount_limit: '10.00' });
    expect([...me.permissions].sort()).toEqual([...defaultRoles.cashier.permissions].sort());
    const owner = (await (await signedIn()).get('/api/users/me')).json().data[0];
    expect(owner.permissions).toHaveLength(allPermissions.length);
    // What a user may do comes from the server: a client claiming another level is refused, not believed.
    const claim = await new TestClient(ctx().app).signIn('cashier', 'cashier123');
    expect(claim.statusCode).toBe(200);
    const c = new TestClient(ctx().app);
    await c.get('/api/store/read');
    const asAdmin = await c.post('/api/users/login', {
      user_name: 'cashier',
      password: 'cashier123',
      store_id: 1,
      level: 'admin',
    });
    expect(asAdmin.statusCode).toBe(400);
  });

  it('a cashier’s refusals name what is missing: back-dating, another user’s or day’s invoice, value only, a discount above the limit, below cost, buying, prices, openings, cost and reports', async () => {
    const admin = await signedIn();
    const { item, customer, supplier } = await setup(admin, '50');
    const { c: cashier, full_name: cashierName } = await withRole(admin, 'cashier');
    const day = today();
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const invoice = (payDate: string, extra: Record<string, string> = {}) => ({
      invoice: { cust_id: customer.id, pay_date: payDate, discount: '0', pay: '0', ...extra },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    const refusedFor = (
      res: { statusCode: number; json: () => { error?: { code: string; missing?: string; message: string } } },
      missing: string,
      words: RegExp,
    ) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing });
      expect(res.json().error?.message).toMatch(words);
    };

    if (yesterday.slice(0, 4) === day.slice(0, 4))
      refusedFor(await cashier.post('/api/pay/createWithItems', invoice(yesterday)), 'sale.backDate', /بتاريخ سابق/);
    const theirs = (await admin.post('/api/pay/createWithItems', invoice(day))).json().data[0];
    refusedFor(
      await cashier.post('/api/pay/updateWithItems', {
        ...invoice(day),
        invoice: { ...invoice(day).invoice, pay_id: theirs.pay_id },
      }),
      'sale.others',
      /مستند مستخدم آخر/,
    );
    refusedFor(
      await cashier.post('/api/pay/deleteWithItems', { pay_id: theirs.pay_id }),
      'sale.others',
      /مستند مستخدم آخر/,
    );
    refusedFor(
      await cashier.post('/api/pay/create.php', {
        cust_id: customer.id,
        pay_date: day,
        tot_pr: '250',
        pay: '0',
        value_only: 1,
      }),
      'valueOnly',
      /بالقيمة فقط/,
    );
    // 100 × 1 sold: a discount of 10 is the cashier's limit, 10.01 is above it.
    expect((await cashier.post('/api/pay/createWithItems', invoice(day, { discount: '10' }))).statusCode).toBe(200);
    refusedFor(
      await cashier.post('/api/pay/createWithItems', invoice(day, { discount: '10.01' })),
      'discountAboveLimit',
      /فوق الحد/,
    );
    const cheap = { ...invoice(day), items: [{ item_id: item.id, quantity: '1', pay_price: '79.99' }] };
    const below = await cashier.post('/api/pay/createWithItems', cheap);
    refusedFor(below, 'priceBelowCost', /أقل من سعر التكلفة/);
    expect(Object.keys(below.json().error.fields)).toEqual(['items.0.pay_price']);
    refusedFor(
      await cashier.post('/api/perch/createWithItems', {
        ...invoice(day),
        invoice: { ...invoice(day).invoice, cust_id: supplier.id },
      }),
      'purchase.create',
      /فواتير المشتريات: إنشاء/,
    );
    refusedFor(await cashier.post('/api/items/increasePrice', { payval: '1', perchval: '1' }), 'prices', /الأسعار/);
    refusedFor(
      await cashier.post('/api/firstq/createf', { item_id: item.id, quantity: '1' }),
      'openings',
      /الافتتاحية/,
    );
    refusedFor(await cashier.get('/api/items/readStockTotals'), 'readCost', /التكلفة/);
    refusedFor(await cashier.get('/api/reports/profitAndLoss'), 'readReports', /التقارير/);
    refusedFor(await cashier.post('/api/users/create', {}), 'users', /المستخدمون/);
    refusedFor(await cashier.post('/api/year/close', {}), 'yearClose', /إقفال السنة/);

    // The cashier's own invoice of today is theirs to edit and delete; an edit keeps its author.
    const mine = (await cashier.post('/api/pay/createWithItems', invoice(day))).json().data[0];
    const edited = await cashier.post('/api/pay/updateWithItems', {
      invoice: { ...invoice(day).invoice, pay_id: mine.pay_id },
      items: [{ item_id: item.id, quantity: '2' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (
        await admin.post('/api/pay/updateWithItems', {
          ...invoice(day),
          invoice: { ...invoice(day).invoice, pay_id: mine.pay_id },
        })
      ).statusCode,
    ).toBe(200);
    const read = (await admin.get(`/api/pay/readById?pay_id=${mine.pay_id}`)).json().data[0];
    // An edit keeps the author: the cashier's name, not the administrator's.
    expect(read.user_name).toBe(cashierName);
  });

  it('a role without cost prices reads items without them: lists, one item, the pickers and one item’s stock', async () => {
    const admin = await signedIn();
    const item = (
      await admin.post('/api/items/create', {
        item_name: `صنف التكلفة ${Math.random()}`,
        part_no: `COST-${Math.random()}`,
        perch_price: '80',
        pay_price: '100',
        firstQuantity: '5',
      })
    ).json().data[0];
    const reads = [
      `/api/items/read?search=${encodeURIComponent(item.item_name)}`,
      `/api/items/getItemById?id=${item.id}`,
      `/api/items/searchStock?search=${encodeURIComponent(item.item_name)}`,
      `/api/items/readItemByIdQty?id=${item.id}`,
    ];
    const rowOf = async (c: TestClient, url: string) => {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(200);
      return (res.json().data as { id: number; perch_price: string; avg_cost?: string | null }[]).find(
        (row) => row.id === item.id,
      );
    };
    for (const url of reads) expect((await rowOf(admin, url))?.perch_price, url).toBe('80.00');
    const { c: cashier } = await withRole(admin, 'cashier');
    for (const url of reads) {
      const row = await rowOf(cashier, url);
      expect(row?.perch_price, url).toBe('');
      if (row && 'avg_cost' in row) expect(row.avg_cost, url).toBeNull();
    }
    const { c: keeper } = await withRole(admin, 'storeKeeper');
    expect((await rowOf(keeper, reads[0] ?? ''))?.perch_price).toBe('80.00');
    // The POS's tiles and the device's copy for selling offline (`items/stockList`): a cashier reads the stock and
    // the selling price, and nothing that tells the cost (the value at cost, the profit %).
    const tiles = `/api/items/stockList?search=${encodeURIComponent(item.item_name)}`;
    const tile = (await rowOf(cashier, tiles)) as unknown as Record<string, string | null>;
    expect(tile).toMatchObject({ quantity: '5.000', pay_price: '100.00', stockValuePayPrice: '500.00' });
    expect(tile).toMatchObject({ perch_price: '', avg_cost: null, stockValuePerchPrice: '', profit: '' });
    expect(await rowOf(admin, tiles)).toMatchObject({ stockValuePerchPrice: '400.00', profit: '25.00' });
    // Nor may it sort the list by what goods cost.
    for (const sort of ['perch_price', 'avg_cost', 'profit', 'stockValuePerchPrice']) {
      const sorted = await cashier.get(`/api/items/stockList?sort=${sort}`);
      expect(sorted.statusCode, sort).toBe(403);
      expect(sorted.json().error).toMatchObject({ code: 'PERMISSION_DENIED', missing: 'readCost' });
    }
    expect((await cashier.get('/api/items/stockList?sort=quantity')).statusCode).toBe(200);

    // The cashier's own sale: neither its save's answer nor its read tells what the goods cost.
    const walkIn = (
      (await cashier.get('/api/sub_accounts/readByStore?ac_id=1')).json().data as {
        id: number;
        sub_name: string;
      }[]
    ).find((a) => a.sub_name === 'عميل نقدي');
    const sold = await cashier.post('/api/pay/createWithItems', {
      invoice: { cust_id: walkIn?.id, pay_date: today(), pay: '100' },
      items: [{ item_id: item.id, quantity: '1' }],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const saved = sold.json().data[0];
    expect(saved.items[0]).toMatchObject({ perch_price: '', cost: null, gross_profit: null });
    const read = (await cashier.get(`/api/pay/readById?pay_id=${saved.pay_id}`)).json().data[0];
    expect(read.items[0]).toMatchObject({ perch_price: '', cost: null, gross_profit: null });
    const seen = (await admin.get(`/api/pay/readById?pay_id=${saved.pay_id}`)).json().data[0];
    expect(seen.items[0]).toMatchObject({ perch_price: '80.00', cost: '80.00', gross_profit: '20.00' });
  });

  it('the owner ticks a permission for the cashiers and a cashier may then use it; the owner’s role stays whole', async () => {
    const owner = await signedIn();
    const { item, customer } = await setup(owner, '20');
    const { c: cashier } = await withRole(owner, 'cashier');
    const cheap = {
      invoice: { cust_id: customer.id, pay_date: today(), discount: '0', pay: '0' },
      items: [{ item_id: item.id, quantity: '1', pay_price: '50' }],
    };
    expect((await cashier.post('/api/pay/createWithItems', cheap)).json().error?.missing).toBe('priceBelowCost');
    const cashiers = (await owner.get('/api/roles/read'))
      .json()
      .data.find((r: { id: number }) => r.id === roleIds.cashier);
    const changed = await owner.post('/api/roles/update', {
      id: cashiers.id,
      name: 'بائع',
      permissions: [...cashiers.permissions, 'priceBelowCost'],
      discount_limit: cashiers.discount_limit,
    });
    expect(changed.statusCode).toBe(200);
    expect((await cashier.post('/api/pay/createWithItems', cheap)).statusCode).toBe(200);
    const back = await owner.post('/api/roles/update', {
      ...cashiers,
      name: cashiers.name,
      permissions: cashiers.permissions,
    });
    expect(back.statusCode).toBe(200);
    expect(
      (
        await owner.post('/api/roles/update', { id: roleIds.owner, name: 'x', permissions: [], discount_limit: '0' })
      ).json().error.code,
    ).toBe('OWNER_ROLE_FIXED');
    expect((await owner.post('/api/roles/update', { ...cashiers, permissions: ['fly'] })).statusCode).toBe(400);
    // The discount limit is a percentage: typed in Arabic-Indic digits it is kept; past 100 it is refused on the field.
    const arabic = await owner.post('/api/roles/update', { ...cashiers, discount_limit: '١٢٫٥' });
    expect(arabic.statusCode).toBe(200);
    expect(
      (await owner.get('/api/roles/read')).json().data.find((r: { id: number }) => r.id === roleIds.cashier)
        .discount_limit,
    ).toBe('12.50');
    const tooMuch = await owner.post('/api/roles/update', { ...cashiers, discount_limit: '150' });
    expect(tooMuch.json().error.fields.discount_limit).toBe('PERCENT_OUT_OF_RANGE');
  });

  it('a user’s role in a store is the administrator’s to give; the owner’s is not given, and a store keeps an administrator', async () => {
    const owner = await signedIn();
    const { c: clerk, id: clerkId, user_name } = await withRole(owner, 'cashier');
    expect((await owner.post('/api/roles/assign', { user_id: clerkId, role_id: roleIds.storeKeeper })).statusCode).toBe(
      200,
    );
    const again = await signedIn(user_name, 'password-123');
    expect((await again.get('/api/users/me')).json().data[0].role_id).toBe(roleIds.storeKeeper);
    expect(
      (await owner.post('/api/roles/assign', { user_id: clerkId, role_id: roleIds.owner })).json().error.code,
    ).toBe('OWNER_ROLE_FIXED');
    const ownerId = (await owner.get('/api/users/me')).json().data[0].id;
    expect(
      (await owner.post('/api/roles/assign', { user_id: ownerId, role_id: roleIds.cashier })).json().error.code,
    ).toBe('OWNER_ROLE_FIXED');
    expect((await clerk.post('/api/roles/assign', { user_id: ownerId, role_id: roleIds.cashier })).statusCode).toBe(
      403,
    );
  });
});
