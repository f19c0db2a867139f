import { normalizeNumberInput, type OpeningQuantityRow, routes } from '@mizan/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../app/api.ts';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { refreshStore, yearKey } from '../../app/queryClient.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { IonCheckbox, IonItem, IonSearchbar } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { SheetImport } from '../../ui/SheetImport.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { ItemSearchButton } from '../items/ItemSearchButton.tsx';
import { openingStockText as text } from './openingStockText.ts';

const columns: Column<OpeningQuantityRow>[] = [
  { id: 'code', serverSort: 'part_no', header: text.code, cell: (row) => row.part_no ?? '' },
  { id: 'name', serverSort: 'item_name', header: text.name, cell: (row) => row.item_name },
  {
    id: 'quantity',
    serverSort: 'quantity',
    header: text.quantity,
    amount: true,
    cell: (row) => formatQuantity(row.quantity),
  },
  {
    id: 'perch',
    serverSort: 'perch_price',
    header: text.perch,
    amount: true,
    cell: (row) => formatDecimal(row.perch_price),
  },
  { id: 'pay', serverSort: 'pay_price', header: text.pay, amount: true, cell: (row) => formatDecimal(row.pay_price) },
];

// What the year before left: its quantity and its average cost then (the column says so).
const carriedColumns = columns.map((column) =>
  column.id === 'perch' ? { ...column, header: text.carriedCost } : column,
);

/**
 * Opening quantities of the store and year. folder/firstq-modal: import from Excel (preview, then apply) and the
 * current list. fristq (`editing`): the same list, each item's quantity and prices edited in place, items added by
 * the item search, and a link to the sheet upload. Both show what the year's openings are worth at cost.
 */
export default function OpeningStockPage({ title, editing = false }: { title: string; editing?: boolean }) {
  const { storeId, year } = useSession();
  const [edited, setEdited] = useState<OpeningEdit | undefined>();
  const [search, setSearch] = useState('');
  // Clearing the openings of items the sheet leaves out is a choice of its own, off unless ticked.
  const [clearUnlisted, setClearUnlisted] = useState(false);
  const yearId = year?.id;
  const { query, rows, paging, firstPage } = usePagedList(
    [...yearKey(storeId), 'openingStock'],
    routes.firstq.readByStore,
    {
      store_id: storeId,
      fq_year: yearId,
      search: search.trim() || undefined,
    },
  );
  // A later year opens with what the year before left: shown, never typed or imported (one book).
  const carried = rows.some((row) => row.carried);

  return (
    <Page title={title}>
      <p className="notice" data-testid="opening-intro">
        {carried ? text.carried : editing ? text.editIntro : text.intro}
      </p>
      {year && <p>{text.year(year.yearDesc)}</p>}
      {firstPage && (
        <p className="opening-value" data-testid="opening-total-value">
          {text.totalValue}: <bdi className="num">{formatDecimal(firstPage.total_value)}</bdi>
        </p>
      )}
      {editing && !carried && (
        <div className="inline-row">
          <Link
            className="plain-button outline link-button"
            to="/folder/firstq-modal"
            data-testid="opening-upload-link"
          >
            {text.uploadSheet}
          </Link>
          <ItemSearchButton
            storeId={storeId}
            onPick={(item) =>
              setEdited({
                item_id: item.id,
                item_name: item.item_name,
                quantity: '',
                perch_price: item.perch_price,
                pay_price: item.pay_price,
              })
            }
          />
          <span>{text.addItem}</span>
        </div>
      )}
      {!editing && !carried && (
        <OpeningImport
          storeId={storeId}
          yearId={yearId}
          clearUnlisted={clearUnlisted}
          onClearUnlisted={setClearUnlisted}
        />
      )}
      <IonSearchbar
        placeholder={text.search}
        debounce={300}
        value={search}
        onIonInput={(e) => setSearch(searchTerm(e.detail.value ?? ''))}
      />
      <DataTable
        columns={carried ? carriedColumns : columns}
        rows={rows}
        rowKey={(row) => (row.carried ? `carried-${row.item_id}` : row.id)}
        testId="opening-table"
        empty={text.empty}
        loading={query.isLoading}
        paging={paging}
        actions={
          editing && !carried
            ? (row) => (
                <button
                  type="button"
                  className="plain-button outline"
                  data-testid="opening-edit"
                  onClick={() => setEdited({ ...row, quantity: row.quantity.replace(/\.?0+$/, '') })}
                >
                  {text.edit}
                </button>
              )
            : undefined
        }
      />
      {editing && (
        <OpeningEditModal storeId={storeId} yearId={yearId} opening={edited} onClose={() => setEdited(undefined)} />
      )}
    </Page>
  );
}

