import { type DocumentSums, parseMoney, subtractMoney, type TradeDocument, toMoneyString, ZERO } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { IonButton, IonLabel, IonSegment, IonSegmentButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { RowMore } from '../../ui/table/RowMore.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useReturnColumn } from '../returns/useReturnColumn.tsx';
import { settlePath, settleText } from '../vouchers/settleLink.ts';
import { CustomerPicker } from './CustomerPicker.tsx';
import { type DocumentScreen, orderScreen, purchaseScreen, salesScreen } from './documentScreens.ts';
import { today } from './invoiceForm.ts';
import { recordText as text } from './recordText.ts';
import { salesText } from './salesText.ts';
import { useDocumentRecord } from './useDocumentRecord.ts';

type Mode = 'recent' | 'date' | 'range' | 'preliminary';
const netOf = (d: TradeDocument) =>
  toMoneyString(subtractMoney(parseMoney(d.tot_pr) ?? ZERO, parseMoney(d.discount) ?? ZERO));
/** The amount columns, each with the server's sum of the whole filter under the same id. */
const amounts: { label: string; sum: keyof DocumentSums; pick: (d: TradeDocument) => string }[] = [
  { label: text.total, sum: 'tot_pr', pick: (d) => d.tot_pr },
  { label: text.discount, sum: 'discount', pick: (d) => d.discount },
  { label: text.net, sum: 'net', pick: netOf },
  { label: text.cash, sum: 'pay', pick: (d) => d.pay },
  { label: text.remaining, sum: 'changee', pick: (d) => d.changee },
];
const columnsOf = (screen: DocumentScreen): Column<TradeDocument>[] => [
  {
    id: 'ref',
    serverSort: 'pay_ref',
    header: text.ref,
    amount: false,
    cell: (d) => <bdi className="num">{d.pay_ref}</bdi>,
  },
  // A purchase record speaks of suppliers.
  { id: 'party', serverSort: 'sub_name', header: text.party[screen.party], cell: (d) => d.sub_name ?? '' },
  {
    id: 'date',
    serverSort: 'pay_date',
    header: text.date,
    cell: (d) => <bdi className="num">{formatDate(d.pay_date)}</bdi>,
  },
  ...amounts.map(({ label, sum, pick }) => ({
    id: sum,
    serverSort: sum,
    header: label,
    amount: true,
    cell: (d: TradeDocument) => formatDecimal(pick(d)),
  })),
  { id: 'note', header: text.note, cell: (d) => d.payComment ?? '' },
  { id: 'user', header: text.user, cell: (d) => d.user_name ?? '' },
];

/**
 * The sales or purchase record: recent, one date, a range, or (sales) the preliminary invoices; a party filter.
 * Pages of 50 from the server; the column totals are the server's sums of the whole filter, not of the loaded rows.
 */
export function RecordPage({
  title,
  screen,
  valueOnly = false,
}: {
  title: string;
  screen: DocumentScreen;
  valueOnly?: boolean;
}) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('recent');
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const [custId, setCustId] = useState<number | undefined>();
  // An invoice by its number ("12", "s-12" or the full reference): the server finds it in the mode's documents.
  const [number, setNumber] = useState('');
  const typedNumber = useDebounced(number.trim(), 300);
  const kind = mode === 'preliminary' && screen.draftKind ? screen.draftKind : screen.kind;
  const path = mode === 'date' ? 'getSalesByDate' : mode === 'range' ? 'getSales2Date' : 'getTopSales';
  const params = {
    store_id: storeId,
    from: mode === 'date' || mode === 'range' ? from : undefined,
    to: mode === 'range' ? to : undefined,
    cust_id: custId,
    pay_ref: typedNumber || undefined,
    // Value-only records (salessndrecord, purchsndrecord) list only invoices without lines; they edit on their own screen.
    value_only: valueOnly ? 1 : undefined,
  };
  const columns = columnsOf(screen);
  const { query, rows, paging, firstPage } = useDocumentRecord(storeId, kind, path, params);
  const editPath = (valueOnly && screen.valueOnly?.editPath) || screen.editPath;
  const returns = useReturnColumn(storeId, kind, valueOnly ? [] : rows);
  const tabs: Record<Mode, string> = {
    recent: text.recent[screen.kind],
    date: text.oneDate,
    range: text.range,
    preliminary: text.preliminary,
  };

  return (
    <Page title={title}>
      <IonSegment scrollable value={mode} onIonChange={(e) => setMode(e.detail.value as Mode)}>
        {(screen.draftKind
          ? (['recent', 'date', 'range', 'preliminary'] as const)
          : (['recent', 'date', 'range'] as const)
        ).map((m) => (
          <IonSegmentButton key={m} value={m}>
            <IonLabel>{tabs[m]}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      <div className="invoice-header">
        {(mode === 'date' || mode === 'range') && (
          <DateField label={mode === 'range' ? text.from : text.date} value={from} onChange={setFrom} />
        )}
        {mode === 'range' && <DateField label={text.to} value={to} onChange={setTo} />}
        <CustomerPicker
          storeId={storeId}
          label={salesText.partyAccount[screen.party]}
          only={screen.party}
          value={custId}
          onChange={setCustId}
        />
        <PlainField
          label={text.ref}
          name="record_number"
          dir="ltr"
          autoComplete="off"
          placeholder={text.numberHint}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
      </div>
      <DataTable
        columns={[...columns.slice(0, 3), ...returns.columns, ...columns.slice(3)]}
        rows={rows}
        rowKey={(d) => d.pay_id}
        testId="sales-record"
        empty={text.empty}
        loading={query.isLoading}
        // The note and the user are offered in the column chooser: shown by default, the record scrolled sideways.
        columnChoice={{ storageKey: 'columns:records', defaultHidden: ['note', 'user'] }}
        sums={{
          label: text.sum[screen.kind],
          testId: 'record-totals',
          values: Object.fromEntries(amounts.map(({ sum }) => [sum, formatDecimal(firstPage?.sums[sum] ?? '0')])),
        }}
        paging={paging}
        actions={(d) => (
          <>
            <IonButton size="small" fill="clear" onClick={() => navigate(`/print-modal?kind=${kind}&id=${d.pay_id}`)}>
              {text.print}
            </IonButton>
            <IonButton size="small" fill="clear" onClick={() => navigate(`${editPath}?kind=${kind}&id=${d.pay_id}`)}>
              {text.edit}
            </IonButton>
            {/* The rarer actions wait under "more" (the legacy row popover): the record fits 1366 px. */}
            {(!valueOnly || settlePath(d)) && (
              <RowMore label={text.more}>
                {settlePath(d) && (
                  <IonButton
                    size="small"
                    fill="clear"
                    data-testid="settle-invoice"
                    onClick={() => navigate(settlePath(d) ?? '')}
                  >
                    {settleText[d.kind === 'perch' ? 'perch' : 'pay']}
                  </IonButton>
                )}
                {!valueOnly && returns.action(d, navigate)}
                {!valueOnly && screen.copies && (
                  <>
                    <IonButton
                      size="small"
                      fill="clear"
                      onClick={() => navigate(`${salesScreen.newPath}?copy=${kind}:${d.pay_id}`)}
                    >
                      {text.copySales}
                    </IonButton>
                    <IonButton
                      size="small"
                      fill="clear"
                      onClick={() => navigate(`${purchaseScreen.newPath}?copy=${kind}:${d.pay_id}`)}
                    >
                      {text.copyPurchase}
                    </IonButton>
                  </>
                )}
              </RowMore>
            )}
          </>
        )}
      />
    </Page>
  );
}

export default function SalesRecordPage({ title }: { title: string }) {
  return <RecordPage title={title} screen={salesScreen} />;
}

export function SalesValueRecordPage({ title }: { title: string }) {
  return <RecordPage title={title} screen={salesScreen} valueOnly />;
}
export function PurchaseValueRecordPage({ title }: { title: string }) {
  return <RecordPage title={title} screen={purchaseScreen} valueOnly />;
}

export function PurchaseOrderRecordPage({ title }: { title: string }) {
  return <RecordPage title={title} screen={orderScreen} />;
}
