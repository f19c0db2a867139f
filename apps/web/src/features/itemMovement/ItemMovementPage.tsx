import { type MovementRow, routes } from '@mizan/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, formatDecimal, formatQuantity } from '../../app/format.ts';
import { yearKey } from '../../app/queryClient.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { usePagedList } from '../../ui/usePagedList.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { ItemField } from '../items/ItemField.tsx';
import '../print/print.css';
import './stockReports.css';
import { documentPath } from './documentLink.ts';
import { itemMovementText as text } from './itemMovementText.ts';

type Mode = 'all' | 'date' | 'range' | 'daily';
const PAGE_SIZE = 50;
const movementKey = (storeId: number) => [...yearKey(storeId), 'itemMovement'] as const;

const quantity = (value: string) => (value === '0.000' ? '' : formatQuantity(value));
const money = (value: string | null) => (value === null ? '' : formatDecimal(value));

/** The columns of a movement row; the daily movement adds the item's name first. */
function movementColumns(withItem: boolean): Column<MovementRow>[] {
  return [
    ...(withItem ? [{ id: 'item', header: text.item, cell: (r: MovementRow) => r.item_name }] : []),
    { id: 'kind', header: text.kind, cell: (r) => text.kinds[r.kind] ?? r.kind },
    { id: 'date', header: text.date, cell: (r) => <bdi className="num">{formatDate(r.move_date)}</bdi> },
    { id: 'ref', header: text.ref, cell: (r) => r.pay_ref ?? '' },
    { id: 'party', header: text.party, cell: (r) => r.party ?? '' },
    { id: 'in', header: text.quantityIn, amount: true, testId: 'movement-in', cell: (r) => quantity(r.incoming) },
    { id: 'out', header: text.quantityOut, amount: true, testId: 'movement-out', cell: (r) => quantity(r.outgoing) },
    {
      id: 'balance',
      header: text.balance,
      amount: true,
      testId: 'movement-balance',
      cell: (r) => formatQuantity(r.balance),
    },
    { id: 'price', header: text.unitPrice, amount: true, cell: (r) => money(r.unit_price) },
    { id: 'total', header: text.total, amount: true, cell: (r) => money(r.net_total) },
    { id: 'cost', header: text.unitCost, amount: true, cell: (r) => money(r.unit_cost) },
    { id: 'profit', header: text.profit, amount: true, cell: (r) => money(r.gross_profit) },
  ];
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="summary-card">
      <span>{label}</span>
      <strong>
        <bdi className="num" data-testid={testId}>
          {value}
        </bdi>
      </strong>
    </div>
  );
}

/**
 * The item movement report (folder/items-report, docs/item-movement.md): an item's movements for all time, a date
 * or a range with the quantity after each, or every item's movements on one date. The server pages it and computes
 * every figure; "open document" goes to the document's screen. `?item=<id>` opens it on an item (the stock list and
 * the notifications link here).
 */
export default function ItemMovementPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselected = Number(params.get('item')) || undefined;
  const form = useForm<{ item_id: number | undefined }>({ defaultValues: { item_id: preselected } });
  const itemId = form.watch('item_id');
  // A link followed while the report is open (a notification's) names another item: show that one.
  useEffect(() => {
    if (preselected !== undefined) form.setValue('item_id', preselected);
  }, [preselected, form]);
  const [mode, setMode] = useState<Mode>('all');
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());

  return (
    <Page
      title={title}
      actions={
        <IonButton onClick={() => window.print()} data-testid="print-movement">
          {text.print}
        </IonButton>
      }
    >
      <div className="no-print">
        <Segmented
          label={text.modesLabel}
          value={mode}
          onChange={setMode}
          options={(['all', 'date', 'range', 'daily'] as const).map((m) => ({ value: m, label: text.modes[m] }))}
        />
        <div className="invoice-header">
          {mode !== 'daily' && <ItemField control={form.control} name="item_id" label={text.item} storeId={storeId} />}
          {mode !== 'all' && (
            <DateField label={mode === 'range' ? text.from : text.date} value={from} onChange={setFrom} />
          )}
          {mode === 'range' && <DateField label={text.to} value={to} onChange={setTo} />}
        </div>
      </div>
      {mode === 'daily' ? (
        <DailyMovement storeId={storeId} date={from} onOpen={navigate} />
      ) : itemId ? (
        <OneItem
          storeId={storeId}
          itemId={itemId}
          from={mode === 'all' ? undefined : from}
          to={mode === 'range' ? to : undefined}
          onOpen={navigate}
        />
      ) : (
        <p className="empty">{text.pickItem}</p>
      )}
    </Page>
  );
}

