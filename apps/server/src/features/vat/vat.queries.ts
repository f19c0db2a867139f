/**
 * The VAT report (docs/vat.md): a period's output and input VAT read from the ledger's two VAT accounts (a range of
 * `ledger_line_statement_idx` each), and the documents behind them, paged, from the documents that carry VAT (the
 * partial index `trade_document_vat_idx`: store, date, id where taxTot ≠ 0).
 */
import { documentKinds, type VatDocumentRow } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Period } from '../reports/period.ts';
import { amountText } from '../reports/sql.ts';

const sale = documentKinds.sale.wire;
const saleReturn = documentKinds.saleReturn.wire;
const purchase = documentKinds.purchase.wire;
const purchaseReturn = documentKinds.purchaseReturn.wire;

/** A document's sign in the report: a return takes back the VAT its invoice moved. */
const sign = sql`case when d.kind in (${saleReturn}, ${purchaseReturn}) then -1 else 1 end`;

export async function vatReport(
  db: DbOrTx,
  storeId: number,
  period: Period,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const documents = sql`
    select d.pay_id, d.kind, d.pay_ref, d.pay_date, d.cust_id, d."taxTot", d.total_with_vat, ${sign} as sign,
      case when d.kind in (${sale}, ${saleReturn}) then 'output' else 'input' end as side
    from trade_document d
    where d.store_id = ${storeId} and d.pay_date >= ${period.start} and d.pay_date <= ${period.end}
      and d."taxTot" <> 0 and not d.awaiting_lines
      and d.kind in (${sale}, ${saleReturn}, ${purchase}, ${purchaseReturn})`;
  const rows = (
    await db.execute<
      VatDocumentRow & { n: number; output_taxable: string; input_taxable: string; pay_date: string }
    >(sql`
      with docs as (${documents})
      select g.pay_id, g.kind, g.pay_ref, g.pay_date::text as pay_date, p.sub_name as party, g.side,
        ${amountText(sql`g.sign * (g.total_with_vat - g."taxTot")`)} as taxable,
        ${amountText(sql`g.sign * g."taxTot"`)} as vat,
        ${amountText(sql`g.sign * g.total_with_vat`)} as total_with_vat,
        count(*) over ()::int as n,
        ${amountText(sql`sum(case when g.side = 'output' then g.sign * (g.total_with_vat - g."taxTot") else 0 end) over ()`)}
          as output_taxable,
        ${amountText(sql`sum(case when g.side = 'input' then g.sign * (g.total_with_vat - g."taxTot") else 0 end) over ()`)}
          as input_taxable
      from docs g join sub_accounts p on p.id = g.cust_id
      order by g.pay_date, g.pay_id
      limit ${pageSize} offset ${(page - 1) * pageSize}`)
  ).rows;
  // The period's VAT from the ledger itself: what was posted, whatever the documents say.
  const [ledger] = (
    await db.execute<{ output_vat: string; input_vat: string; net_vat: string }>(sql`
      with vat as (
        select a.role, coalesce(sum(l.debit - l.credit), 0) as balance
        from sub_accounts a
        left join ledger_line l on l.store_id = a.store_id and l.account_id = a.id
          and l.line_date >= ${period.start} and l.line_date <= ${period.end}
        where a.store_id = ${storeId} and a.role in ('output_vat', 'input_vat')
        group by a.role)
      select ${amountText(sql`coalesce((select -balance from vat where role = 'output_vat'), 0)`)} as output_vat,
        ${amountText(sql`coalesce((select balance from vat where role = 'input_vat'), 0)`)} as input_vat,
        ${amountText(sql`coalesce((select -balance from vat where role = 'output_vat'), 0)
          - coalesce((select balance from vat where role = 'input_vat'), 0)`)} as net_vat`)
  ).rows;
  const first = rows[0];
  const total =
    first?.n ??
    (await db.execute<{ n: number }>(sql`with docs as (${documents}) select count(*)::int as n from docs`)).rows[0]
      ?.n ??
    0;
  return {
    data: rows.map(({ n: _n, output_taxable: _o, input_taxable: _i, ...row }) => ({
      ...row,
      pay_id: Number(row.pay_id),
    })),
    total,
    page,
    pageSize,
    sums: {
      output_vat: ledger?.output_vat ?? '0.00',
      input_vat: ledger?.input_vat ?? '0.00',
      net_vat: ledger?.net_vat ?? '0.00',
      output_taxable: first?.output_taxable ?? '0.00',
      input_taxable: first?.input_taxable ?? '0.00',
    },
  };
}
