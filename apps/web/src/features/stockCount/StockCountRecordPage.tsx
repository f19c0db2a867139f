import type { StockCount } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { stockCountText as text } from './stockCountText.ts';
import { type CountRecordRead, useCountRecord } from './useStockCounts.ts';

type Mode = 'recent' | 'date' | 'range';
const reads: Record<Mode, CountRecordRead> = { recent: 'getTopSales', date: 'getSalesByDate', range: 'getSales2Date' };

const columns: Column<StockCount>[] = [
  { id: 'ref', header: text.ref, cell: (c) => <bdi className="num">{c.pay_ref}</bdi>, sortBy: (c) => c.pay_ref },
  {
    id: 'date',
    header: text.date,
    cell: (c) => <bdi className="num">{formatDate(c.pay_date)}</bdi>,
    sortBy: (c) => `${c.pay_date} ${c.pay_time}`,
  },
  { id: 'amount', header: text.amount, amount: true, cell: (c) => formatDecimal(c.tot_pr) },
  { id: 'cost', header: text.cost, amount: true, cell: (c) => formatDecimal(c.cost) },
  { id: 'comment', header: text.comment, cell: (c) => c.payComment ?? '' },
  { id: 'user', header: text.user, cell: (c) => c.user_name ?? '' },
];

/** The stock counts' record (folder/tswia-record): the latest, one date's or a range's; each opens to edit. */
export default function StockCountRecordPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('recent');
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const dates = mode === 'recent' ? {} : { from, to: mode === 'range' ? to : undefined };
  const record = useCountRecord(storeId, reads[mode], dates);
  return (
    <Page
      title={title}
      actions={
        <IonButton onClick={() => navigate('/folder/tswia')} data-testid="new-count">
          {text.newCount}
        </IonButton>
      }
    >
      <Segmented
        label={text.modesLabel}
        value={mode}
        onChange={setMode}
        options={(['recent', 'date', 'range'] as const).map((m) => ({ value: m, label: text.modes[m] }))}
      />
      {mode !== 'recent' && (
        <div className="invoice-header">
          <DateField label={mode === 'range' ? text.from : text.date} value={from} onChange={setFrom} />
          {mode === 'range' && <DateField label={text.to} value={to} onChange={setTo} />}
        </div>
      )}
      <DataTable
        columns={columns}
        rows={record.data ?? []}
        rowKey={(c) => c.pay_id}
        testId="count-record"
        empty={text.recordEmpty}
        loading={record.isLoading}
        error={record.error}
        actions={(c) => (
          <IonButton
            size="small"
            fill="clear"
            data-testid="edit-count"
            onClick={() => navigate(`/folder/edit-tswia?id=${c.pay_id}`)}
          >
            {text.edit}
          </IonButton>
        )}
      />
    </Page>
  );
}
