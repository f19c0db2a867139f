import type { Transfer } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal, formatQuantity } from '../../app/format.ts';
import { may } from '../../app/permissions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { transfersText as text } from './transfersText.ts';
import { useTransferRecord } from './useTransfers.ts';

type Direction = 'all' | 'sent' | 'received';

const columns = (storeId: number): Column<Transfer>[] => [
  { id: 'ref', header: text.ref, cell: (t) => <bdi className="num">{t.pay_ref}</bdi> },
  {
    id: 'date',
    header: text.date,
    cell: (t) => <bdi className="num">{formatDate(t.transfer_date)}</bdi>,
  },
  {
    id: 'direction',
    header: text.direction,
    cell: (t) => (t.from_store_id === storeId ? text.directionOf.sent : text.directionOf.received),
  },
  {
    id: 'other',
    header: text.otherStore,
    cell: (t) => (t.from_store_id === storeId ? t.to_store_name : t.from_store_name),
  },
  { id: 'quantity', header: text.sent, amount: true, cell: (t) => formatQuantity(t.quantity) },
  { id: 'received', header: text.received, amount: true, cell: (t) => formatQuantity(t.received) },
  { id: 'in_transit', header: text.inTransit, amount: true, cell: (t) => formatQuantity(t.in_transit) },
  { id: 'value', header: text.value, amount: true, cell: (t) => formatDecimal(t.value ?? '') },
  { id: 'status', header: text.status, testId: 'record-status', cell: (t) => text.statuses[t.status] },
  { id: 'note', header: text.note, cell: (t) => t.note ?? '' },
  { id: 'user', header: text.user, cell: (t) => t.user_name ?? '' },
];

/**
 * The transfers' record (folder/transfer-record), paged on the server, newest first: sent, received or both; only
 * those still on the way; a range of dates. Each row opens its transfer.
 */
export default function TransferRecordPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const [direction, setDirection] = useState<Direction>('all');
  const [inTransit, setInTransit] = useState(false);
  const [ranged, setRanged] = useState(false);
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const { query, rows, paging } = useTransferRecord(storeId, {
    direction,
    in_transit: inTransit,
    ...(ranged ? { from, to } : {}),
  });
  const shown = columns(storeId).filter((column) => column.id !== 'value' || may(user, 'readCost'));
  return (
    <Page
      title={title}
      actions={
        may(user, 'transfer.create') && (
          <IonButton onClick={() => navigate('/folder/transfer')} data-testid="new-transfer">
            {text.newTransfer}
          </IonButton>
        )
      }
    >
      <div className="toolbar-row">
        <Segmented
          label={text.direction}
          value={direction}
          onChange={setDirection}
          options={(['all', 'sent', 'received'] as const).map((d) => ({ value: d, label: text.directions[d] }))}
        />
        <label>
          <input
            type="checkbox"
            data-testid="record-in-transit"
            checked={inTransit}
            onChange={(e) => setInTransit(e.target.checked)}
          />{' '}
          {text.inTransitOnly}
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="record-ranged"
            checked={ranged}
            onChange={(e) => setRanged(e.target.checked)}
          />{' '}
          {text.range}
        </label>
        {ranged && (
          <>
            <DateField label={text.from} name="from" value={from} onChange={setFrom} />
            <DateField label={text.to} name="to" value={to} onChange={setTo} />
          </>
        )}
      </div>
      <DataTable
        columns={shown}
        rows={rows}
        rowKey={(t) => t.pay_id}
        testId="transfer-record"
        empty={text.recordEmpty}
        loading={query.isLoading}
        paging={paging}
        actions={(t) => (
          <IonButton
            size="small"
            fill="clear"
            data-testid="open-transfer"
            onClick={() => navigate(`/folder/transfer-view?id=${t.pay_id}`)}
          >
            {text.open}
          </IonButton>
        )}
      />
    </Page>
  );
}
