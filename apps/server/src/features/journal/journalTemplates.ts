/**
 * Journal templates (`j_type`, `j_typeDetails`): what a new journal's rows start with. Every store gets a few
 * common ones, named by the accounts' roles (never by ids): with its chart, and at start-up when it has none.
 */
import type { JournalTemplate, JournalTemplateAccount } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AccountRole } from '../../db/schema.ts';

type DefaultTemplate = {
  type_name: string;
  type_desc: string;
  debit: AccountRole[];
  credit: AccountRole[];
  from_count: number;
  to_count: number;
};

const defaultTemplates: DefaultTemplate[] = [
  {
    type_name: 'إيداع نقدية في البنك',
    type_desc: 'إيداع من الخزينة في البنك',
    debit: ['bank'],
    credit: ['cash_box'],
    from_count: 1,
    to_count: 1,
  },
  {
    type_name: 'سحب من البنك إلى الخزينة',
    type_desc: 'سحب نقدية من البنك إلى الخزينة',
    debit: ['cash_box'],
    credit: ['bank'],
    from_count: 1,
    to_count: 1,
  },
  {
    type_name: 'مصروفات نقدية',
    type_desc: 'مصروفات مدفوعة من الخزينة',
    debit: [],
    credit: ['cash_box'],
    from_count: 2,
    to_count: 1,
  },
];

/** Gives a store the default templates it does not have (by name); their accounts are found by role. */
export async function createDefaultTemplates(db: DbOrTx, storeId: number) {
  for (const template of defaultTemplates) {
    const [created] = (
      await db.execute<{ id: number }>(sql`
        insert into j_type (store_id, type_name, type_desc, from_count, to_count)
        values (${storeId}, ${template.type_name}, ${template.type_desc}, ${template.from_count}, ${template.to_count})
        on conflict (store_id, type_name) do nothing returning id`)
    ).rows;
    if (!created) continue;
    for (const [side, roles] of [
      ['debit', template.debit],
      ['credit', template.credit],
    ] as const)
      for (const role of roles)
        await db.execute(sql`
          insert into j_type_details ("jType_id", store_id, ac_id, type_ac)
          select ${created.id}, ${storeId}, s.id, ${side} from sub_accounts s
          where s.store_id = ${storeId} and s.role = ${role}`);
  }
}

/** At start-up: every store without any template gets the defaults. */
export async function addMissingTemplates(db: DbOrTx) {
  const stores = (
    await db.execute<{ id: number }>(
      sql`select s.id from store s where not exists (select 1 from j_type t where t.store_id = s.id)`,
    )
  ).rows;
  for (const { id } of stores) await createDefaultTemplates(db, id);
}

export async function listTemplates(db: DbOrTx, storeId: number): Promise<JournalTemplate[]> {
  return (
    await db.execute<JournalTemplate>(sql`
      select t.id, t.store_id, t.type_name, t.type_desc, t.default_val::text as default_val, t.default_details,
        t.from_count, t.to_count,
        (select d.ac_id from j_type_details d where d."jType_id" = t.id and d.type_ac = 'debit' order by d.id limit 1)
          as debitac_id,
        (select d.ac_id from j_type_details d where d."jType_id" = t.id and d.type_ac = 'credit' order by d.id limit 1)
          as creditac_id
      from j_type t where t.store_id = ${storeId} order by t.id`)
  ).rows;
}

export async function listTemplateAccounts(db: DbOrTx, storeId: number): Promise<JournalTemplateAccount[]> {
  return (
    await db.execute<JournalTemplateAccount>(sql`
      select d.id, d."jType_id", d.store_id, d.ac_id, s.sub_name, d.type_ac
      from j_type_details d join sub_accounts s on s.id = d.ac_id
      where d.store_id = ${storeId} order by d."jType_id", d.id`)
  ).rows;
}