/** fristq: the same screen, each opening edited in place. */
export function FirstQuantitiesPage({ title }: { title: string }) {
  return <OpeningStockPage title={title} editing />;
}

type OpeningEdit = { item_id: number; item_name: string; quantity: string; perch_price: string; pay_price: string };

/** One item's opening quantity and prices, saved by `firstq/update` (it creates or replaces the opening). */
function OpeningEditModal({
  storeId,
  yearId,
  opening,
  onClose,
}: {
  storeId: number;
  yearId: number | undefined;
  opening: OpeningEdit | undefined;
  onClose: () => void;
}) {
  const notify = useNotify();
  const [values, setValues] = useState(opening);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValues(opening), [opening]);
  const field = (name: 'quantity' | 'perch_price' | 'pay_price', label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        className="plain-input pos-touch"
        name={`opening_${name}`}
        inputMode="decimal"
        dir="ltr"
        value={values?.[name] ?? ''}
        onChange={(e) => setValues((v) => v && { ...v, [name]: normalizeNumberInput(e.target.value) })}
      />
    </label>
  );
  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values || saving) return;
    setSaving(true);
    try {
      await call(routes.firstq.update, {
        body: {
          item_id: values.item_id,
          quantity: values.quantity || '0',
          perch_price: values.perch_price,
          pay_price: values.pay_price,
          fq_year: yearId,
          store_id: storeId,
        },
      });
      notify.done(text.saved(values.item_name));
      await refreshStore(storeId);
      onClose();
    } catch (error) {
      notify.failed(error);
    } finally {
      setSaving(false);
    }
  }
  return (
    <FormModal
      open={opening !== undefined}
      title={text.editTitle(opening?.item_name ?? '')}
      closeLabel={text.close}
      onClose={onClose}
    >
      <form onSubmit={save} className="opening-edit" data-testid="opening-edit-form">
        {field('quantity', text.quantity)}
        {field('perch_price', text.perch)}
        {field('pay_price', text.pay)}
        <button type="submit" className="plain-button pos-touch" disabled={saving} data-testid="opening-save">
          {text.save}
        </button>
      </form>
    </FormModal>
  );
}

/** The Excel import of the first year's opening quantities, with the explicit choice to clear unlisted items. */
function OpeningImport({
  storeId,
  yearId,
  clearUnlisted,
  onClearUnlisted,
}: {
  storeId: number;
  yearId: number | undefined;
  clearUnlisted: boolean;
  onClearUnlisted: (clear: boolean) => void;
}) {
  return (
    <>
      <IonItem lines="none">
        <IonCheckbox
          checked={clearUnlisted}
          onIonChange={(event) => onClearUnlisted(event.detail.checked)}
          data-testid="clear-unlisted"
        >
          {text.clearUnlisted}
        </IonCheckbox>
      </IonItem>
      <SheetImport
        route={routes.uploadXsl.openingQuantities}
        template={routes.firstq.importTemplate}
        templateName={text.templateFile}
        query={{ fq_year: yearId, clearUnlisted: clearUnlisted ? 1 : undefined }}
        storeId={storeId}
        describe={(values) => [values.part_no, values.item_name].filter(Boolean).join(' — ')}
        previewNote={(preview) =>
          preview.unlisted === undefined ? null : (
            <p className={clearUnlisted && preview.unlisted ? 'notice' : undefined} data-testid="sheet-unlisted">
              {text.unlisted(preview.unlisted, clearUnlisted)}
            </p>
          )
        }
      />
    </>
  );
}
