import { createHash } from 'node:crypto';
import { type CompanyUpdateBody, fail, ok, type Result, refuse, type SessionUser } from '@mizan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { company, store } from '../../db/schema.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import { isAdminOfEveryStore } from '../users/userReach.ts';
import { readCompany } from './organisation.queries.ts';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_LOGO_BYTES = 1024 * 1024;

export async function updateCompany(db: Db, admin: SessionUser, input: CompanyUpdateBody) {
  if (!admin.permissions.includes('settings')) return refuse('settings');
  if (!(await isAdminOfEveryStore(db, admin))) return fail('ALL_STORES_ADMIN_ONLY');
  return inTransaction(db, async (tx) => {
    const [current] = await readCompany(tx);
    if (!current) return fail('NOT_FOUND');
    await tx.update(company).set(input).where(eq(company.id, current.id));
    await writeLog(tx, {
      store_id: admin.store_id,
      user_id: admin.id,
      typee: 'update company',
      logToken: { id: current.id },
    });
    const [saved] = await readCompany(tx);
    return saved ? ok(saved) : fail('NOT_FOUND');
  });
}

/** Keeps the logo in the database; its URL carries a hash of the bytes so browsers and prints never show a stale one. */
export async function saveLogo(
  db: Db,
  admin: SessionUser,
  bytes: Buffer,
  type: string,
): Promise<Result<{ logoUrl: string }>> {
  if (!admin.permissions.includes('settings')) return refuse('settings');
  if (!(await isAdminOfEveryStore(db, admin))) return fail('ALL_STORES_ADMIN_ONLY');
  if (!(LOGO_TYPES as readonly string[]).includes(type)) return fail('VALIDATION_FAILED', { logo: 'LOGO_TYPE' });
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) {
    return fail('VALIDATION_FAILED', { logo: 'LOGO_TOO_LARGE' });
  }
  const logoUrl = `/api/company/logo?v=${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`;
  return inTransaction(db, async (tx) => {
    const [current] = await readCompany(tx);
    if (!current) return fail('NOT_FOUND');
    await tx.update(company).set({ logo_bytes: bytes, logo_type: type, logoUrl }).where(eq(company.id, current.id));
    await writeLog(tx, {
      store_id: admin.store_id,
      user_id: admin.id,
      typee: 'update company logo',
      logToken: { logoUrl },
    });
    return ok({ logoUrl });
  });
}

export function updateStore(
  db: Db,
  admin: SessionUser,
  input: {
    id: number;
    store_name: string;
    location: string | null;
    allow_negative_stock?: boolean | undefined;
    scale_code_digits?: number | undefined;
    scale_value?: 'weight' | 'price' | undefined;
    scale_decimals?: number | undefined;
    shifts_required?: boolean | undefined;
    ean_prefix?: string | undefined;
  },
) {
  if (!admin.permissions.includes('settings')) return Promise.resolve(refuse('settings'));
  // An administrator edits the store they are signed in to; other stores are edited from there.
  if (input.id !== admin.store_id) return Promise.resolve(fail('STORE_FORBIDDEN'));
  return inTransaction(db, async (tx) => {
    // A setting left out (a legacy client sends only the name and the location) stays as it is.
    const { id: _id, ...settings } = input;
    const changed = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
    const [saved] = await tx.update(store).set(changed).where(eq(store.id, input.id)).returning();
    if (!saved) return fail('NOT_FOUND');
    await writeLog(tx, {
      store_id: admin.store_id,
      user_id: admin.id,
      typee: 'update store',
      // The stock rule in force from now on is part of the record: who allowed negative stock, and when.
      logToken: {
        id: input.id,
        store_name: saved.store_name,
        allow_negative_stock: saved.allow_negative_stock,
        shifts_required: saved.shifts_required,
        ean_prefix: saved.ean_prefix,
      },
    });
    return ok(saved);
  });
}
