/**
 * Sales by customer and purchases by supplier (docs/reports.md, issue 35 finding 9): for a period, each party's
 * invoices and returns summed by the database from the documents' kept figures (`trade_document`: its total before
 * VAT is `total_with_vat − taxTot`, its VAT `taxTot`), read over the documents' list index (store, kind, year, date)
 * for each year the period runs through, paged, with the whole period's sums.
 */
import { documentKinds, type PartySalesRow } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { BookPeriod } from './period.ts';
import { amountText } from './sql.ts';

export type PartySide = 'sales' | 'purchases';
/** The invoices and returns of each side (a preliminary invoice or an order is not a sale or a purchase yet). */
const kindsOf: Record<PartySide, { invoice: string; refund: string }> = {
  sales: { invoice: documentKinds.sale.wire, refund: documentKinds.saleReturn.wire },
  purchases: { invoice: documentKinds.purchase.wire, refund: documentKinds.purchaseReturn.wire },
};

type Paging = { page: number; pageSize: number };
type Row = PartySalesRow & { n: number; sums: Omit<PartySalesRow, 'cust_id' | 'sub_name'> };

/** A page of the parties, each row carrying the count and sums of the whole period. */
async function partyRows(db: DbOrTx, storeId: number, period: BookPeriod, side: PartySide, { page, pageSize }: Paging) {
  const { invoice, refund } = kindsOf[side];
  const years = sql.join(
    period.years.map((y) => sql`${y.id}`),
    sql`, `,
  );
  return (
    await db.execute<Row>(sql`
      with documents as (
        select d.cust_id, d.kind = ${refund} as refund, d.total_with_vat - d."taxTot" as before_vat, d."taxTot" as vat
        from trade_document d
        where d.store_id = ${storeId} and d.kind in (${invoice}, ${refund}) and d."yearId" in (${years})
          and d.pay_date >= ${period.start} and d.pay_date <= ${period.end} and not d.awaiting_lines
      ),
      parties as (
        select cust_id, count(*) filter (where not refund)::int as invoices,
          count(*) filter (where refund)::int as returns_count,
          coalesce(sum(before_vat) filter (where not refund), 0) as sales,
          coalesce(sum(before_vat) filter (where refund), 0) as returns,
          coalesce(sum(case when refund then -vat else vat end), 0) as vat
        from documents group by cust_id
      )
      select p.cust_id, s.sub_name, p.invoices, p.returns_count, ${amountText(sql`p.sales`)} as sales,
        ${amountText(sql`p.returns`)} as returns, ${amountText(sql`p.sales - p.returns`)} as net,
        ${amountText(sql`p.vat`)} as vat, ${amountText(sql`p.sales - p.returns + p.vat`)} as total,
        count(*) over ()::int as n,
        json_build_object(
          'invoices', (sum(p.invoices) over ())::int, 'returns_count', (sum(p.returns_count) over ())::int,
          'sales', ${amountText(sql`sum(p.sales) over ()`)}, 'returns', ${amountText(sql`sum(p.returns) over ()`)},
          'net', ${amountText(sql`sum(p.sales - p.returns) over ()`)}, 'vat', ${amountText(sql`sum(p.vat) over ()`)},
          'total', ${amountText(sql`sum(p.sales - p.returns + p.vat) over ()`)}) as sums
      from parties p join sub_accounts s on s.id = p.cust_id
      order by p.sales - p.returns + p.vat desc, p.cust_id
      limit ${pageSize} offset ${(page - 1) * pageSize}`)
  ).rows;
}

export async function partySales(db: DbOrTx, storeId: number, period: BookPeriod, side: PartySide, paging: Paging) {
  const rows = await partyRows(db, storeId, period, side, paging);
  // A page past the last carries no row to count from: the first page's first row carries the period's count and sums.
  const counted =
    rows[0] ??
    (paging.page > 1 ? (await partyRows(db, storeId, period, side, { page: 1, pageSize: 1 }))[0] : undefined);
  const none = {
    invoices: 0,
    returns_count: 0,
    sales: '0.00',
    returns: '0.00',
    net: '0.00',
    vat: '0.00',
    total: '0.00',
  };
  return {
    data: rows.map(({ n: _n, sums: _s, ...row }) => row),
    total: counted?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
    start_date: period.start,
    end_date: period.end,
    sums: counted?.sums ?? none,
  };
}
