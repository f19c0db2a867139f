import { addOutline, trashOutline } from 'ionicons/icons';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { currentYearId, errorMessage } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { dateFieldLock } from '../../app/permissions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { IonButton, IonIcon, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import type { TypedChoice } from '../../ui/typedChoice.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { AccountSearchField } from '../accounts/AccountSearchField.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { Figures } from '../reports/Figures.tsx';
import {
  assumingTyped,
  canSave,
  emptyForm,
  fromJournal,
  fromTemplate,
  type JournalForm,
  type JournalRow,
  newRow,
  toBody,
  totalsOf,
} from './journalForm.ts';
import { journalText as text } from './journalText.ts';
import { useDeleteJournal, useJournal, useSaveJournal, useTemplates } from './useJournals.ts';

type Side = 'debit' | 'credit';

/**
 * A general journal entry (folder/spends) and its edit (edit-journal?journalId=): a template fills the rows, any
 * number of debit and credit rows each with its account's live balance, the two sides' totals; it saves only when
 * they match (the server refuses otherwise), and an edit replaces every line.
 */
export default function JournalPage({ title }: { title: string }) {
  const jId = Number(new URLSearchParams(window.location.search).get('journalId')) || undefined;
  const { storeId } = useSession();
  const journal = useJournal(storeId, jId);
  if (jId !== undefined && journal.isLoading) return <Page title={title}>{null}</Page>;
  if (jId !== undefined && !journal.data)
    return (
      <Page title={title}>
        <p className="notice">{journal.error ? errorMessage(journal.error) : text.notFound}</p>
      </Page>
    );
  return (
    <JournalEditor
      key={jId ?? 'new'}
      title={title}
      jId={jId}
      jRef={journal.data?.j_ref}
      initial={journal.data ? fromJournal(journal.data) : emptyForm(today())}
    />
  );
}

