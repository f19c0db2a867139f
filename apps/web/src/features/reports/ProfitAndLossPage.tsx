import { type ProfitAndLossFigures, routes } from '@mizan/contract';
import { useState } from 'react';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { PrintButton } from './Figures.tsx';
import { PeriodBar, type PeriodChoice, periodQuery } from './PeriodBar.tsx';
import { reportsText } from './reportsText.ts';
import { useProfitAndLoss } from './useReports.ts';

const text = reportsText.pnl;
type Line = { label: string; pick: (f: ProfitAndLossFigures) => string; strong?: boolean; id: string };
const lines: Line[] = [
  { id: 'sales', label: text.sales, pick: (f) => f.sales },
  { id: 'returns', label: text.returns, pick: (f) => f.returns },
  { id: 'discounts', label: text.discounts, pick: (f) => f.discounts },
  { id: 'net-sales', label: text.netSales, pick: (f) => f.net_sales, strong: true },
  { id: 'cost', label: text.cost, pick: (f) => f.cost_of_sales },
  { id: 'gross', label: text.gross, pick: (f) => f.gross_profit, strong: true },
];

/** Profit and loss (reports/profit-and-loss): a period of the year, and optionally a period to compare with. */
export default function ProfitAndLossPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [period, setPeriod] = useState<PeriodChoice>({ mode: 'year', from: today(), to: today() });
  const [compare, setCompare] = useState<{ on: boolean; from: string; to: string }>({ on: false, from: '', to: '' });
  const report = useProfitAndLoss(storeId, period, compare.on && compare.from && compare.to ? compare : undefined);
  const [main, other] = report.data ?? [];
  const column = (f: ProfitAndLossFigures | undefined) =>
    f && (
      <bdi className="num">
        {formatDate(f.start_date)} – {formatDate(f.end_date)}
      </bdi>
    );
  const amount = (f: ProfitAndLossFigures | undefined, value: string | undefined) =>
    f && <bdi className="num">{formatDecimal(value)}</bdi>;
  const expenseNames = [
    ...new Map([...(main?.expenses ?? []), ...(other?.expenses ?? [])].map((e) => [e.id, e.sub_name])),
  ];
  return (
    <Page title={title}>
      <div className="no-print">
        <PeriodBar value={period} onChange={setPeriod} />
        <div className="toolbar-row">
          <label>
            <input
              type="checkbox"
              checked={compare.on}
              onChange={(e) => setCompare({ ...compare, on: e.target.checked })}
            />{' '}
            {text.compare}
          </label>
          {compare.on && (
            <>
              <DateField
                label={reportsText.from}
                value={compare.from}
                onChange={(from) => setCompare({ ...compare, from })}
              />
              <DateField label={reportsText.to} value={compare.to} onChange={(to) => setCompare({ ...compare, to })} />
            </>
          )}
          <PrintButton />
          <ExportButton
            route={routes.reports.profitAndLossExport}
            filename="profit-and-loss.xlsx"
            input={{ query: { store_id: storeId, ...periodQuery(period) } }}
          />
        </div>
      </div>
      <table className="data-table report-table" data-testid="pnl">
        <thead>
          <tr>
            <th />
            <th>{column(main)}</th>
            {other && <th>{column(other)}</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className={line.strong ? 'strong' : undefined} data-testid={`pnl-${line.id}`}>
              <th scope="row">{line.label}</th>
              <td className="amount">{amount(main, main && line.pick(main))}</td>
              {other && <td className="amount">{amount(other, line.pick(other))}</td>}
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={other ? 3 : 2}>
              {text.expenses}
            </th>
          </tr>
          {expenseNames.map(([id, name]) => (
            <tr key={id}>
              <td>{name}</td>
              <td className="amount">{amount(main, main?.expenses.find((e) => e.id === id)?.amount ?? '0')}</td>
              {other && (
                <td className="amount">{amount(other, other.expenses.find((e) => e.id === id)?.amount ?? '0')}</td>
              )}
            </tr>
          ))}
          <tr className="strong">
            <th scope="row">{text.totalExpenses}</th>
            <td className="amount">{amount(main, main?.total_expenses)}</td>
            {other && <td className="amount">{amount(other, other.total_expenses)}</td>}
          </tr>
          <tr className="strong" data-testid="pnl-net">
            <th scope="row">{text.net}</th>
            <td className="amount">{amount(main, main?.net_profit)}</td>
            {other && <td className="amount">{amount(other, other.net_profit)}</td>}
          </tr>
        </tbody>
      </table>
    </Page>
  );
}
