/**
 * The general ledger (reports/general-ledger, issue 35): every account that opened with a balance or moved in the
 * period, in the chart's order, each with its opening, the period's debit and credit and its closing; an account
 * opens in place to its lines with the balance after each (its statement, paged by the server), and the whole
 * ledger leaves as one .xlsx, line by line. The accounts are paged too (200 at a time, as the trial balance).
 */
import { routes, type StatementLine, type TrialBalanceRow } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDecimal } from '../../app/format.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { DataTable } from '../../ui/table/DataTable.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { Figures, PrintButton } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText as text } from './reportsText.ts';
import { sideWord, sourcePath } from './sourceOf.ts';
import { statementColumns } from './statementColumns.tsx';
import { useStatement, useTrialBalance } from './useReports.ts';

const ledger = text.ledger;
/** A balance signed on the account's nature, as the statement shows it: the amount and its side. */
const closingOf = (row: TrialBalanceRow) =>
  `${formatDecimal(row.current_balance.replace('-', ''))} ${sideWord(row.balance_status)}`;

export default function GeneralLedgerPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  const accounts = useTrialBalance(storeId, {
    segment: 'all',
    has_balance: false,
    has_movement: true,
    search: debounced,
    period,
  });
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpened((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const answer = accounts.firstPage;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = accounts.query;
  return (
    <Page title={title}>
      <div className="no-print">
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <input
            className="plain-input"
            placeholder={text.trial.search}
            aria-label={text.trial.search}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <IonButton fill="outline" onClick={() => setOpened(new Set(accounts.rows.map((r) => r.id)))}>
            {ledger.openAll}
          </IonButton>
          <IonButton fill="outline" onClick={() => setOpened(new Set())}>
            {ledger.closeAll}
          </IonButton>
          <PrintButton />
          <ExportButton
            route={routes.reports.generalLedgerExport}
            filename="general-ledger.xlsx"
            input={{ query: { store_id: storeId, search: debounced.trim() || undefined, ...periodQuery(period) } }}
          />
        </div>
      </div>
      <Figures
        testId="ledger-figures"
        items={[
          { label: ledger.accounts, value: String(answer?.count ?? 0) },
          { label: ledger.debit, value: formatDecimal(answer?.movement_debit ?? '0') },
          { label: ledger.credit, value: formatDecimal(answer?.movement_credit ?? '0') },
        ]}
      />
      {accounts.query.isLoading && <p className="notice">{ledger.loading}</p>}
      {answer && accounts.rows.length === 0 && <p className="notice">{ledger.empty}</p>}
      <div className="ledger" data-testid="ledger">
        {accounts.rows.map((row) => (
          <section key={row.id} className="ledger-account" data-testid="ledger-account">
            <button
              type="button"
              className="ledger-account-head"
              aria-expanded={opened.has(row.id)}
              onClick={() => toggle(row.id)}
            >
              <span className="ledger-account-name">
                <bdi className="num">{row.sub_code}</bdi> <bdi>{row.sub_name}</bdi>
              </span>
              <span>
                {ledger.opening}: <bdi className="num">{formatDecimal(row.opening_balance)}</bdi>
              </span>
              <span>
                {ledger.debit}: <bdi className="num">{formatDecimal(row.debit)}</bdi>
              </span>
              <span>
                {ledger.credit}: <bdi className="num">{formatDecimal(row.credit)}</bdi>
              </span>
              <span data-testid="ledger-closing">
                {ledger.closing}: <bdi className="num">{closingOf(row)}</bdi>
              </span>
            </button>
            {opened.has(row.id) && <AccountLines accountId={row.id} period={period} />}
          </section>
        ))}
      </div>
      {hasNextPage && (
        <IonButton fill="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {ledger.more}
        </IonButton>
      )}
    </Page>
  );
}

/** One account's lines in the period with the balance after each: its statement, 20 lines a page. */
function AccountLines({ accountId, period }: { accountId: number; period: PeriodChoice }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const { query, rows, paging } = useStatement(storeId, accountId, period);
  const open = (line: StatementLine) => {
    const path = sourcePath(line);
    if (path) navigate(path);
  };
  return (
    <DataTable
      columns={statementColumns(open)}
      rows={rows}
      rowKey={(l) => l.id}
      testId="ledger-lines"
      empty={text.empty}
      loading={query.isLoading}
      paging={paging}
    />
  );
}
