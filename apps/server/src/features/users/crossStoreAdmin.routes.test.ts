import { roleIds } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

/**
 * Issue 35, finding 9: an administrator of store 1 who is only a cashier in store 2 took over store 2's administrator.
 * X administers store 1 and is a cashier in store 2; Y administers store 2 and is a cashier in store 1. X, signed in
 * to store 1, reset Y's password (200), signed in as Y to store 2 and read its users; X could disable, enable and
 * re-role Y too. Having a store is not running it: X manages Y only if X's role in every store of Y is an
 * administrator's.
 */
describeEachDatabase('an administrator of one store and a cashier of another', (ctx) => {
  let ip = 0;
  const client = () => new TestClient(ctx().app, `10.35.9.${++ip}`);
  const as = async (user: string, password: string, store = 1) => {
    const c = client();
    const res = await c.signIn(user, password, store);
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };
  const inStore = (userId: number, storeId: number, roleId: number) =>
    ctx().database.db.execute(
      sql`insert into user_store (user_id, store_id, role_id) values (${userId}, ${storeId}, ${roleId})`,
    );
  const rowOf = async (userId: number) => {
    const { rows } = await ctx().database.db.execute<{ password_hash: string; is_active: boolean; roles: string }>(
      sql`select u.password_hash, u.is_active,
                 string_agg(us.store_id || ':' || us.role_id, ',' order by us.store_id) as roles
          from users u join user_store us on us.user_id = u.id where u.id = ${userId} group by u.id`,
    );
    return rows[0];
  };

  const setUp = async () => {
    const owner1 = await as('admin', 'admin123', 1);
    const owner2 = await as('admin', 'admin123', 2);
    const x = (
      await owner1.post('/api/users/create', {
        user_name: 'x-branch1',
        full_name: 'مدير الفرع الأول',
        password: 'x-password-1',
        is_admin: true,
      })
    ).json().data[0].id as number;
    await inStore(x, 2, roleIds.cashier);
    const y = (
      await owner2.post('/api/users/create', {
        user_name: 'y-branch2',
        full_name: 'مدير الفرع الثاني',
        password: 'y-password-1',
        is_admin: true,
      })
    ).json().data[0].id as number;
    await inStore(y, 1, roleIds.cashier);
    return { x, y, owner1 };
  };

  it('X, signed in to store 1, can neither reset, disable, enable nor re-role Y', async () => {
    const { x, y, owner1 } = await setUp();
    const before = await rowOf(y);
    const asX = await as('x-branch1', 'x-password-1', 1);

    const calls = [
      ['/api/users/resetPassword', { id: y, password: 'taken-over-1' }],
      ['/api/users/setActive', { id: y, is_active: false }],
      ['/api/users/setActive', { id: y, is_active: true }],
      ['/api/roles/assign', { user_id: y, role_id: roleIds.storeKeeper }],
      ['/api/roles/assign', { user_id: y, role_id: roleIds.administrator }],
    ] as const;
    for (const [url, body] of calls) {
      const res = await asX.post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('USER_IN_OTHER_STORES');
      expect(res.json().error.message).toMatch(/مخازن لست مديراً لها/);
    }
    // Nothing changed: Y signs in to store 2 with the old password, the new one is refused.
    expect(await rowOf(y)).toEqual(before);
    expect((await client().signIn('y-branch2', 'taken-over-1', 2)).statusCode).toBe(401);
    await as('y-branch2', 'y-password-1', 2);
    const { rows } = await ctx().database.db.execute(
      sql`select 1 from "logHistory" where ("logToken"->>'id')::int = ${y} and user_id = ${x}`,
    );
    expect(rows).toEqual([]);

    // The owner, who runs both stores, still manages Y; X still manages a user of store 1 alone, and X's own password.
    expect((await owner1.post('/api/users/resetPassword', { id: y, password: 'y-password-2' })).statusCode).toBe(200);
    const cashier = (
      await owner1.post('/api/users/create', {
        user_name: 'x-cashier',
        full_name: 'كاشير الفرع الأول',
        password: 'c-password-1',
      })
    ).json().data[0].id as number;
    expect((await asX.post('/api/users/resetPassword', { id: cashier, password: 'c-password-2' })).statusCode).toBe(
      200,
    );
    expect((await asX.post('/api/roles/assign', { user_id: cashier, role_id: roleIds.storeKeeper })).statusCode).toBe(
      200,
    );
    expect((await asX.post('/api/users/setActive', { id: cashier, is_active: false })).statusCode).toBe(200);
    expect((await asX.post('/api/users/setActive', { id: cashier, is_active: true })).statusCode).toBe(200);
    expect((await asX.post('/api/users/resetPassword', { id: x, password: 'x-password-2' })).statusCode).toBe(200);
  });

  it('a store keeper or accountant role in the other store is no more an administrator there than a cashier', async () => {
    const owner1 = await as('admin', 'admin123', 1);
    const owner2 = await as('admin', 'admin123', 2);
    const x = (
      await owner1.post('/api/users/create', {
        user_name: 'x2-branch1',
        full_name: 'مدير ثان للفرع الأول',
        password: 'x2-password-1',
        is_admin: true,
      })
    ).json().data[0].id as number;
    await inStore(x, 2, roleIds.accountant);
    const z = (
      await owner2.post('/api/users/create', {
        user_name: 'z-both',
        full_name: 'كاشير الفرعين',
        password: 'z-password-1',
      })
    ).json().data[0].id as number;
    await inStore(z, 1, roleIds.cashier);
    const asX = await as('x2-branch1', 'x2-password-1', 1);
    const res = await asX.post('/api/users/resetPassword', { id: z, password: 'taken-over-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('USER_IN_OTHER_STORES');
    // Made an administrator of store 2 by the owner, X now runs every store of Z.
    expect((await owner2.post('/api/roles/assign', { user_id: x, role_id: roleIds.administrator })).statusCode).toBe(
      200,
    );
    expect((await asX.post('/api/users/resetPassword', { id: z, password: 'z-password-2' })).statusCode).toBe(200);
  });
});
