/** The columns of an account's lines: the statement's, and each account's lines in the general ledger. */
import type { StatementLine } from '@mizan/contract';
import { formatDate, formatDecimal } from '../../app/format.ts';
import type { Column } from '../../ui/table/DataTable.tsx';
import { reportsText as text } from './reportsText.ts';
import { sideWord, sourceLabel, sourcePath } from './sourceOf.ts';

const col = text.columns;
export const statementColumns = (open: (line: StatementLine) => void): Column<StatementLine>[] => [
  { id: 'date', header: col.date, cell: (l) => <bdi className="num">{formatDate(l.line_date)}</bdi> },
  { id: 'kind', header: col.kind, cell: (l) => sourceLabel(l) },
  {
    id: 'reference',
    header: col.reference,
    cell: (l) =>
      sourcePath(l) ? (
        <button type="button" className="plain-button" onClick={() => open(l)}>
          <bdi className="num">{l.reference}</bdi>
        </button>
      ) : (
        <bdi className="num">{l.reference}</bdi>
      ),
  },
  { id: 'memo', header: col.memo, cell: (l) => l.memo ?? '' },
  { id: 'debit', header: col.debit, amount: true, testId: 'statement-debit', cell: (l) => formatDecimal(l.debit) },
  { id: 'credit', header: col.credit, amount: true, testId: 'statement-credit', cell: (l) => formatDecimal(l.credit) },
  {
    id: 'balance',
    header: col.balance,
    amount: true,
    testId: 'statement-balance',
    cell: (l) => (
      <>
        <bdi className="num">{formatDecimal(l.balance)}</bdi> {sideWord(l.balance_type)}
      </>
    ),
  },
];
