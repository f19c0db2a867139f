import { routes, type Voucher, type VoucherKind, voucherKindLabelsAr } from '@mizan/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { IonButton, IonLabel, IonSegment, IonSegmentButton, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { useDeleteVoucher, useVoucherRecord } from './useVouchers.ts';
import { VoucherPrint } from './VoucherPrint.tsx';
import { vouchersText as text } from './vouchersText.ts';

type Mode = 'recent' | 'date' | 'range';

/**
 * Money in comes from the account into the money account, money out the other way: the record's "from" and "to"
 * columns say so (the legacy record swapped them).
 */
const fromTo = (v: Voucher) =>
  v.voucher_kind === 'receipt'
    ? { from: v.account_name, to: v.money_account_name }
    : { from: v.money_account_name, to: v.account_name };

const columns: Column<Voucher>[] = [
  { id: 'ref', header: text.columns.ref, cell: (v) => v.j_ref, testId: 'voucher-ref' },
  { id: 'date', header: text.columns.date, cell: (v) => formatDate(v.j_date) },
  { id: 'kind', header: text.columns.kind, cell: (v) => voucherKindLabelsAr[v.voucher_kind] },
  { id: 'details', header: text.columns.details, cell: (v) => v.j_details ?? '' },
  {
    id: 'amount',
    header: text.columns.amount,
    cell: (v) => formatDecimal(v.j_pay),
    amount: true,
    testId: 'voucher-amount',
  },
  { id: 'from', header: text.columns.from, cell: (v) => fromTo(v).from },
  { id: 'to', header: text.columns.to, cell: (v) => fromTo(v).to },
];

/**
 * The voucher record (folder/spend-record2): the latest vouchers, one date's or a range's, of one kind or all,
 * paged on the server with the sum of the whole filter; each opens (to edit), prints or is deleted.
 */
export default function VoucherRecordPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [alert] = useIonAlert();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('recent');
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const [kind, setKind] = useState<VoucherKind | 'all'>('all');
  const filters = {
    from: mode === 'recent' ? undefined : from,
    to: mode === 'date' ? from : mode === 'range' ? to : undefined,
    ...(kind === 'all' ? {} : { voucher_kind: kind }),
  };
  const { query, rows, paging, firstPage } = useVoucherRecord(storeId, filters);
  const remove = useDeleteVoucher(storeId);
  const printing = params.get('print');
  if (printing) return <VoucherPrint title={title} jId={Number(printing)} onClose={() => setParams({})} />;

  const open = (v: Voucher) =>
    navigate(`${v.voucher_kind === 'expense' ? '/folder/cash3' : '/folder/cash2'}?j_id=${v.j_id}`);
  const confirmDelete = (v: Voucher) =>
    alert({
      message: text.confirmDelete,
      buttons: [
        { text: text.cancel, role: 'cancel' },
        {
          text: text.ok,
          handler: () => remove.mutate(v.j_id, { onSuccess: () => notify.done(text.deleted), onError: notify.failed }),
        },
      ],
    });

  return (
    <Page
      title={title}
      actions={
        <ExportButton
          route={routes.vouchers.export}
          filename={text.recordFile}
          input={{ query: { store_id: storeId, ...filters } }}
        />
      }
    >
      <IonSegment scrollable value={mode} onIonChange={(e) => setMode(e.detail.value as Mode)}>
        {(['recent', 'date', 'range'] as const).map((m) => (
          <IonSegmentButton key={m} value={m} data-testid={`mode-${m}`}>
            <IonLabel>{m === 'recent' ? text.recent : m === 'date' ? text.oneDate : text.range}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      <div className="invoice-header">
        {mode !== 'recent' && (
          <DateField label={mode === 'range' ? text.from : text.date} value={from} onChange={setFrom} />
        )}
        {mode === 'range' && <DateField label={text.to} value={to} onChange={setTo} />}
        <label className="field">
          <span>{text.kind}</span>
          <select
            className="plain-input"
            name="voucher_kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as VoucherKind | 'all')}
          >
            <option value="all">{text.all}</option>
            {(['receipt', 'payment', 'expense'] as const).map((k) => (
              <option key={k} value={k}>
                {voucherKindLabelsAr[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(v) => v.j_id}
        testId="voucher-record"
        empty={text.empty}
        loading={query.isLoading}
        sums={{
          label: text.sum,
          testId: 'voucher-totals',
          values: { amount: formatDecimal(firstPage?.amount_total ?? '0') },
        }}
        paging={paging}
        actions={(v) => (
          <>
            <IonButton size="small" fill="clear" onClick={() => setParams({ print: String(v.j_id) })}>
              {text.print}
            </IonButton>
            <IonButton size="small" fill="clear" onClick={() => open(v)} data-testid="open-voucher">
              {text.edit}
            </IonButton>
            <IonButton size="small" fill="clear" color="danger" onClick={() => confirmDelete(v)}>
              {text.delete}
            </IonButton>
          </>
        )}
      />
    </Page>
  );
}
