import type { Transfer } from '@mizan/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../app/api.ts';
import { formatDate, formatQuantity } from '../../app/format.ts';
import { dateFieldLock } from '../../app/permissions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { ItemAdder } from '../items/ItemAdder.tsx';
import '../itemMovement/stockReports.css';
import '../print/print.css';
import { LineQuantityInput, lineItemColumn, lineNumberColumn } from '../items/lineColumns.tsx';
import { TransferHeader } from './TransferFigures.tsx';
import {
  type ArrivalLine,
  allArrived,
  arrivalLines,
  arrivedItems,
  beyondTransit,
  scanArrived,
} from './transferLines.ts';
import { transfersText as text } from './transfersText.ts';
import { useReceiveTransfer, useTransfer, useTransferRecord } from './useTransfers.ts';

function arrivalColumns(onArrived: (id: number, arrived: string) => void, errors: Record<number, string>) {
  const columns: Column<ArrivalLine>[] = [
    lineNumberColumn(text.no),
    lineItemColumn(text.item),
    {
      id: 'in_transit',
      header: text.inTransit,
      amount: true,
      testId: 'arrival-in-transit',
      cell: (line) => formatQuantity(line.in_transit),
    },
    {
      id: 'arrived',
      header: text.arrived,
      amount: true,
      cell: (line) => {
        const error = errors[line.id] ?? (beyondTransit(line) ? wordFieldError('MORE_THAN_IN_TRANSIT') : undefined);
        return (
          <LineQuantityInput
            label={`${text.arrived} ${line.item_name}`}
            marker="arrived"
            value={line.arrived}
            error={error}
            errorTestId="arrival-error"
            onChange={(arrived) => onArrived(line.id, arrived)}
          />
        );
      },
    },
  ];
  return columns;
}

/** What arrived of one transfer: scanned (one more each) or typed, or all of it; saved as a receipt. */
function ReceiveForm({ title, payId }: { title: string; payId: number }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const transfer = useTransfer(storeId, payId);
  const receive = useReceiveTransfer(storeId);
  const [date, setDate] = useState(today());
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<ArrivalLine[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const loaded = useRef<number>(undefined);
  useEffect(() => {
    if (!transfer.data || loaded.current === transfer.data.pay_id) return;
    loaded.current = transfer.data.pay_id;
    setLines(arrivalLines(transfer.data.lines));
  }, [transfer.data]);

  const onArrived = (id: number, arrived: string) => {
    setLines((current) => current.map((line) => (line.id === id ? { ...line, arrived } : line)));
    setErrors(({ [id]: _, ...rest }) => rest);
  };
  const submit = () => {
    const typed = arrivedItems(lines);
    if (!typed.ok) {
      setErrors(Object.fromEntries(typed.invalid.map((id) => [id, text.badQuantity])));
      return notify.refused(text.badQuantity);
    }
    if (!typed.lines.length) return notify.refused(text.nothingArrived);
    receive.mutate(
      { transfer_id: payId, receipt_date: date, note: note.trim() || undefined, lines: typed.lines },
      {
        onSuccess: (saved) => {
          notify.done(`${text.receiptSaved} ${saved.receipts.at(-1)?.pay_ref ?? ''}`);
          navigate(`/folder/transfer-view?id=${payId}`);
        },
        onError: (error) => {
          // `lines.<i>.quantity` is the i-th line sent: shown on its line.
          const sentIds = lines.filter((line) => line.arrived.trim() !== '').map((line) => line.id);
          const byLine: Record<number, string> = {};
          for (const [field, code] of Object.entries(fieldErrors(error))) {
            const index = /^lines\.(\d+)\./.exec(field)?.[1];
            const id = index === undefined ? undefined : sentIds[Number(index)];
            if (id !== undefined) byLine[id] = wordFieldError(code, text.arrived);
          }
          setErrors(byLine);
          notify.failed(error);
        },
      },
    );
  };

  const t = transfer.data;
  if (transfer.isError)
    return (
      <Page title={title}>
        <p data-testid="transfer-not-found">{text.notFoundTransfer}</p>
      </Page>
    );
  return (
    <Page title={t ? `${text.receiveOne} ${t.pay_ref}` : title}>
      {t && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TransferHeader transfer={t} />
          <div className="invoice-header">
            <DateField
              label={text.receiptDate}
              name="receipt_date"
              value={date}
              onChange={setDate}
              {...dateFieldLock(user, 'transfer')}
            />
            <PlainField label={text.note} name="note" grow value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className="invoice-header">
            <ItemAdder
              storeId={storeId}
              label={text.search}
              notFound={text.notFound}
              testId="receipt-item-search"
              onAdd={(item) => {
                const next = scanArrived(lines, item.id);
                if (next) setLines(next);
                else notify.refused(text.notOnTransfer);
              }}
            />
          </div>
          <p className="field-hint">{text.scanHint}</p>
          <DataTable
            columns={arrivalColumns(onArrived, errors)}
            rows={lines}
            rowKey={(line) => line.id}
            testId="arrival-lines"
            empty={text.noneInTransit}
          />
          <div className="form-actions">
            <IonButton type="submit" disabled={receive.isPending} data-testid="save-receipt">
              {text.saveReceipt}
            </IonButton>
            <IonButton fill="outline" onClick={() => setLines(allArrived)} data-testid="receive-all">
              {text.receiveAll}
            </IonButton>
          </div>
        </form>
      )}
    </Page>
  );
}

const inTransitColumns: Column<Transfer>[] = [
  { id: 'ref', header: text.ref, cell: (t) => <bdi className="num">{t.pay_ref}</bdi> },
  { id: 'from', header: text.fromStore, cell: (t) => t.from_store_name },
  { id: 'date', header: text.date, cell: (t) => <bdi className="num">{formatDate(t.transfer_date)}</bdi> },
  { id: 'quantity', header: text.sent, amount: true, cell: (t) => formatQuantity(t.quantity) },
  {
    id: 'in_transit',
    header: text.inTransit,
    amount: true,
    testId: 'transit-left',
    cell: (t) => formatQuantity(t.in_transit),
  },
  { id: 'note', header: text.note, cell: (t) => t.note ?? '' },
];

/** The transfers on their way to this store, each opened to receive it. */
function InTransitList({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const { query, rows, paging } = useTransferRecord(storeId, { direction: 'received', in_transit: true });
  return (
    <Page title={title}>
      <h3>{text.inTransitTitle}</h3>
      <DataTable
        columns={inTransitColumns}
        rows={rows}
        rowKey={(t) => t.pay_id}
        testId="in-transit"
        empty={text.noneInTransit}
        loading={query.isLoading}
        paging={paging}
        actions={(t) => (
          <IonButton
            size="small"
            fill="clear"
            data-testid="open-receipt"
            onClick={() => navigate(`/folder/transfer-receive?id=${t.pay_id}`)}
          >
            {text.receive}
          </IonButton>
        )}
      />
    </Page>
  );
}

/**
 * The receipt at the receiving store (folder/transfer-receive): the transfers on their way here; with `?id=N`, what
 * arrived of that one (the session store's items: a scan of a barcode adds one to its line; "receive all" fills
 * every line); saved, its receipt (OM-TR-…) is on the transfer.
 */
export default function TransferReceiptPage({ title }: { title: string }) {
  const [params] = useSearchParams();
  const payId = Number(params.get('id')) || undefined;
  return payId === undefined ? <InTransitList title={title} /> : <ReceiveForm title={title} payId={payId} />;
}
