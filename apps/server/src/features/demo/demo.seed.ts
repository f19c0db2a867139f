/**
 * The demo a fresh install starts with, so a new user can sign in and look around at once: the company, two stores,
 * two years and three users, then (`seedDemoShop`) a year of a small shop's documents in store 1, made by the same
 * generator as the large-store benchmark. `MIZAN_DEMO=bare` leaves the documents out, `MIZAN_DEMO=0` the whole demo;
 * a real shop then creates its first user with `npm run user:add`.
 */
import { roleIds } from '@mizan/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { company, store, subAccounts, userStore, users, year } from '../../db/schema.ts';
import { today } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { actingAdministrator } from '../../lib/permissions.ts';
import { createStoreAccounts, typed } from '../accounts/accounts.defaults.ts';
import { balanceOpeningAccount, postOpenings } from '../accounts/openingBalance.ts';
import { createDefaultTemplates } from '../journal/journalTemplates.ts';
import { demoShopSize, generateShop } from './shopGenerator.ts';

export const demoUsers = [
  { user_name: 'admin', password: 'admin123', full_name: 'مدير النظام', is_admin: true, role: 'owner', stores: [1, 2] },
  {
    user_name: 'cashier',
    password: 'cashier123',
    full_name: 'أحمد الكاشير',
    is_admin: false,
    role: 'cashier',
    stores: [1],
  },
  {
    user_name: 'keeper',
    password: 'keeper123',
    full_name: 'سارة أمينة المخزن',
    is_admin: false,
    role: 'storeKeeper',
    stores: [2],
  },
] as const;

const demoParties: Omit<typeof subAccounts.$inferInsert, 'account_type'>[] = [
  {
    store_id: 1,
    ac_id: 1,
    sub_name: 'محمد عثمان للتجارة',
    sub_code: '102',
    sub_type: 'debit',
    cat_id: 1,
    phone: '0912000111',
    address: 'الخرطوم بحري',
  },
  {
    store_id: 1,
    ac_id: 1,
    sub_name: 'ورشة النيل',
    sub_code: '103',
    sub_type: 'debit',
    cat_id: 1,
    phone: '0911222333',
    address: 'السجانة',
    sub_balance: '2500.00',
    // Brought in at the book's start (its first year's first day), as openings had counted before they were dated.
    opening_date: '2025-01-01',
  },
  {
    store_id: 1,
    ac_id: 2,
    sub_name: 'شركة الخليج للاسبيرات',
    sub_code: '201',
    sub_type: 'credit',
    cat_id: 2,
    phone: '0155666777',
    address: 'المنطقة الصناعية',
  },
  { store_id: 1, ac_id: 3, sub_name: 'إيجار المحل', sub_code: '301', sub_type: 'debit', cat_id: 3 },
  { store_id: 1, ac_id: 3, sub_name: 'الكهرباء', sub_code: '302', sub_type: 'debit', cat_id: 3 },
  {
    store_id: 2,
    ac_id: 2,
    sub_name: 'مؤسسة أم درمان للتوريدات',
    sub_code: '201',
    sub_type: 'credit',
    cat_id: 2,
    phone: '0123456780',
  },
];

export async function isDatabaseEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(company);
  return (row?.n ?? 0) === 0;
}

/** Loads the demo into an empty database; returns false (and changes nothing) if it holds data already. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const hashes = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  await db.transaction(async (tx) => {
    await tx.insert(company).values({
      arName: 'شركة ميزان التجارية',
      engName: 'Mizan Trading Co.',
      phone: '0912345678',
      phone2: '0123456789',
      address: 'الخرطوم - السوق العربي - شارع الجمهورية',
      tradNo: '45871',
      vatNo: '300123456700003',
      country_code: 'SD',
      currency_code: 'SDG',
      currency_symbol: 'ج.س',
      currency_decimals: 2,
    });
    const stores = await tx
      .insert(store)
      .values([
        { store_ref: 'sh', store_name: 'المخزن الرئيسي', location: 'الخرطوم' },
        { store_ref: 'om', store_name: 'فرع أم درمان', location: 'أم درمان' },
      ])
      .returning({ id: store.id });
    for (const { id } of stores) await createStoreAccounts(tx, id);
    for (const { id } of stores) await createDefaultTemplates(tx, id);
    const parties = await tx.insert(subAccounts).values(demoParties.map(typed)).returning({
      id: subAccounts.id,
      store_id: subAccounts.store_id,
      sub_name: subAccounts.sub_name,
      sub_type: subAccounts.sub_type,
      sub_balance: subAccounts.sub_balance,
      opening_date: subAccounts.opening_date,
    });
    for (const { id } of stores) await balanceOpeningAccount(tx, id);
    // Inserted in this order so that the current year gets id 1 (the primary API base) and the earlier one id 2.
    await tx
      .insert(year)
      .values({ yearDesc: '2026', yearStart: '2026-01-01', yearEnd: '2026-12-31', is_current: true });
    await tx
      .insert(year)
      .values({ yearDesc: '2025', yearStart: '2025-01-01', yearEnd: '2025-12-31', is_current: false });
    // The parties' openings, posted on their days (features/accounts/openingBalance.ts).
    for (const { id } of stores) {
      const posted = await postOpenings(
        tx,
        id,
        parties.filter((party) => party.store_id === id).map(({ id: partyId, ...now }) => ({ id: partyId, now })),
      );
      if (!posted.ok) throw new Error(`the demo's openings were refused: ${posted.code}`);
    }
    for (const [index, demo] of demoUsers.entries()) {
      const [created] = await tx
        .insert(users)
        .values({
          user_name: demo.user_name,
          full_name: demo.full_name,
          is_admin: demo.is_admin,
          // The demo's administrator is the shop's owner, as the first administrator of a real shop is.
          is_owner: demo.user_name === 'admin',
          password_hash: hashes[index] ?? '',
        })
        .returning({ id: users.id });
      if (!created) throw new Error('demo user was not created');
      await tx
        .insert(userStore)
        .values(demo.stores.map((store_id) => ({ user_id: created.id, store_id, role_id: roleIds[demo.role] })));
    }
  });
  return true;
}

/**
 * A year of a small shop in store 1's current year (2026), dated from its first day to yesterday (the whole year once
 * it is over), so the lists, reports and alerts show something on the first sign-in. The same every time but for
 * where it stops.
 */
export async function seedDemoShop(db: Db, on = today()) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.user_name, 'admin'));
  if (!admin) return;
  const yesterday = new Date(Date.parse(on) - 86_400_000).toISOString().slice(0, 10);
  const to = yesterday > '2026-12-31' ? '2026-12-31' : yesterday;
  if (to < '2026-01-01') return;
  await generateShop(db, {
    storeId: 1,
    yearId: 1,
    from: '2026-01-01',
    to,
    size: demoShopSize,
    seed: 2026,
    user: actingAdministrator({ id: admin.id, user_name: 'admin', full_name: 'مدير النظام' }, 1),
  });
}
