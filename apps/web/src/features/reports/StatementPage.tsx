import { routes, type StatementLine } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { DataTable } from '../../ui/table/DataTable.tsx';
import { AccountSearchField } from '../accounts/AccountSearchField.tsx';
import { natureText } from '../accounts/natureText.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { Figures, PrintButton } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText as text } from './reportsText.ts';
import { sideWord, sourcePath } from './sourceOf.ts';
import { statementColumns as columns } from './statementColumns.tsx';
import { useStatement } from './useReports.ts';

/**
 * An account's statement (statement2; statement is the same screen): the account, the year or a day or a range,
 * the account's card, every movement with its document and the balance after it, pages of 20 from the server.
 */
export default function StatementPage({ title }: { title: string }) {
  const [accountId, setAccountId] = useState<number | undefined>(() => {
    const asked = Number(new URLSearchParams(window.location.search).get('account'));
    return asked > 0 ? asked : undefined;
  });
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const { storeId } = useSession();
  return (
    <Page title={title}>
      <div className="no-print">
        <AccountSearchField
          storeId={storeId}
          label={text.account}
          value={accountId}
          onChange={setAccountId}
          testId="account-field"
        />
        <PeriodBar value={period} onChange={setPeriod} yearLabel={text.recent} />
      </div>
      {accountId === undefined ? (
        <p className="notice">{text.chooseAccount}</p>
      ) : (
        <Statement accountId={accountId} period={period} />
      )}
    </Page>
  );
}

function Statement({ accountId, period }: { accountId: number; period: PeriodChoice }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const { query, rows, paging, firstPage } = useStatement(storeId, accountId, period);
  const open = (line: StatementLine) => {
    const path = sourcePath(line);
    if (path) navigate(path);
  };
  const account = firstPage?.account;
  const info = text.info;
  return (
    <>
      {firstPage && account && (
        <>
          <h2 className="report-title">
            <bdi>{account.sub_name}</bdi>{' '}
            <small className="num">
              {formatDate(firstPage.start_date)} – {formatDate(firstPage.end_date)}
            </small>
          </h2>
          <Figures
            testId="statement-card"
            items={[
              { label: info.nature, value: natureText(account.sub_type) },
              { label: info.code, value: account.sub_code ?? '—' },
              {
                label: info.opening,
                value: `${formatDecimal(firstPage.opening_balance.replace('-', ''))} ${sideWord(firstPage.opening_balance_type)}`,
              },
              {
                label: info.closing,
                value: `${formatDecimal(firstPage.current_balance)} ${sideWord(firstPage.balance_status)}`,
              },
              { label: info.category, value: account.cat_name ?? '—' },
              ...(account.phone ? [{ label: info.phone, value: account.phone }] : []),
              ...(account.address ? [{ label: info.address, value: account.address }] : []),
            ]}
          />
        </>
      )}
      <div className="toolbar-row no-print">
        <PrintButton />
        <ExportButton
          route={routes.reports.statementExport}
          filename="statement.xlsx"
          input={{ query: { store_id: storeId, account_id: accountId, ...periodQuery(period) } }}
        />
      </div>
      <DataTable
        columns={columns(open)}
        rows={rows}
        rowKey={(l) => l.id}
        testId="statement-table"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
        sums={
          firstPage && {
            label: text.totals,
            testId: 'statement-totals',
            values: {
              debit: formatDecimal(firstPage.total_debit),
              credit: formatDecimal(firstPage.total_credit),
              balance: `${formatDecimal(firstPage.current_balance)} ${sideWord(firstPage.balance_status)}`,
            },
          }
        }
      />
    </>
  );
}
