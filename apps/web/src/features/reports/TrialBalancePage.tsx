import { routes, type TrialBalanceRow, type TrialSegment, trialSegments } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDecimal } from '../../app/format.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { natureText } from '../accounts/natureText.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { Figures, PrintButton } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText as text } from './reportsText.ts';
import { sideWord } from './sourceOf.ts';
import { useTrialBalance } from './useReports.ts';

const col = text.columns;
const signed = (value: string) => (value.startsWith('-') ? `(${formatDecimal(value.slice(1))})` : formatDecimal(value));
const columns: Column<TrialBalanceRow>[] = [
  { id: 'name', header: col.name, cell: (r) => r.sub_name },
  { id: 'code', header: col.code, cell: (r) => <bdi className="num">{r.sub_code}</bdi> },
  { id: 'nature', header: col.nature, cell: (r) => natureText(r.sub_type) },
  { id: 'opening', header: col.opening, amount: true, cell: (r) => signed(r.opening_balance) },
  { id: 'debit', header: col.movementDebit, amount: true, cell: (r) => formatDecimal(r.debit) },
  { id: 'credit', header: col.movementCredit, amount: true, cell: (r) => formatDecimal(r.credit) },
  {
    id: 'closingDebit',
    header: col.closingDebit,
    amount: true,
    testId: 'trial-debit',
    cell: (r) => formatDecimal(r.display_debit),
  },
  {
    id: 'closingCredit',
    header: col.closingCredit,
    amount: true,
    testId: 'trial-credit',
    cell: (r) => formatDecimal(r.display_credit),
  },
  { id: 'status', header: col.status, cell: (r) => sideWord(r.balance_status) },
];

/**
 * The trial balance and balances (balance-sheet2; balance-sheet is the same screen): every account of the year,
 * or of one segment, as of a day or for a range, "with a balance only", paged on the server; the count, the debit and
 * credit totals and their difference are the whole list's, summed by the server. A row opens the account's statement.
 */
export default function TrialBalancePage({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const [segment, setSegment] = useState<TrialSegment>('all');
  const [hasBalance, setHasBalance] = useState(false);
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const debounced = useDebounced(search, 300);
  const trial = useTrialBalance(storeId, { segment, has_balance: hasBalance, search: debounced, period });
  const answer = trial.firstPage;
  return (
    <Page title={title}>
      <div className="no-print">
        <Segmented
          label={text.trial.segments.all}
          value={segment}
          onChange={setSegment}
          options={trialSegments.map((value) => ({ value, label: text.trial.segments[value] }))}
        />
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <input
            className="plain-input"
            placeholder={text.trial.search}
            aria-label={text.trial.search}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <label>
            <input
              type="checkbox"
              checked={hasBalance}
              onChange={(e) => setHasBalance(e.target.checked)}
              data-testid="with-balance"
            />{' '}
            {text.trial.withBalance}
          </label>
          <PrintButton />
          <ExportButton
            route={routes.reports.trialBalanceExport}
            filename="trial-balance.xlsx"
            input={{
              query: {
                store_id: storeId,
                segment,
                has_balance: hasBalance ? 'true' : undefined,
                search: debounced.trim() || undefined,
                ...periodQuery(period),
              },
            }}
          />
        </div>
      </div>
      <Figures
        testId="trial-figures"
        items={[
          { label: text.trial.count, value: String(answer?.count ?? 0) },
          { label: text.trial.totalDebit, value: formatDecimal(answer?.total_debit ?? '0') },
          { label: text.trial.totalCredit, value: formatDecimal(answer?.total_credit ?? '0') },
          { label: text.trial.difference, value: formatDecimal(answer?.difference ?? '0') },
        ]}
      />
      <DataTable
        columns={columns}
        rows={trial.rows}
        rowKey={(r) => r.id}
        testId="trial-table"
        empty={text.trial.empty}
        loading={trial.query.isLoading}
        paging={trial.paging}
        columnChoice={{ storageKey: 'columns:trial-balance' }}
        actions={(r) => (
          <IonButton size="small" fill="clear" onClick={() => navigate(`/folder/statement2?account=${r.id}`)}>
            {text.open}
          </IonButton>
        )}
        sums={
          answer && {
            label: text.totals,
            values: {
              debit: formatDecimal(answer.movement_debit),
              credit: formatDecimal(answer.movement_credit),
              closingDebit: formatDecimal(answer.total_debit),
              closingCredit: formatDecimal(answer.total_credit),
            },
          }
        }
      />
    </Page>
  );
}
