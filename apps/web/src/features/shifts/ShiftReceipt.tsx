/**
 * The X report (an open shift, figures so far) and the Z report (a closed one) on a till roll of 80 or 58 mm, in
 * the receipt's layout (features/print/receipt.css): what the drawer should hold and what makes it up, the count
 * and its difference, what was sold by card and on credit apart, and the cash moves with their reasons.
 */
import type { ShiftReport } from '@mizan/contract';
import { formatDateTime, formatDecimal } from '../../app/format.ts';
import '../print/receipt.css';
import { shiftText as text } from './shiftText.ts';

const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);
/** An amount that leaves the drawer, shown with its minus (none on nothing). */
const taken = (amount: string) => (isZero(amount) ? amount : `-${amount}`);
const differenceWord = (difference: string) =>
  isZero(difference) ? text.balanced : difference.startsWith('-') ? text.short : text.over;

export function ShiftReceipt({
  report,
  company,
  width,
}: {
  report: ShiftReport;
  company?: string;
  width: '80' | '58';
}) {
  const closed = report.closed_at !== null;
  const rows: { label: string; value: string; grand?: boolean; testId?: string }[] = [
    { label: text.float, value: report.opening_float },
    { label: text.cashSales, value: report.cash_sales },
    { label: text.cashRefunds, value: taken(report.cash_refunds) },
    { label: text.paidIn, value: report.paid_in },
    { label: text.paidOut, value: taken(report.paid_out) },
    { label: text.expected, value: report.expected_cash, grand: true, testId: 'shift-expected' },
  ];
  if (closed && report.counted_cash !== null && report.difference !== null) {
    rows.push({ label: text.countedCash, value: report.counted_cash, testId: 'shift-counted' });
    rows.push({
      label: `${text.difference} (${differenceWord(report.difference)})`,
      value: report.difference,
      grand: true,
      testId: 'shift-difference',
    });
  }
  return (
    <article className={`receipt-print w${width}`} data-testid="shift-report" dir="rtl">
      {company && (
        <header className="receipt-company">
          <h1>{company}</h1>
        </header>
      )}
      <h2 className="receipt-title" data-testid="shift-report-title">
        {closed ? text.zReport : text.xReport}
      </h2>
      <dl className="receipt-meta">
        <dt>{text.ref}</dt>
        <dd>
          <bdi className="num">{report.shift_ref}</bdi>
        </dd>
        <dt>{text.cashier}</dt>
        <dd>
          <bdi>{report.till}</bdi>
        </dd>
        <dt>{text.user}</dt>
        <dd>{report.user_name}</dd>
        <dt>{text.openedAt}</dt>
        <dd>
          <bdi className="num">{formatDateTime(report.opened_at)}</bdi>
        </dd>
        {report.closed_at && (
          <>
            <dt>{text.closedAt}</dt>
            <dd>
              <bdi className="num">{formatDateTime(report.closed_at)}</bdi>
            </dd>
            <dt>{text.closedBy}</dt>
            <dd>{report.closed_by_name}</dd>
          </>
        )}
      </dl>
      <table className="receipt-totals" data-testid="shift-figures">
        <tbody>
          {rows.map(({ label, value, grand, testId }) => (
            <tr key={label} className={grand ? 'grand' : undefined} data-testid={testId}>
              <th>{label}</th>
              <td>
                <bdi className="num">{formatDecimal(value)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="receipt-totals">
        <tbody>
          <tr>
            <th>{text.cardSales}</th>
            <td>
              <bdi className="num">{formatDecimal(report.card_sales)}</bdi>
            </td>
          </tr>
          <tr>
            <th>{text.creditSales}</th>
            <td>
              <bdi className="num">{formatDecimal(report.credit_sales)}</bdi>
            </td>
          </tr>
          <tr>
            <th>{text.salesCount}</th>
            <td>
              <bdi className="num">{report.sales_count}</bdi>
            </td>
          </tr>
          <tr>
            <th>{text.returnsCount}</th>
            <td>
              <bdi className="num">{report.returns_count}</bdi>
            </td>
          </tr>
          {closed && !isZero(report.corrections_after_close) && (
            <tr data-testid="shift-corrections" title={text.correctionsHint}>
              <th>{text.corrections}</th>
              <td>
                <bdi className="num">{formatDecimal(report.corrections_after_close)}</bdi>
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {report.moves.length > 0 && (
        <table className="receipt-lines" data-testid="shift-moves">
          <thead>
            <tr>
              <th>{text.moves}</th>
              <th className="amount">{text.amount}</th>
            </tr>
          </thead>
          <tbody>
            {report.moves.map((move) => (
              <tr key={move.id}>
                <td className="receipt-item">{`${move.kind === 'in' ? text.moveIn : text.moveOut}: ${move.reason}`}</td>
                <td className="amount">
                  <bdi className="num">{formatDecimal(move.kind === 'in' ? move.amount : taken(move.amount))}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
