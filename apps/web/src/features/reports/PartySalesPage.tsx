import { type PartySalesRow, routes } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { PrintButton } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText } from './reportsText.ts';
import { usePartySales } from './useReports.ts';

const text = reportsText.partySales;
type Side = 'sales' | 'purchases';
const money = (pick: (r: PartySalesRow) => string) => (r: PartySalesRow) => formatDecimal(pick(r));
const columnsOf = (side: Side): Column<PartySalesRow>[] => [
  { id: 'party', header: side === 'sales' ? text.customer : text.supplier, cell: (r) => r.sub_name },
  { id: 'invoices', header: text.invoices, amount: true, cell: (r) => String(r.invoices) },
  {
    id: 'sales',
    header: side === 'sales' ? text.salesAmount : text.purchasesAmount,
    amount: true,
    cell: money((r) => r.sales),
  },
  { id: 'returns_count', header: text.returnsCount, amount: true, cell: (r) => String(r.returns_count) },
  { id: 'returns', header: text.returns, amount: true, cell: money((r) => r.returns) },
  { id: 'net', header: text.net, amount: true, cell: money((r) => r.net) },
  { id: 'vat', header: text.vat, amount: true, cell: money((r) => r.vat) },
  { id: 'total', header: text.total, amount: true, cell: money((r) => r.total) },
];

/**
 * Sales by customer and purchases by supplier (reports/partySales, docs/reports.md): each party's invoices of the
 * period less its returns, before VAT and with it, largest first; the sums are the whole period's.
 */
export default function PartySalesPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [side, setSide] = useState<Side>('sales');
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const { query, rows, paging, firstPage } = usePartySales(storeId, side, period);
  const sums = firstPage?.sums;
  return (
    <Page title={title}>
      <div className="no-print">
        <Segmented
          label={title}
          value={side}
          onChange={setSide}
          options={[
            { value: 'sales', label: text.sales },
            { value: 'purchases', label: text.purchases },
          ]}
        />
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <PrintButton />
          <ExportButton
            route={routes.reports.partySalesExport}
            filename={side === 'sales' ? 'sales-by-customer.xlsx' : 'purchases-by-supplier.xlsx'}
            input={{ query: { store_id: storeId, side, ...periodQuery(period) } }}
          />
        </div>
      </div>
      <p className="notice">{text.source}</p>
      <DataTable
        columns={columnsOf(side)}
        rows={rows}
        rowKey={(r) => r.cust_id}
        testId="party-sales"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
        sums={
          sums && {
            label: reportsText.totals,
            values: {
              invoices: String(sums.invoices),
              sales: formatDecimal(sums.sales),
              returns_count: String(sums.returns_count),
              returns: formatDecimal(sums.returns),
              net: formatDecimal(sums.net),
              vat: formatDecimal(sums.vat),
              total: formatDecimal(sums.total),
            },
          }
        }
      />
    </Page>
  );
}
