/**
 * The accounts' kept sums against the ledger lines they sum (the drift query of the ledger): every `account_balance`
 * row (store, year, account) and every `account_day` row (store, account, day, kind, year) equals the sums of its
 * lines, and no line is missing from them; every `account_month` row equals its month's day rows (migration 0036);
 * and every invoice's kept `allocated` equals the sum of the vouchers'
 * allocations to it (migration 0031); and the records' kept day sums (`document_day`, migration 0035) equal the
 * sums of the documents they count (answered with account 0). The API tests check it after every step (trade.fixtures.ts
 * `balancesOffTheLedger`), `npm run bench:seed` and `npm run bench` at the end. Answers each account that differs.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type KeptSumOff = { account_id: number; what: string };

export async function ledgerSumsInvariants(db: DbOrTx): Promise<KeptSumOff[]> {
  const { rows } = await db.execute<KeptSumOff>(sql`
    select coalesce(l.account_id, b.account_id) as account_id,
      'year ' || coalesce(l."yearId", b."yearId") || ': kept ' || coalesce(b.debit_total, 0) || ' / '
        || coalesce(b.credit_total, 0) || ', lines ' || coalesce(l.d, 0) || ' / ' || coalesce(l.c, 0) as what
    from (select store_id, "yearId", account_id, sum(debit) as d, sum(credit) as c from ledger_line group by 1, 2, 3) l
    full join account_balance b
      on b.store_id = l.store_id and b."yearId" = l."yearId" and b.account_id = l.account_id
    where coalesce(l.d, 0) <> coalesce(b.debit_total, 0) or coalesce(l.c, 0) <> coalesce(b.credit_total, 0)
    union all
    select coalesce(l.account_id, k.account_id),
      coalesce(l.line_date, k.line_date)::text || ' ' || coalesce(l.source_kind, k.source_kind) || ': kept '
        || coalesce(k.debit_total, 0) || ' / ' || coalesce(k.credit_total, 0) || ', lines ' || coalesce(l.d, 0)
        || ' / ' || coalesce(l.c, 0)
    from (select store_id, account_id, line_date, source_kind, "yearId", sum(debit) as d, sum(credit) as c
      from ledger_line group by 1, 2, 3, 4, 5) l
    full join account_day k
      on k.store_id = l.store_id and k.account_id = l.account_id and k.line_date = l.line_date
        and k.source_kind = l.source_kind and k."yearId" = l."yearId"
    where coalesce(l.d, 0) <> coalesce(k.debit_total, 0) or coalesce(l.c, 0) <> coalesce(k.credit_total, 0)
    union all
    select coalesce(k.account_id, m.account_id),
      'month ' || coalesce(k.month, m.month)::text || ': kept ' || coalesce(m.debit_total, 0) || ' / '
        || coalesce(m.credit_total, 0) || ', days ' || coalesce(k.d, 0) || ' / ' || coalesce(k.c, 0)
    from (select store_id, "yearId", date_trunc('month', line_date)::date as month, account_id,
        sum(debit_total) as d, sum(credit_total) as c
      from account_day group by 1, 2, 3, 4) k
    full join account_month m
      on m.store_id = k.store_id and m."yearId" = k."yearId" and m.month = k.month and m.account_id = k.account_id
    where coalesce(k.d, 0) <> coalesce(m.debit_total, 0) or coalesce(k.c, 0) <> coalesce(m.credit_total, 0)
    union all
    select d.cust_id, 'invoice ' || d.pay_ref || ': kept allocated ' || d.allocated || ', allocations '
        || coalesce(a.amount, 0)
    from trade_document d
    left join (select pay_id, sum(amount) as amount from payment_allocation group by pay_id) a on a.pay_id = d.pay_id
    where d.allocated <> coalesce(a.amount, 0)
    union all
    select 0, 'records ' || coalesce(t.kind, k.kind) || ' ' || coalesce(t.pay_date, k.pay_date)::text || ' user '
        || coalesce(t.user_id, k.user_id) || ': kept ' || coalesce(k.documents, 0) || ' / ' || coalesce(k.tot_pr, 0)
        || ' / ' || coalesce(k.pay, 0) || ', documents ' || coalesce(t.documents, 0) || ' / ' || coalesce(t.tot_pr, 0)
        || ' / ' || coalesce(t.pay, 0)
    from (select store_id, kind, "yearId", pay_date, value_only, coalesce(user_id, 0) as user_id,
        count(*) as documents, sum(tot_pr) as tot_pr, sum(discount) as discount, sum(pay) as pay,
        sum(changee) as changee
      from trade_document where not awaiting_lines group by 1, 2, 3, 4, 5, 6) t
    full join document_day k
      on k.store_id = t.store_id and k.kind = t.kind and k."yearId" = t."yearId" and k.pay_date = t.pay_date
        and k.value_only = t.value_only and k.user_id = t.user_id
    where coalesce(t.documents, 0) <> coalesce(k.documents, 0) or coalesce(t.tot_pr, 0) <> coalesce(k.tot_pr, 0)
      or coalesce(t.discount, 0) <> coalesce(k.discount, 0) or coalesce(t.pay, 0) <> coalesce(k.pay, 0)
      or coalesce(t.changee, 0) <> coalesce(k.changee, 0)`);
  return rows;
}
