import { fail, ok, type Result } from '@mizan/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { company, store, userStore, users, year } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import { createStoreAccounts } from '../accounts/accounts.defaults.ts';

export type NewUser = {
  user_name: string;
  full_name: string;
  password: string;
  store_ids: number[];
  is_admin: boolean;
};

export const MIN_PASSWORD_LENGTH = 8;

/**
 * A shop that starts without the demo has no company, store or year yet: create the least it needs to sign in
 * (one store, the current calendar year). The owner completes the details in settings.
 */
export async function ensureOrganisation(db: Db, today = new Date()) {
  await db.transaction(async (tx) => {
    const [companies] = await tx.select({ n: count() }).from(company);
    if (!companies?.n) await tx.insert(company).values({ arName: 'شركتي', engName: 'My Company' });
    const [stores] = await tx.select({ n: count() }).from(store);
    if (!stores?.n) {
      const [created] = await tx
        .insert(store)
        .values({ store_ref: 'main', store_name: 'المخزن الرئيسي', location: null })
        .returning({ id: store.id });
      if (created) await createStoreAccounts(tx, created.id);
    }
    const [years] = await tx.select({ n: count() }).from(year);
    if (!years?.n) {
      const y = today.getFullYear();
      await tx
        .insert(year)
        .values({ yearDesc: String(y), yearStart: `${y}-01-01`, yearEnd: `${y}-12-31`, is_current: true });
    }
  });
}

export async function createUser(db: Db, input: NewUser): Promise<Result<{ id: number }>> {
  const fields: Record<string, string> = {};
  if (!/^[\p{L}\p{N}._-]{2,64}$/u.test(input.user_name)) fields.user_name = 'اسم المستخدم من 2 إلى 64 حرفا بلا مسافات';
  if (!input.full_name.trim()) fields.full_name = 'الاسم الكامل مطلوب';
  if (input.password.length < MIN_PASSWORD_LENGTH)
    fields.password = `كلمة المرور ${MIN_PASSWORD_LENGTH} أحرف على الأقل`;
  if (input.store_ids.length === 0) fields.store_ids = 'اختر مخزنا واحدا على الأقل';
  if (Object.keys(fields).length) return fail('VALIDATION_FAILED', fields);

  const known = await db.select({ id: store.id }).from(store).where(inArray(store.id, input.store_ids));
  if (known.length !== new Set(input.store_ids).size) return fail('VALIDATION_FAILED', { store_ids: 'مخزن غير موجود' });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.user_name, input.user_name));
  if (taken) return fail('CONFLICT', { user_name: 'اسم المستخدم مستخدم من قبل' });

  const password_hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        user_name: input.user_name,
        full_name: input.full_name.trim(),
        password_hash,
        is_admin: input.is_admin,
      })
      .returning({ id: users.id });
    if (!created) throw new Error('user insert returned nothing');
    await tx
      .insert(userStore)
      .values([...new Set(input.store_ids)].map((store_id) => ({ user_id: created.id, store_id })));
    return ok({ id: created.id });
  });
}
