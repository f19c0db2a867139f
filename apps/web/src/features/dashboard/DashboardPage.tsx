/**
 * The owner's dashboard (analytics-dashboard, docs/dashboard.md): the first screen of an owner or administrator.
 * Today against yesterday and the same day last week, the money in the boxes and banks, who owes and is owed, the
 * stock that ran out, the last verified backup and 30 days of sales; every tile opens the report it equals.
 */
import type { Dashboard } from '@mizan/contract';
import { routes } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../app/api.ts';
import { formatDate, formatDateTime, formatMoney } from '../../app/format.ts';
import { may } from '../../app/permissions.ts';
import { IonButton, IonSpinner } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { reportKeys } from '../reports/useReports.ts';
import { changePercent } from './compare.ts';
import { dashboardText as text } from './dashboardText.ts';
import './dashboard.css';

// Chart.js is the screen's largest part: it arrives after the figures.
const SalesChart = lazy(() => import('./SalesChart.tsx'));

function useDashboard(storeId: number, date: string) {
  return useQuery({
    queryKey: [...reportKeys.all(storeId), 'dashboard', date],
    queryFn: async () => (await call(routes.dashboard.read, { query: { store_id: storeId, date } })).data[0],
    refetchInterval: 5 * 60_000,
  });
}

function Change({ now, then, label }: { now: string; then: string; label: string }) {
  const percent = changePercent(now, then);
  if (percent === undefined) return null;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'same';
  return (
    <small className={`dashboard-change dashboard-change-${direction}`}>
      {percent === 0 ? text.noChange : <bdi className="num">{`${percent > 0 ? '▲' : '▼'} ${Math.abs(percent)}%`}</bdi>}{' '}
      {label}
    </small>
  );
}

function Tile({ title, to, testId, children }: { title: string; to?: string; testId: string; children: ReactNode }) {
  return (
    <section className="dashboard-tile" data-testid={testId}>
      <h2>{to ? <Link to={to}>{title}</Link> : title}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="dashboard-figure">
      <span>{label}</span>
      <bdi className="num" data-testid={testId}>
        {value}
      </bdi>
    </div>
  );
}

function TodayTiles({ board, showProfit }: { board: Dashboard; showProfit: boolean }) {
  const figures: { key: 'net_sales' | 'gross_profit' | 'average_sale'; label: string; to: string }[] = [
    { key: 'net_sales', label: text.netSales, to: '/reports/gross-profit' },
    ...(showProfit ? [{ key: 'gross_profit' as const, label: text.grossProfit, to: '/reports/gross-profit' }] : []),
    { key: 'average_sale', label: text.averageSale, to: '/folder/sales-record' },
  ];
  return (
    <div className="dashboard-today">
      {figures.map(({ key, label, to }) => (
        <Tile key={key} title={label} to={to} testId={`dashboard-${key}`}>
          <p className="dashboard-big num">
            <bdi>{formatMoney(board[key])}</bdi>
          </p>
          <Change now={board[key] ?? '0'} then={board.yesterday[key] ?? '0'} label={text.againstYesterday} />
          <Change now={board[key] ?? '0'} then={board.last_week[key] ?? '0'} label={text.againstLastWeek} />
        </Tile>
      ))}
      <Tile title={text.salesCount} to="/folder/sales-record" testId="dashboard-sales_count">
        <p className="dashboard-big num">
          <bdi>{board.sales_count}</bdi>
        </p>
        <small>
          {text.yesterday}: <bdi className="num">{board.yesterday.sales_count}</bdi> · {text.lastWeek}:{' '}
          <bdi className="num">{board.last_week.sales_count}</bdi>
        </small>
      </Tile>
    </div>
  );
}

export default function DashboardPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const date = today();
  const { data: board, isLoading, isError, refetch } = useDashboard(storeId, date);
  const showProfit = may(user, 'readCost');
  return (
    <Page title={title}>
      <p className="dashboard-date">
        {text.today}: <bdi className="num">{formatDate(date)}</bdi>
      </p>
      {isLoading && <IonSpinner name="dots" />}
      {isError && (
        <p role="alert">
          {text.failed} <IonButton onClick={() => void refetch()}>{text.retry}</IonButton>
        </p>
      )}
      {board && (
        <>
          <TodayTiles board={board} showProfit={showProfit} />
          <div className="dashboard-grid">
            <Tile title={text.money} to="/reports/cash-book" testId="dashboard-money">
              {board.money.length === 0 && <p>{text.moneyNone}</p>}
              {board.money.map((account) => (
                <Figure key={account.id} label={account.sub_name} value={formatMoney(account.balance)} />
              ))}
            </Tile>
            <Tile title={text.receivables} to="/reports/aging" testId="dashboard-receivables">
              <Figure label={text.receivables} value={formatMoney(board.receivables.total)} />
              <Figure label={text.overdue} value={formatMoney(board.receivables.overdue)} />
              {board.receivables.top_debtors.length > 0 && (
                <>
                  <h3>{text.topDebtors}</h3>
                  <ol className="dashboard-debtors">
                    {board.receivables.top_debtors.map((debtor) => (
                      <li key={debtor.cust_id}>
                        <span>{debtor.sub_name}</span>
                        <bdi className="num">{formatMoney(debtor.total)}</bdi>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </Tile>
            <Tile title={text.payables} to="/reports/aging" testId="dashboard-payables">
              <Figure label={text.payables} value={formatMoney(board.payables.total)} />
              <Figure label={text.overdue} value={formatMoney(board.payables.overdue)} />
              <Figure
                label={text.dueBy(
                  formatDate(board.payables.due_this_week.until),
                  board.payables.due_this_week.documents,
                )}
                value={formatMoney(board.payables.due_this_week.total)}
                testId="dashboard-payables-due"
              />
            </Tile>
            <Tile title={text.stock} to="/item-stock" testId="dashboard-stock">
              <Figure
                label={text.outOfStock}
                value={String(board.stock.out_of_stock)}
                testId="dashboard-out-of-stock"
              />
              <Figure label={text.belowMinimum} value={String(board.stock.below_minimum)} />
            </Tile>
            <Tile
              title={text.shifts}
              to={may(user, 'shiftsManage') ? '/reports/shifts' : undefined}
              testId="dashboard-shifts"
            >
              {board.open_shifts.length === 0 && <p>{text.shiftsNone}</p>}
              {board.open_shifts.map((shift) => (
                <Figure
                  key={shift.id}
                  label={text.shiftExpected(shift.till, shift.user_name ?? '')}
                  value={formatMoney(shift.expected_cash)}
                />
              ))}
            </Tile>
            {may(user, 'settings') && (
              <Tile title={text.backup} to="/folder/settings" testId="dashboard-backup">
                {board.last_backup ? (
                  <>
                    <p className="num">
                      <bdi>{formatDateTime(board.last_backup.at)}</bdi>
                    </p>
                    <small>
                      <bdi dir="ltr">{board.last_backup.file}</bdi>
                    </small>
                  </>
                ) : (
                  <p>{text.backupNone}</p>
                )}
              </Tile>
            )}
          </div>
          <section className="dashboard-tile dashboard-chart-tile">
            <h2>{text.chart}</h2>
            <Suspense fallback={<IonSpinner name="dots" />}>
              <SalesChart days={board.chart} showProfit={showProfit} />
            </Suspense>
          </section>
        </>
      )}
    </Page>
  );
}
