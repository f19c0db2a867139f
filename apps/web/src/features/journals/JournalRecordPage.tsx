import type { Journal } from '@mizan/contract';
import { createOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDecimal } from '../../app/format.ts';
import { DateField } from '../../ui/DateField.tsx';
import { IonButton, IonIcon, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { PrintButton } from '../reports/Figures.tsx';
import { journalText } from './journalText.ts';
import { type JournalListMode, useDeleteJournal, useJournalList } from './useJournals.ts';

const text = journalText.record;
const columns: Column<Journal>[] = [
  { id: 'date', header: text.date, cell: (j) => <bdi className="num">{formatDate(j.j_date)}</bdi> },
  { id: 'ref', header: text.ref, cell: (j) => <bdi className="num">{j.j_ref}</bdi> },
  { id: 'type', header: text.type, cell: (j) => j.j_type ?? '' },
  { id: 'details', header: text.details, cell: (j) => j.j_details ?? j.j_desc ?? '' },
  { id: 'debit', header: text.debit, amount: true, cell: (j) => formatDecimal(j.j_pay) },
  { id: 'credit', header: text.credit, amount: true, cell: (j) => formatDecimal(j.credit_total) },
  { id: 'posted', header: text.amount, cell: (j) => (j.posted ? text.posted : text.notPosted) },
];

/** The journals of the year (spends-recod): the latest, one date's or a range's; open, edit, delete, print. */
export default function JournalRecordPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const [mode, setMode] = useState<JournalListMode>('recent');
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const list = useJournalList(storeId, mode, from, to);
  const remove = useDeleteJournal(storeId);
  const askDelete = (j: Journal) =>
    confirm({
      message: journalText.confirmDelete(j.j_ref),
      buttons: [
        { text: journalText.cancel, role: 'cancel' },
        {
          text: journalText.ok,
          handler: () =>
            remove.mutate(j.j_id, { onSuccess: () => notify.done(journalText.deleted), onError: notify.failed }),
        },
      ],
    });
  return (
    <Page title={title}>
      <div className="no-print">
        <Segmented
          label={title}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'recent', label: text.recent },
            { value: 'date', label: text.oneDate },
            { value: 'range', label: text.range },
          ]}
        />
        <div className="invoice-header">
          {mode !== 'recent' && (
            <DateField label={mode === 'range' ? text.from : text.date} value={from} onChange={setFrom} />
          )}
          {mode === 'range' && <DateField label={text.to} value={to} onChange={setTo} />}
        </div>
        <div className="toolbar-row">
          <PrintButton />
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={list.data ?? []}
        rowKey={(j) => j.j_id}
        testId="journal-record"
        empty={text.empty}
        loading={list.isLoading}
        error={list.error}
        actions={(j) => (
          <>
            <IonButton
              size="small"
              fill="clear"
              aria-label={text.edit}
              onClick={() => navigate(`/edit-journal?journalId=${j.j_id}`)}
            >
              <IonIcon icon={createOutline} />
            </IonButton>
            <IonButton
              size="small"
              fill="clear"
              color="danger"
              aria-label={journalText.delete}
              onClick={() => askDelete(j)}
            >
              <IonIcon icon={trashOutline} />
            </IonButton>
          </>
        )}
      />
    </Page>
  );
}
