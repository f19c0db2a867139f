/**
 * The stores' sales side by side (reports/stores-sales): for an owner of several stores, each store's net sales,
 * gross profit and number of sales in a period, and their sum; each row is that store's own gross-profit report.
 */
import { routes, type StoreSales } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { PrintButton } from '../reports/Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from '../reports/PeriodBar.tsx';
import { reportKeys } from '../reports/useReports.ts';
import { consolidatedText as text } from './consolidatedText.ts';

const profit = (value: string | null) => (value === null ? text.hidden : formatDecimal(value));

const columns: Column<StoreSales>[] = [
  { id: 'store', header: text.store, cell: (r) => r.store_name },
  { id: 'net_sales', header: text.netSales, amount: true, cell: (r) => formatDecimal(r.net_sales) },
  { id: 'gross_profit', header: text.grossProfit, amount: true, cell: (r) => profit(r.gross_profit) },
  { id: 'sales_count', header: text.salesCount, amount: true, cell: (r) => String(r.sales_count) },
  { id: 'average_sale', header: text.averageSale, amount: true, cell: (r) => formatDecimal(r.average_sale) },
];

export default function StoresSalesPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const query = periodQuery(period);
  const answer = useQuery({
    queryKey: [...reportKeys.all(storeId), 'storesSales', query],
    queryFn: () => call(routes.consolidated.sales, { query: { store_id: storeId, ...query } }),
  });
  const sums = answer.data?.sums;
  return (
    <Page title={title}>
      <div className="no-print">
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <PrintButton />
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={answer.data?.data ?? []}
        rowKey={(r) => r.store_id}
        testId="stores-sales"
        empty={text.empty}
        loading={answer.isLoading}
        error={answer.isError ? text.failed : undefined}
        sums={
          sums && {
            label: text.totals,
            testId: 'stores-sales-sums',
            values: {
              net_sales: formatDecimal(sums.net_sales),
              gross_profit: profit(sums.gross_profit),
              sales_count: String(sums.sales_count),
              average_sale: formatDecimal(sums.average_sale),
            },
          }
        }
      />
    </Page>
  );
}