const openAction = (onOpen: (path: string) => void) => (row: MovementRow) => {
  const path = documentPath(row);
  return path ? (
    <IonButton size="small" fill="clear" className="no-print" data-testid="open-document" onClick={() => onOpen(path)}>
      {text.open}
    </IonButton>
  ) : null;
};

function OneItem({
  storeId,
  itemId,
  from,
  to,
  onOpen,
}: {
  storeId: number;
  itemId: number;
  from: string | undefined;
  to: string | undefined;
  onOpen: (path: string) => void;
}) {
  const filters = { store_id: storeId, item_id: itemId, from: from || undefined, to: to || undefined };
  const { query, rows, paging, firstPage } = usePagedList(
    movementKey(storeId),
    routes.movement.itemMovement,
    filters,
    PAGE_SIZE,
  );
  const summary = firstPage?.summary;
  const whole = from === undefined;
  return (
    <>
      {firstPage && (
        <h2 className="report-heading">
          {firstPage.item.item_name} {firstPage.item.part_no && <bdi className="num">{firstPage.item.part_no}</bdi>}
        </h2>
      )}
      {summary && (
        <div className="summary-cards" data-testid="movement-summary">
          <Figure label={text.opening} value={formatQuantity(summary.opening)} testId="movement-opening" />
          <Figure label={text.incoming} value={formatQuantity(summary.incoming)} testId="movement-incoming" />
          <Figure label={text.outgoing} value={formatQuantity(summary.outgoing)} testId="movement-outgoing" />
          <Figure
            label={whole ? text.closing : text.closingAt}
            value={formatQuantity(summary.closing)}
            testId="movement-closing"
          />
          <Figure label={text.grossProfit} value={formatDecimal(summary.gross_profit)} testId="movement-profit" />
        </div>
      )}
      <div className="no-print report-tools">
        <ExportButton
          route={routes.movement.itemMovementExport}
          filename={`${text.fileName}.xlsx`}
          input={{ query: { store_id: storeId, item_id: itemId, from: filters.from, to: filters.to } }}
        />
      </div>
      <DataTable
        columns={movementColumns(false)}
        rows={rows}
        rowKey={(r) => r.id}
        testId="item-movement"
        empty={text.empty}
        loading={query.isLoading}
        columnChoice={{ storageKey: 'columns:itemMovement' }}
        sums={
          summary && {
            label: text.sums,
            values: { in: formatQuantity(summary.incoming), out: formatQuantity(summary.outgoing) },
          }
        }
        paging={paging}
        actions={openAction(onOpen)}
      />
    </>
  );
}

function DailyMovement({ storeId, date, onOpen }: { storeId: number; date: string; onOpen: (path: string) => void }) {
  const { query, rows, paging, firstPage } = usePagedList(
    [...movementKey(storeId), 'daily'],
    routes.movement.dailyMovement,
    { store_id: storeId, from: date },
    PAGE_SIZE,
  );
  const summary = firstPage?.summary;
  return (
    <>
      {summary && (
        <div className="summary-cards" data-testid="daily-summary">
          <Figure label={text.items} value={String(summary.items)} testId="daily-items" />
          <Figure label={text.incoming} value={formatQuantity(summary.incoming)} testId="daily-incoming" />
          <Figure label={text.outgoing} value={formatQuantity(summary.outgoing)} testId="daily-outgoing" />
        </div>
      )}
      <div className="no-print report-tools">
        <ExportButton
          route={routes.movement.dailyMovementExport}
          filename={`${text.dailyFileName}.xlsx`}
          input={{ query: { store_id: storeId, from: date } }}
        />
      </div>
      <DataTable
        columns={movementColumns(true)}
        rows={rows}
        rowKey={(r) => r.id}
        testId="daily-movement"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
        actions={openAction(onOpen)}
      />
    </>
  );
}
