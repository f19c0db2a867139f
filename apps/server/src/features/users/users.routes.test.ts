import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TestClient } from '../../test/testApp.ts';

/**
 * Issue 22, the owner takeover: an administrator created for one branch reset the owner's password, signed in to the
 * other branch and read it. A user is managed only by an administrator of every store that user has, and the owner
 * only by the owner.
 */
describeEachDatabase('who manages a user', (ctx) => {
  let ip = 0;
  const as = async (user: string, password: string, store = 1) => {
    const c = new TestClient(ctx().app, `10.22.0.${++ip}`);
    expect((await c.signIn(user, password, store)).statusCode).toBe(200);
    return c;
  };
  const idOf = async (userName: string) => {
    const { rows } = await ctx().database.db.execute<{ id: number }>(
      sql`select id from users where user_name = ${userName}`,
    );
    return Number(rows[0]?.id);
  };
  const logOf = async (action: string, targetId: number) => {
    const { rows } = await ctx().database.db.execute<{ store_id: number; user_id: number }>(
      sql`select store_id, user_id from "logHistory" where typee = ${action} and ("logToken"->>'id')::int = ${targetId}
          order by store_id`,
    );
    return rows.map((r) => ({ store_id: Number(r.store_id), user_id: Number(r.user_id) }));
  };

  it('a branch administrator cannot reset or disable the owner, nor a user of a store they do not run', async () => {
    const owner = await as('admin', 'admin123');
    const created = await owner.post('/api/users/create', {
      user_name: 'branch1',
      full_name: 'مدير الفرع الأول',
      password: 'branch-pass-1',
      is_admin: true,
    });
    expect(created.statusCode).toBe(200);
    const branch = await as('branch1', 'branch-pass-1');
    const ownerId = await idOf('admin');

    const reset = await branch.post('/api/users/resetPassword', { id: ownerId, password: 'hijacked-123' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error.code).toBe('OWNER_ONLY');
    const disable = await branch.post('/api/users/setActive', { id: ownerId, is_active: false });
    expect(disable.statusCode).toBe(403);
    expect(disable.json().error.code).toBe('OWNER_ONLY');
    // The owner still signs in with the old password, to store 2 as well.
    await as('admin', 'admin123', 2);

    // A cashier of stores 1 and 2: the branch administrator runs only store 1.
    const shared = (
      await owner.post('/api/users/create', { user_name: 'both', full_name: 'كاشير الفرعين', password: 'both-pass-1' })
    ).json().data[0].id as number;
    await ctx().database.db.execute(sql`insert into user_store (user_id, store_id) values (${shared}, 2)`);
    const other = await branch.post('/api/users/resetPassword', { id: shared, password: 'hijacked-123' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('USER_IN_OTHER_STORES');
    expect((await branch.post('/api/users/setActive', { id: shared, is_active: false })).statusCode).toBe(403);
    await as('both', 'both-pass-1', 2);

    // A user of store 1 only is the branch administrator's to manage; the owner manages everyone.
    const cashierId = await idOf('cashier');
    expect((await branch.post('/api/users/resetPassword', { id: cashierId, password: 'cashier123' })).statusCode).toBe(
      200,
    );
    expect((await owner.post('/api/users/resetPassword', { id: shared, password: 'both-pass-2' })).statusCode).toBe(
      200,
    );
    const branchId = await idOf('branch1');
    expect((await owner.post('/api/users/setActive', { id: branchId, is_active: false })).statusCode).toBe(200);
    expect((await owner.post('/api/users/setActive', { id: branchId, is_active: true })).statusCode).toBe(200);

    // Each change is in the activity log of every store the user has, naming who did it.
    expect(await logOf('reset password', shared)).toEqual([
      { store_id: 1, user_id: ownerId },
      { store_id: 2, user_id: ownerId },
    ]);
    expect(await logOf('disable user', branchId)).toEqual([{ store_id: 1, user_id: ownerId }]);
  });

  it('the owner is the first administrator; no one, the owner included, disables the last administrator', async () => {
    const { rows } = await ctx().database.db.execute<{ user_name: string }>(
      sql`select user_name from users where is_owner`,
    );
    expect(rows.map((r) => r.user_name)).toEqual(['admin']);
    const owner = await as('admin', 'admin123', 2);
    const self = await owner.post('/api/users/setActive', { id: await idOf('admin'), is_active: false });
    expect(self.statusCode).toBe(400);
    // The owner's own password may be changed by the owner.
    expect(
      (await owner.post('/api/users/resetPassword', { id: await idOf('admin'), password: 'admin123' })).statusCode,
    ).toBe(200);
  });

  it('the company, shared by every store, is edited only by an administrator of every store', async () => {
    const branch = await as('branch1', 'branch-pass-1');
    const refused = await branch.post('/api/company/update', {
      arName: 'استيلاء',
      engName: 'Takeover',
      country_code: 'SD',
      currency_code: 'SDG',
      currency_symbol: 'ج.س',
      currency_decimals: 2,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ALL_STORES_ADMIN_ONLY');
  });
});
