import { type GrossProfitRow, routes } from '@mizan/contract';
import { useState } from 'react';
import { formatDate, formatDecimal, formatQuantity } from '../../app/format.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { PrintButton } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText } from './reportsText.ts';
import { useGrossProfit } from './useReports.ts';

const text = reportsText.gross;
const amounts: Column<GrossProfitRow>[] = [
  { id: 'revenue', header: text.revenue, amount: true, cell: (r) => formatDecimal(r.revenue) },
  { id: 'cost', header: text.cost, amount: true, cell: (r) => formatDecimal(r.cost) },
  { id: 'profit', header: text.profit, amount: true, cell: (r) => formatDecimal(r.profit) },
  { id: 'margin', header: text.margin, amount: true, cell: (r) => (r.margin ? formatDecimal(r.margin) : '') },
];
const byItem: Column<GrossProfitRow>[] = [
  { id: 'name', header: text.item, cell: (r) => r.name },
  { id: 'quantity', header: text.quantity, amount: true, cell: (r) => formatQuantity(r.quantity) },
  ...amounts,
];
const byInvoice: Column<GrossProfitRow>[] = [
  { id: 'name', header: text.invoice, cell: (r) => <bdi className="num">{r.name}</bdi> },
  { id: 'date', header: reportsText.columns.date, cell: (r) => <bdi className="num">{formatDate(r.line_date)}</bdi> },
  { id: 'party', header: text.party, cell: (r) => r.party ?? '' },
  ...amounts,
];

/** Gross profit (reports/gross-profit) by item or by invoice, from the costs the lines kept when they posted. */
export default function GrossProfitPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [by, setBy] = useState<'item' | 'invoice'>('item');
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const { query, rows, paging, firstPage } = useGrossProfit(storeId, by, period);
  return (
    <Page title={title}>
      <div className="no-print">
        <Segmented
          label={title}
          value={by}
          onChange={setBy}
          options={[
            { value: 'item', label: text.byItem },
            { value: 'invoice', label: text.byInvoice },
          ]}
        />
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <PrintButton />
          <ExportButton
            route={routes.reports.grossProfitExport}
            filename="gross-profit.xlsx"
            input={{ query: { store_id: storeId, by, ...periodQuery(period) } }}
          />
        </div>
      </div>
      <DataTable
        columns={by === 'item' ? byItem : byInvoice}
        rows={rows}
        rowKey={(r) => r.key}
        testId="gross-profit"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
        sums={
          firstPage && {
            label: reportsText.totals,
            values: {
              revenue: formatDecimal(firstPage.sums.revenue),
              cost: formatDecimal(firstPage.sums.cost),
              profit: formatDecimal(firstPage.sums.profit),
            },
          }
        }
      />
    </Page>
  );
}
