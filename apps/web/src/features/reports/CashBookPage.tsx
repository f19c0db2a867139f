import { routes, type StatementLine } from '@mizan/contract';
import { useState } from 'react';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { PrintButton } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText as text } from './reportsText.ts';
import { sideWord, sourceLabel } from './sourceOf.ts';
import { useCashBook } from './useReports.ts';

const col = text.columns;
const columns: Column<StatementLine>[] = [
  { id: 'date', header: col.date, cell: (l) => <bdi className="num">{formatDate(l.line_date)}</bdi> },
  { id: 'kind', header: col.kind, cell: (l) => sourceLabel(l) },
  { id: 'reference', header: col.reference, cell: (l) => <bdi className="num">{l.reference}</bdi> },
  { id: 'memo', header: col.memo, cell: (l) => l.memo ?? '' },
  { id: 'debit', header: text.cash.in, amount: true, cell: (l) => formatDecimal(l.debit) },
  { id: 'credit', header: text.cash.out, amount: true, cell: (l) => formatDecimal(l.credit) },
  {
    id: 'balance',
    header: col.balance,
    amount: true,
    testId: 'cash-balance',
    cell: (l) => (
      <>
        <bdi className="num">{formatDecimal(l.balance)}</bdi> {sideWord(l.balance_type)}
      </>
    ),
  },
];

/** The cash book (reports/cash-book): each cash box and bank over a period, and one of them line by line. */
export default function CashBookPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [accountId, setAccountId] = useState<number | undefined>();
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const { query, rows, paging, firstPage } = useCashBook(storeId, accountId, period);
  const accounts = firstPage?.accounts ?? [];
  return (
    <Page title={title}>
      <div className="no-print">
        {accounts.length > 0 && (
          <Segmented
            label={text.cash.account}
            value={String(accountId ?? firstPage?.account.id ?? '')}
            onChange={(id) => setAccountId(Number(id))}
            options={accounts.map((a) => ({ value: String(a.id), label: a.sub_name }))}
          />
        )}
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <PrintButton />
          <ExportButton
            route={routes.reports.cashBookExport}
            filename="cash-book.xlsx"
            input={{ query: { store_id: storeId, account_id: accountId, ...periodQuery(period) } }}
          />
        </div>
      </div>
      <DataTable
        columns={[
          { id: 'name', header: text.cash.account, cell: (a) => a.sub_name },
          { id: 'opening', header: col.opening, amount: true, cell: (a) => formatDecimal(a.opening_balance) },
          { id: 'in', header: text.cash.in, amount: true, cell: (a) => formatDecimal(a.debit) },
          { id: 'out', header: text.cash.out, amount: true, cell: (a) => formatDecimal(a.credit) },
          { id: 'closing', header: text.cash.closing, amount: true, cell: (a) => formatDecimal(a.closing_balance) },
        ]}
        rows={accounts}
        rowKey={(a) => a.id}
        testId="cash-accounts"
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(l) => l.id}
        testId="cash-book"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
        sums={
          firstPage && {
            label: text.totals,
            values: {
              debit: formatDecimal(firstPage.total_debit),
              credit: formatDecimal(firstPage.total_credit),
              balance: `${formatDecimal(firstPage.current_balance)} ${sideWord(firstPage.balance_status)}`,
            },
          }
        }
      />
    </Page>
  );
}
