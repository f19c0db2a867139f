import type { TransferWithLines } from '@mizan/contract';
import { formatDate, formatDecimal, formatQuantity } from '../../app/format.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { transfersText as text } from './transfersText.ts';

type Line = TransferWithLines['lines'][number];
type Receipt = TransferWithLines['receipts'][number];

/** A transfer's header: its reference, the two stores, its date, its state, its note (screen and print). */
export function TransferHeader({ transfer }: { transfer: TransferWithLines }) {
  return (
    <dl className="print-meta transfer-meta" data-testid="transfer-header">
      <dt>{text.ref}</dt>
      <dd>
        <bdi className="num" data-testid="transfer-ref">
          {transfer.pay_ref}
        </bdi>
      </dd>
      <dt>{text.fromStore}</dt>
      <dd>{transfer.from_store_name}</dd>
      <dt>{text.toStore}</dt>
      <dd>{transfer.to_store_name}</dd>
      <dt>{text.date}</dt>
      <dd>
        <bdi className="num">{formatDate(transfer.transfer_date)}</bdi>
      </dd>
      <dt>{text.status}</dt>
      <dd data-testid="transfer-status">{text.statuses[transfer.status]}</dd>
      {transfer.note && (
        <>
          <dt>{text.note}</dt>
          <dd>{transfer.note}</dd>
        </>
      )}
      {transfer.user_name && (
        <>
          <dt>{text.user}</dt>
          <dd>{transfer.user_name}</dd>
        </>
      )}
    </dl>
  );
}

const lineColumns = (withValue: boolean): Column<Line>[] => [
  { id: 'no', header: text.no, cell: (_, index) => <bdi className="num">{index + 1}</bdi> },
  { id: 'item', header: text.item, cell: (line) => line.item_name },
  { id: 'code', header: text.code, cell: (line) => <bdi className="num">{line.part_no ?? ''}</bdi> },
  { id: 'sent', header: text.sent, amount: true, testId: 'line-sent', cell: (l) => formatQuantity(l.quantity) },
  {
    id: 'received',
    header: text.received,
    amount: true,
    testId: 'line-received',
    cell: (l) => formatQuantity(l.received),
  },
  { id: 'sent_back', header: text.sentBack, amount: true, cell: (l) => formatQuantity(l.sent_back) },
  {
    id: 'in_transit',
    header: text.inTransit,
    amount: true,
    testId: 'line-in-transit',
    cell: (l) => formatQuantity(l.in_transit),
  },
  ...(withValue
    ? [{ id: 'value', header: text.value, amount: true, cell: (l: Line) => formatDecimal(l.value ?? '') }]
    : []),
];

/** Its lines: sent, received, sent back, still on the way; their value at cost for a role that reads costs. */
export function TransferLinesView({ transfer, print = false }: { transfer: TransferWithLines; print?: boolean }) {
  return (
    <DataTable
      columns={lineColumns(transfer.value !== null)}
      rows={transfer.lines}
      rowKey={(line) => line.id}
      testId="transfer-view-lines"
      variant={print ? 'print' : 'screen'}
      sums={
        transfer.value === null
          ? undefined
          : { label: text.total, values: { value: formatDecimal(transfer.value) }, testId: 'transfer-value' }
      }
    />
  );
}

const receiptColumns = (transfer: TransferWithLines): Column<Receipt>[] => {
  const names = new Map(transfer.lines.map((line) => [line.id, line.item_name]));
  return [
    { id: 'ref', header: text.receiptRef, cell: (r) => <bdi className="num">{r.pay_ref}</bdi> },
    {
      id: 'kind',
      header: text.status,
      cell: (r) => (r.sent_back ? text.receiptKind.sentBack : text.receiptKind.received),
    },
    { id: 'date', header: text.date, cell: (r) => <bdi className="num">{formatDate(r.receipt_date)}</bdi> },
    {
      id: 'lines',
      header: text.item,
      cell: (r) =>
        r.lines.map((line) => (
          <span key={line.transfer_line_id} className="receipt-line">
            {names.get(line.transfer_line_id)} <bdi className="num">{formatQuantity(line.quantity)}</bdi>
          </span>
        )),
    },
    { id: 'user', header: text.user, cell: (r) => r.user_name ?? '' },
  ];
};

/** Its receipts (and what was sent back), each with its lines. */
export function TransferReceipts({
  transfer,
  print = false,
  actions,
}: {
  transfer: TransferWithLines;
  print?: boolean;
  actions?: (receipt: Receipt) => React.ReactNode;
}) {
  if (!transfer.receipts.length) return null;
  return (
    <>
      <h3>{text.receipts}</h3>
      <DataTable
        columns={receiptColumns(transfer)}
        rows={transfer.receipts}
        rowKey={(receipt) => receipt.pay_id}
        testId="transfer-receipts"
        variant={print ? 'print' : 'screen'}
        actions={actions}
      />
    </>
  );
}
