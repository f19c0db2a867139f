/**
 * Who may manage a user (issue 22): an administrator of every store the user has, and for the owner only the owner.
 * An administrator of store S is an active user whose role in S is the owner's or the administrator's (`user_store.
 * role_id`, docs/permissions.md); `users.is_admin` says the user holds such a role in some store.
 */
import { fail, ok, type Result, roleIds, type SessionUser } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type ManagedUser = { id: number; is_admin: boolean; is_owner: boolean; store_ids: number[] };

/** One change to users at a time, so that two administrators disabling each other cannot leave a store without one. */
export async function lockUserManagement(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mizan users'))`);
}

/**
 * The user `id` as `admin` may manage them, or why not. A user outside the admin's current store is NOT_FOUND (the
 * admin cannot see them); one who also works in a store where the admin's role is not an administrator's (the admin
 * has no role there, or a cashier's, a store keeper's, an accountant's) is USER_IN_OTHER_STORES: having a store is
 * not running it (issue 35). One's own account is one's own: its password, and one's role in the current store.
 */
export async function managedUser(tx: DbOrTx, admin: SessionUser, id: number): Promise<Result<ManagedUser>> {
  if (!admin.is_admin) return fail('ADMIN_ONLY');
  const { rows } = await tx.execute<{
    is_admin: boolean;
    is_owner: boolean;
    store_ids: number[];
    outside: number;
  }>(sql`
    select u.is_admin, u.is_owner,
           array_agg(us.store_id order by us.store_id) as store_ids,
           count(*) filter (where mine.store_id is null)::int as outside
    from users u
    join user_store us on us.user_id = u.id
    left join user_store mine on mine.user_id = ${admin.id} and mine.store_id = us.store_id
      and mine.role_id in (${roleIds.owner}, ${roleIds.administrator})
    where u.id = ${id}
    group by u.id`);
  const target = rows[0];
  if (!target?.store_ids.map(Number).includes(admin.store_id)) return fail('NOT_FOUND');
  if (target.is_owner && id !== admin.id) return fail('OWNER_ONLY');
  if (id !== admin.id && Number(target.outside) > 0) return fail('USER_IN_OTHER_STORES');
  return ok({ id, is_admin: target.is_admin, is_owner: target.is_owner, store_ids: target.store_ids.map(Number) });
}

/** Whether one of the user's stores has no other active administrator (the user would be its last). */
export async function isLastAdmin(tx: DbOrTx, user: ManagedUser): Promise<boolean> {
  if (!user.is_admin) return false;
  const { rows } = await tx.execute<{ orphaned: number }>(sql`
    select count(*)::int as orphaned
    from user_store us
    where us.user_id = ${user.id}
      and not exists (
        select 1 from user_store other join users o on o.id = other.user_id
        where other.store_id = us.store_id and o.id <> ${user.id} and o.is_active
          and other.role_id in (${roleIds.owner}, ${roleIds.administrator}))`);
  return Number(rows[0]?.orphaned ?? 0) > 0;
}

/** Whether the user is an administrator allowed in every store (what the company, shared by all, needs). */
export async function isAdminOfEveryStore(db: DbOrTx, user: SessionUser): Promise<boolean> {
  if (!user.is_admin) return false;
  const { rows } = await db.execute<{ missing: number }>(sql`
    select count(*)::int as missing from store s
    where not exists (select 1 from user_store us where us.store_id = s.id and us.user_id = ${user.id}
      and us.role_id in (${roleIds.owner}, ${roleIds.administrator}))`);
  return Number(rows[0]?.missing ?? 1) === 0;
}