function JournalEditor({
  title,
  jId,
  jRef,
  initial,
}: {
  title: string;
  jId: number | undefined;
  jRef: string | undefined;
  initial: JournalForm;
}) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const templates = useTemplates(storeId);
  const save = useSaveJournal(storeId);
  const remove = useDeleteJournal(storeId);
  const [form, setForm] = useState<JournalForm>(initial);
  const [templateId, setTemplateId] = useState('');
  const totals = totalsOf(form);
  // The rows whose account is typed whole and not found yet: the save is offered, and finds them.
  const [typedRows, setTypedRows] = useState<ReadonlySet<number>>(new Set());
  const setTyped = useCallback(
    (key: number, typed: boolean) =>
      setTypedRows((rows) => {
        if (rows.has(key) === typed) return rows;
        const next = new Set(rows);
        if (typed) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const ready = canSave(assumingTyped(form, typedRows));
  const bothSides = totals.debit !== '0.00' && totals.credit !== '0.00';

  const setRow = (side: Side, key: number, change: Partial<JournalRow>) =>
    setForm((f) => ({ ...f, [side]: f[side].map((r) => (r.key === key ? { ...r, ...change } : r)) }));
  const addRow = (side: Side) => setForm((f) => ({ ...f, [side]: [...f[side], newRow()] }));
  const removeRow = (side: Side, key: number) =>
    setForm((f) => ({ ...f, [side]: f[side].length > 1 ? f[side].filter((r) => r.key !== key) : [newRow()] }));
  const chooseTemplate = (id: string) => {
    setTemplateId(id);
    const template = templates.data?.templates.find((t) => String(t.id) === id);
    if (template) setForm((f) => fromTemplate(f, template, templates.data?.accounts ?? []));
  };

  // Each row's account typed whole and not found yet, by the row's key: a save (Enter right after a name) finds it.
  const typedAccounts = useRef(new Map<number, TypedChoice>());
  const typedOf = (key: number) => {
    const typed = typedAccounts.current.get(key) ?? { current: undefined };
    typedAccounts.current.set(key, typed);
    return typed;
  };
  const withTypedAccounts = async (current: JournalForm): Promise<JournalForm> => {
    const rows = [...current.debit, ...current.credit].filter((r) => r.ac_id === undefined);
    const found = new Map<number, number | undefined>(
      await Promise.all(rows.map(async (r) => [r.key, await typedOf(r.key).current?.()] as const)),
    );
    const fill = (side: JournalRow[]) => side.map((r) => ({ ...r, ac_id: r.ac_id ?? found.get(r.key) }));
    return { ...current, debit: fill(current.debit), credit: fill(current.credit) };
  };

  const submit = (filled: JournalForm) =>
    save.mutate(
      { body: toBody(filled, currentYearId()), jId },
      {
        onSuccess: (saved) => {
          void notify.done(jId ? text.updated : text.saved(saved?.j_ref ?? ''));
          if (jId) navigate('/folder/spends-recod');
          else {
            setForm(emptyForm(form.j_date));
            setTemplateId('');
          }
        },
        onError: notify.failed,
      },
    );
  const askDelete = () =>
    confirm({
      message: text.confirmDelete(jRef ?? ''),
      buttons: [
        { text: text.cancel, role: 'cancel' },
        {
          text: text.ok,
          handler: () => {
            if (jId === undefined) return;
            remove.mutate(jId, {
              onSuccess: () => {
                void notify.done(text.deleted);
                navigate('/folder/spends-recod');
              },
              onError: notify.failed,
            });
          },
        },
      ],
    });

  const rows = (side: Side) => (
    <fieldset className="journal-side" data-testid={`journal-${side}`}>
      <legend>{side === 'debit' ? text.debitSide : text.creditSide}</legend>
      {form[side].map((row, index) => (
        <div key={row.key} className="field-row journal-row">
          <AccountSearchField
            storeId={storeId}
            label={`${text.account} ${index + 1}`}
            value={row.ac_id}
            onChange={(ac_id) => setRow(side, row.key, { ac_id })}
            testId={`journal-${side}-account-${index}`}
            typedAccount={typedOf(row.key)}
            onPendingChange={(typed) => setTyped(row.key, typed)}
          />
          <div className="field">
            <label htmlFor={`${side}-amount-${row.key}`}>{text.amount}</label>
            <input
              id={`${side}-amount-${row.key}`}
              className="plain-input num"
              inputMode="decimal"
              data-testid={`journal-${side}-amount-${index}`}
              value={row.amount}
              onChange={(e) => setRow(side, row.key, { amount: e.target.value })}
            />
          </div>
          <IonButton fill="clear" color="danger" aria-label={text.removeRow} onClick={() => removeRow(side, row.key)}>
            <IonIcon icon={trashOutline} />
          </IonButton>
        </div>
      ))}
      <IonButton fill="clear" size="small" onClick={() => addRow(side)} data-testid={`journal-${side}-add`}>
        <IonIcon slot="start" icon={addOutline} />
        {text.addRow}
      </IonButton>
    </fieldset>
  );

  return (
    <Page title={jRef ? `${title} ${jRef}` : title}>
      <form
        className="invoice"
        onSubmit={async (e) => {
          e.preventDefault();
          const filled = await withTypedAccounts(form);
          if (canSave(filled)) submit(filled);
        }}
      >
        <div className="invoice-header">
          <div className="field">
            <label htmlFor="journal-template">{text.template}</label>
            <select
              id="journal-template"
              className="plain-input"
              value={templateId}
              onChange={(e) => chooseTemplate(e.target.value)}
            >
              <option value="">{form.j_type && !templateId ? form.j_type : text.noTemplate}</option>
              {templates.data?.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.type_name}
                </option>
              ))}
            </select>
          </div>
          <DateField
            label={text.date}
            name="j_date"
            value={form.j_date}
            onChange={(j_date) => setForm((f) => ({ ...f, j_date }))}
            {...dateFieldLock(user, 'journal')}
          />
          <div className="field">
            <label htmlFor="journal-details">{text.details}</label>
            <input
              id="journal-details"
              className="plain-input"
              data-testid="journal-details"
              value={form.j_details}
              onChange={(e) => setForm((f) => ({ ...f, j_details: e.target.value }))}
            />
          </div>
          <div className="field">
            <label htmlFor="journal-invoice">{text.invoice}</label>
            <input
              id="journal-invoice"
              className="plain-input num"
              value={form.invo_ref}
              onChange={(e) => setForm((f) => ({ ...f, invo_ref: e.target.value }))}
            />
          </div>
        </div>
        <div className="invoice-sections journal-sides">
          {rows('debit')}
          {rows('credit')}
        </div>
        <Figures
          testId="journal-totals"
          items={[
            { label: text.totalDebit, value: formatDecimal(totals.debit) },
            { label: text.totalCredit, value: formatDecimal(totals.credit) },
            { label: text.difference, value: formatDecimal(totals.difference) },
          ]}
        />
        {bothSides && totals.difference !== '0.00' && (
          <p className="field-error" role="alert">
            {text.unbalanced}
          </p>
        )}
        <div className="toolbar-row">
          <IonButton type="submit" disabled={!ready || save.isPending} data-testid="journal-save">
            {jId ? text.update : text.save}
          </IonButton>
          {jId ? (
            <IonButton color="danger" fill="outline" onClick={askDelete} data-testid="journal-delete">
              {text.delete}
            </IonButton>
          ) : (
            <IonButton
              fill="outline"
              onClick={() => {
                setForm(emptyForm(form.j_date));
                setTemplateId('');
              }}
            >
              {text.clear}
            </IonButton>
          )}
        </div>
      </form>
    </Page>
  );
}
