import { type AgingRow, agingBuckets, routes } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { PrintButton } from './Figures.tsx';
import { reportsText } from './reportsText.ts';
import { useAging } from './useReports.ts';

const text = reportsText.aging;
const columns: Column<AgingRow>[] = [
  { id: 'party', header: text.party, cell: (r) => r.sub_name },
  { id: 'invoices', header: text.invoices, amount: true, cell: (r) => String(r.invoices) },
  ...agingBuckets.map((bucket) => ({
    id: bucket,
    header: text[bucket],
    amount: true,
    cell: (r: AgingRow) => formatDecimal(r[bucket]),
  })),
  { id: 'total', header: text.total, amount: true, cell: (r) => formatDecimal(r.total) },
];

/** Aged receivables and payables (reports/aging) at the end of a day, by how long each remainder has been due. */
export default function AgingPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [side, setSide] = useState<'receivable' | 'payable'>('receivable');
  const [asOf, setAsOf] = useState(today());
  const { query, rows, paging, firstPage } = useAging(storeId, side, asOf);
  return (
    <Page title={title}>
      <div className="no-print">
        <Segmented
          label={title}
          value={side}
          onChange={setSide}
          options={[
            { value: 'receivable', label: text.receivable },
            { value: 'payable', label: text.payable },
          ]}
        />
        <div className="toolbar-row">
          <DateField label={reportsText.asOf} value={asOf} onChange={setAsOf} />
          <PrintButton />
          <ExportButton
            route={routes.reports.agingExport}
            filename="aging.xlsx"
            input={{ query: { store_id: storeId, side, as_of: asOf || undefined } }}
          />
        </div>
      </div>
      <p className="notice">{text.source}</p>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.cust_id}
        testId="aging"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
        sums={
          firstPage && {
            label: reportsText.totals,
            values: {
              invoices: String(firstPage.sums.invoices),
              ...Object.fromEntries(agingBuckets.map((b) => [b, formatDecimal(firstPage.sums[b])])),
              total: formatDecimal(firstPage.sums.total),
            },
          }
        }
      />
    </Page>
  );
}
