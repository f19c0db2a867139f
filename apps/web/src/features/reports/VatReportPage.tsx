import { routes, type VatDocumentRow } from '@mizan/contract';
import { printOutline } from 'ionicons/icons';
import { useState } from 'react';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { IonButton, IonIcon } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { printScreen } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText } from './reportsText.ts';
import { useVatReport } from './useReports.ts';

const text = reportsText.vat;
const columns: Column<VatDocumentRow>[] = [
  { id: 'date', header: reportsText.columns.date, cell: (r) => <bdi className="num">{formatDate(r.pay_date)}</bdi> },
  { id: 'document', header: text.document, cell: (r) => text.kinds[r.kind] ?? r.kind },
  { id: 'ref', header: text.ref, cell: (r) => <bdi className="num">{r.pay_ref}</bdi> },
  { id: 'party', header: text.party, cell: (r) => r.party },
  { id: 'taxable', header: text.taxable, amount: true, cell: (r) => formatDecimal(r.taxable) },
  { id: 'vat', header: text.vat, amount: true, cell: (r) => formatDecimal(r.vat) },
  { id: 'total', header: text.total, amount: true, cell: (r) => formatDecimal(r.total_with_vat) },
];

/**
 * The VAT report (reports/vat): a period's output VAT (sales less their returns), input VAT (purchases less theirs)
 * and the net owed, read from the VAT accounts, with the documents behind them (docs/vat.md).
 */
export default function VatReportPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const { query, rows, paging, firstPage } = useVatReport(storeId, period);
  const sums = firstPage?.sums;
  return (
    <Page title={title}>
      <div className="no-print">
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <IonButton fill="outline" size="small" onClick={printScreen}>
            <IonIcon slot="start" icon={printOutline} />
            {reportsText.print}
          </IonButton>
          <ExportButton
            route={routes.vat.export}
            filename="vat.xlsx"
            input={{ query: { store_id: storeId, ...periodQuery(period) } }}
          />
        </div>
      </div>
      {sums && (
        <dl className="vat-figures" data-testid="vat-figures">
          {[
            [text.output, sums.output_vat, 'output'],
            [text.input, sums.input_vat, 'input'],
            [text.net, sums.net_vat, 'net'],
          ].map(([label, value, id]) => (
            <div key={id} className="total-figure">
              <dt>{label}</dt>
              <dd>
                <bdi className="num" data-testid={`vat-${id}`}>
                  {formatDecimal(value)}
                </bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.pay_id}
        testId="vat-documents"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
      />
    </Page>
  );
}
