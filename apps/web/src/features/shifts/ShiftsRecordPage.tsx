/**
 * The record of the store's shifts (reports/shifts), for a manager: each shift's till, cashier, times, float, what
 * was expected and counted at the close and the difference (short in red), latest first, a page at a time; each
 * opens its report.
 */
import { routes, type Shift } from '@mizan/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../app/api.ts';
import { formatDateTime, formatDecimal } from '../../app/format.ts';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { shiftKeys } from './ShiftPage.tsx';
import { shiftText as text } from './shiftText.ts';

const PAGE_SIZE = 50;

const columns: Column<Shift>[] = [
  {
    id: 'ref',
    header: text.ref,
    cell: (s) => (
      <Link to={`/shift-report?shift_id=${s.id}&width=80`}>
        <bdi className="num">{s.shift_ref}</bdi>
      </Link>
    ),
  },
  { id: 'till', header: text.cashier, cell: (s) => <bdi>{s.till}</bdi> },
  { id: 'user', header: text.user, cell: (s) => s.user_name ?? '' },
  { id: 'opened', header: text.openedAt, cell: (s) => <bdi className="num">{formatDateTime(s.opened_at)}</bdi> },
  {
    id: 'state',
    header: text.state,
    cell: (s) => (s.closed_at ? <bdi className="num">{formatDateTime(s.closed_at)}</bdi> : text.stateOpen),
  },
  { id: 'float', header: text.float, amount: true, cell: (s) => formatDecimal(s.opening_float) },
  { id: 'expected', header: text.expected, amount: true, cell: (s) => formatDecimal(s.expected_at_close) },
  { id: 'counted', header: text.countedCash, amount: true, cell: (s) => formatDecimal(s.counted_cash) },
  {
    id: 'difference',
    header: text.difference,
    amount: true,
    cell: (s) => (
      <span className={s.difference?.startsWith('-') ? 'amount-short' : undefined}>{formatDecimal(s.difference)}</span>
    ),
  },
];

export default function ShiftsRecordPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [state, setState] = useState<'all' | 'open' | 'closed'>('all');
  const [page, setPage] = useState(1);
  const answer = useQuery({
    queryKey: [...shiftKeys.all(storeId), 'record', state, page],
    queryFn: () =>
      call(routes.shift.list, {
        query: {
          store_id: storeId,
          page,
          pageSize: PAGE_SIZE,
          ...(state === 'all' ? {} : { open: state === 'open' }),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const total = answer.data?.total ?? 0;
  return (
    <Page title={title}>
      <div className="no-print toolbar-row">
        <Segmented
          label={text.state}
          value={state}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
          options={[
            { value: 'all', label: text.all },
            { value: 'open', label: text.onlyOpen },
            { value: 'closed', label: text.onlyClosed },
          ]}
        />
      </div>
      <DataTable
        columns={columns}
        rows={answer.data?.data ?? []}
        rowKey={(s) => s.id}
        testId="shifts-record"
        empty={text.empty}
        loading={answer.isLoading}
        error={answer.isError ? text.failed : undefined}
      />
      {total > PAGE_SIZE && (
        <div className="toolbar-row no-print">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </button>
          <bdi className="num">{`${page} / ${Math.ceil(total / PAGE_SIZE)}`}</bdi>
          <button type="button" disabled={page * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>
            ›
          </button>
        </div>
      )}
    </Page>
  );
}
