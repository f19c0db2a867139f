import { type OpeningQuantityRow, routes } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { yearKey } from '../../app/queryClient.ts';
import { IonCheckbox, IonItem, IonSearchbar } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { SheetImport } from '../../ui/SheetImport.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { usePagedList } from '../../ui/usePagedList.ts';
import { useSession } from '../auth/AuthProvider.tsx';
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

/** Opening quantities of the store and year: import from Excel (preview, then apply) and the current list. */
export default function OpeningStockPage({ title }: { title: string }) {
  const { storeId, year } = useSession();
  const [search, setSearch] = useState('');
  // Clearing the openings of items the sheet leaves out is a choice of its own, off unless ticked.
  const [clearUnlisted, setClearUnlisted] = useState(false);
  const yearId = year?.id;
  const { query, rows, paging } = usePagedList([...yearKey(storeId), 'openingStock'], routes.firstq.readByStore, {
    store_id: storeId,
    fq_year: yearId,
    search: search.trim() || undefined,
  });
  // A later year opens with what the year before left: shown, never typed or imported (one book).
  const carried = rows.some((row) => row.carried);

  return (
    <Page title={title}>
      <p className="notice" data-testid="opening-intro">
        {carried ? text.carried : text.intro}
      </p>
      {year && <p>{text.year(year.yearDesc)}</p>}
      {!carried && (
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
      />
    </Page>
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
