import { asc, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { company, store, year } from '../../db/schema.ts';

export const listStores = (db: DbOrTx) => db.select().from(store).orderBy(asc(store.id));

/** The company without its logo's bytes (those are served apart, by `company/logo`). */
export const readCompany = (db: DbOrTx) =>
  db
    .select({
      id: company.id,
      arName: company.arName,
      engName: company.engName,
      phone: company.phone,
      phone2: company.phone2,
      address: company.address,
      logoUrl: company.logoUrl,
      tradNo: company.tradNo,
      vatNo: company.vatNo,
      country_code: company.country_code,
      currency_code: company.currency_code,
      currency_symbol: company.currency_symbol,
      currency_decimals: company.currency_decimals,
      vat_registered: company.vat_registered,
      prices_include_vat: company.prices_include_vat,
      vat_rate: company.vat_rate,
    })
    .from(company)
    .orderBy(asc(company.id))
    .limit(1);

export async function readLogo(db: DbOrTx) {
  const [row] = await db
    .select({ bytes: company.logo_bytes, type: company.logo_type })
    .from(company)
    .orderBy(asc(company.id))
    .limit(1);
  return row?.bytes && row.type ? { bytes: row.bytes, type: row.type } : undefined;
}

/** The accounting years, current first, then the most recent. */
export const listYears = (db: DbOrTx) =>
  db.select().from(year).orderBy(desc(year.is_current), desc(year.yearStart), asc(year.id));
