/**
 * The small reads of a trade save, each folded into a statement the save sends anyway (docs/saving-documents.md,
 * "What a save sends"): every statement is a round trip, to the one embedded connection too, and these ran once per
 * save. What they read and when they lock is as before; only the round trips are fewer.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { arrayOf } from '../../lib/sqlArray.ts';
import type { AccountingYear } from '../organisation/currentYear.ts';
import { postingAccountRoles } from '../posting/posting.rules.ts';

/** The document's party; `price_list_id`: the list a customer buys at (docs/price-lists.md), if any. */
type Party = { id: number; ac_id: number; sub_name: string; price_list_id: number | null };

/** The document an earlier save with the same idempotency key made in the store. */
export type KeyedEarlier = { pay_id: number; pay_ref: string; kind: string; hash: string | null };

/**
 * The save's year and its party (an account of the store), read together; either may be missing, and the load
 * refuses the year first, as when they were two reads. With an idempotency key, also the document an earlier save
 * with it made (its retry is answered that document, not saved again).
 */
export async function readYearAndParty(
  tx: Tx,
  yearId: number,
  storeId: number,
  partyId: number,
  idempotencyKey: string | undefined,
): Promise<{
  accountingYear: AccountingYear | undefined;
  party: Party | undefined;
  earlier: KeyedEarlier | undefined;
}> {
  const { rows } = await tx.execute<{
    year_id: number | null;
    year_start: string | null;
    year_end: string | null;
    party_id: number | null;
    ac_id: number | null;
    sub_name: string | null;
    price_list_id: number | null;
    earlier: KeyedEarlier | null;
  }>(sql`
    select y.id as year_id, y."yearStart"::text as year_start, y."yearEnd"::text as year_end,
      p.id as party_id, p.ac_id, p.sub_name, p.price_list_id,
      (select json_build_object('pay_id', d.pay_id, 'pay_ref', d.pay_ref, 'kind', d.kind, 'hash', d.idempotency_hash)
        from trade_document d where d.store_id = ${storeId} and d.idempotency_key = ${idempotencyKey ?? null}::text)
        as earlier
    from (select) as one
    left join year y on y.id = ${yearId}
    left join sub_accounts p on p.id = ${partyId} and p.store_id = ${storeId}`);
  const [row] = rows;
  return {
    earlier: row?.earlier ?? undefined,
    accountingYear:
      row?.year_id != null && row.year_start !== null && row.year_end !== null
        ? { id: row.year_id, yearStart: row.year_start, yearEnd: row.year_end }
        : undefined,
    party:
      row?.party_id != null && row.ac_id !== null && row.sub_name !== null
        ? { id: row.party_id, ac_id: row.ac_id, sub_name: row.sub_name, price_list_id: row.price_list_id }
        : undefined,
  };
}

/** What a trade save reads of its store and company, with the store's year lock. */
export type StoreOfSave = {
  /** The store has closed the save's year (`year/close`). */
  yearClosed: boolean;
  /** The store's prefix of references; undefined when the store does not exist. */
  storeRef: string | undefined;
  /** The company's VAT settings as they are now (what a new document charges); undefined when no company is set up. */
  companyVat: { vat_registered: boolean; prices_include_vat: boolean; vat_rate: string } | undefined;
  /** The store's accounts that have a posting role. */
  roleAccounts: { id: number; role: string }[];
  /** A sale at a till needs the till's shift open (docs/shifts.md). */
  shiftsRequired: boolean;
};

/**
 * The store's year lock, as `requireOpenYears` takes it (its row in key-share mode: a close waits for the saves
 * already running, and every save after it sees the year closed), with the store's prefix, the company's VAT terms
 * and the store's posting accounts in the same statement: four round trips in one. Only the store's row is locked,
 * and at the same step of the load as before, so the one lock order of every save is kept.
 */
export async function lockStoreOfSave(tx: Tx, storeId: number, yearId: number): Promise<StoreOfSave> {
  const { rows } = await tx.execute<{
    closed: boolean;
    store_ref: string;
    vat_registered: boolean | null;
    prices_include_vat: boolean | null;
    vat_rate: string | null;
    role_accounts: { id: number; role: string }[];
    shifts_required: boolean;
  }>(sql`
    select
      exists (select 1 from year_lock l where l.store_id = s.id and l."yearId" = ${yearId}) as closed,
      s.store_ref,
      s.shifts_required,
      c.vat_registered,
      c.prices_include_vat,
      c.vat_rate::text as vat_rate,
      (select coalesce(json_agg(json_build_object('id', a.id, 'role', a.role)), '[]'::json) from sub_accounts a
        where a.store_id = s.id and a.role = any(${arrayOf([...postingAccountRoles])}::text[])) as role_accounts
    from store s
    left join lateral (
      select vat_registered, prices_include_vat, vat_rate from company order by id limit 1
    ) c on true
    where s.id = ${storeId}
    for key share of s`);
  const [row] = rows;
  if (!row)
    return { yearClosed: false, storeRef: undefined, companyVat: undefined, roleAccounts: [], shiftsRequired: false };
  return {
    yearClosed: row.closed,
    storeRef: row.store_ref,
    companyVat:
      row.vat_registered === null || row.prices_include_vat === null
        ? undefined
        : {
            vat_registered: row.vat_registered,
            prices_include_vat: row.prices_include_vat,
            vat_rate: row.vat_rate ?? '0',
          },
    roleAccounts: row.role_accounts,
    shiftsRequired: row.shifts_required,
  };
}
