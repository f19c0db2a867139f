import type { PriceList, PriceListPrice } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { IonSearchbar } from '../../ui/ionic.ts';
import { searchTerm } from '../../ui/searchTerm.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { PriceInput } from './PriceInput.tsx';
import { priceListsText as text } from './priceListsText.ts';
import { useListPrices } from './usePriceLists.ts';

/** A list's prices: the store's items, paged and searched, each with its own price and the list's typed in place. */
export function ListPrices({ storeId, list, editable }: { storeId: number; list: PriceList; editable: boolean }) {
  const [search, setSearch] = useState('');
  const [onlyPriced, setOnlyPriced] = useState(false);
  const { query, rows, paging } = useListPrices(storeId, list.id, {
    search: search.trim() || undefined,
    priced: onlyPriced ? '1' : undefined,
  });
  const columns: Column<PriceListPrice>[] = [
    { id: 'code', header: text.code, cell: (row) => row.part_no ?? '' },
    { id: 'name', header: text.item, cell: (row) => row.item_name },
    { id: 'barcode', header: text.barcode, cell: (row) => row.item_parcode ?? '' },
    { id: 'unit', header: text.unit, cell: (row) => row.item_unit ?? '' },
    { id: 'own', header: text.ownPrice, amount: true, cell: (row) => formatDecimal(row.pay_price) },
    {
      id: 'price',
      header: text.listPrice,
      amount: true,
      testId: 'list-price',
      cell: (row) => <PriceInput storeId={storeId} listId={list.id} row={row} disabled={!editable} />,
    },
  ];
  return (
    <section className="list-prices" aria-label={text.listPrices(list.name)}>
      <h3>{text.listPrices(list.name)}</h3>
      {editable && <p className="field-hint">{text.priceHint}</p>}
      <div className="inline-row">
        <IonSearchbar
          placeholder={text.search}
          debounce={250}
          value={search}
          data-testid="list-prices-search"
          onIonInput={(e) => setSearch(searchTerm(e.detail.value ?? ''))}
        />
        <label className="plain-check">
          <input
            type="checkbox"
            name="only_priced"
            data-testid="only-priced"
            checked={onlyPriced}
            onChange={(e) => setOnlyPriced(e.target.checked)}
          />
          <span>{text.onlyPriced}</span>
        </label>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.item_id}
        testId="list-prices-table"
        empty={text.noItems}
        loading={query.isLoading}
        paging={paging}
      />
    </section>
  );
}
