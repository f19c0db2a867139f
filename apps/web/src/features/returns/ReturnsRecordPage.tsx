import type { ReturnDocument } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { IonButton, IonLabel, IonSegment, IonSegmentButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { CustomerPicker } from '../invoices/CustomerPicker.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { purchaseReturnScreen, type ReturnScreen, returnPrintPath, salesReturnScreen } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';
import { useReturnsList } from './useReturns.ts';

/** The record of returns: the latest or one date, for a party or all; print and edit from each row. */
export function ReturnsRecordPage({ title, screen }: { title: string; screen: ReturnScreen }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'recent' | 'date'>('recent');
  const [from, setFrom] = useState(today());
  const [custId, setCustId] = useState<number | undefined>();
  const list = useReturnsList(storeId, screen, {
    from: mode === 'date' ? from : undefined,
    cust_id: custId,
  });
  const columns: Column<ReturnDocument>[] = [
    { id: 'ref', header: text.ref, cell: (r) => <bdi className="num">{r.return_ref}</bdi> },
    { id: 'original', header: text.original, cell: (r) => <bdi className="num">{r.original_pay_ref}</bdi> },
    { id: 'party', header: screen.partyLabel, cell: (r) => r.sub_name },
    { id: 'date', header: text.date, cell: (r) => <bdi className="num">{formatDate(r.return_date)}</bdi> },
    { id: 'total', header: text.total, amount: true, cell: (r) => formatDecimal(r.tot_pr) },
    { id: 'refunded', header: text.refunded, amount: true, cell: (r) => formatDecimal(r.pay) },
    { id: 'remaining', header: text.remaining, amount: true, cell: (r) => formatDecimal(r.changee) },
    { id: 'reason', header: text.reason, cell: (r) => r.return_reason ?? '' },
    { id: 'user', header: text.user, cell: (r) => r.user_name ?? '' },
  ];
  return (
    <Page title={title}>
      <IonSegment value={mode} onIonChange={(e) => setMode(e.detail.value as typeof mode)}>
        <IonSegmentButton value="recent">
          <IonLabel>{text.recent}</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="date">
          <IonLabel>{text.oneDate}</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      <div className="invoice-header">
        {mode === 'date' && <DateField label={text.date} value={from} onChange={setFrom} />}
        <CustomerPicker storeId={storeId} label={screen.partyLabel} value={custId} onChange={setCustId} />
      </div>
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        rowKey={(r) => r.return_id}
        testId="returns-record"
        empty={text.empty}
        loading={list.isLoading}
        error={list.error}
        columnChoice={{ storageKey: 'columns:returns' }}
        actions={(r) => (
          <>
            <IonButton size="small" fill="clear" onClick={() => navigate(returnPrintPath(screen, r.return_id))}>
              {text.print}
            </IonButton>
            {screen.tillReceipt && (
              <IonButton
                size="small"
                fill="clear"
                data-testid="return-receipt"
                onClick={() => navigate(returnPrintPath(screen, r.return_id, 'receipt'))}
              >
                {text.receipt}
              </IonButton>
            )}
            <IonButton
              size="small"
              fill="clear"
              onClick={() => navigate(`${screen.editPath}?ref=${encodeURIComponent(r.return_ref)}`)}
            >
              {text.edit}
            </IonButton>
          </>
        )}
      />
    </Page>
  );
}

export default function SalesReturnsRecordPage({ title }: { title: string }) {
  return <ReturnsRecordPage title={title} screen={salesReturnScreen} />;
}
export function PurchaseReturnsRecordPage({ title }: { title: string }) {
  return <ReturnsRecordPage title={title} screen={purchaseReturnScreen} />;
}
