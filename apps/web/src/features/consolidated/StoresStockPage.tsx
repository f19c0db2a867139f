/**
 * The company's stock over the stores (reports/stores-stock): for an owner of several stores, each item's stock and
 * value at cost in every store, what is on the way between them, and the sum; each column is that store's own item
 * stock (docs/consolidated.md). Paged on the server, searched like every item list.
 */
import { routes, type StoresStockItem } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { PrintButton } from '../reports/Figures.tsx';
import { reportKeys } from '../reports/useReports.ts';
import { consolidatedText as text } from './consolidatedText.ts';

export default function StoresStockPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const list = usePagedList(
    [...reportKeys.all(storeId), 'storesStock'],
    routes.consolidated.stock,
    { search: term || undefined },
    50,
  );
  const answer = list.firstPage;
  const stores = answer?.stores ?? [];
  const cell = (row: StoresStockItem, id: number) => row.stores.find((s) => s.store_id === id);
  const columns: Column<StoresStockItem>[] = [
    { id: 'item', header: text.item, cell: (r) => r.item_name },
    { id: 'code', header: text.code, cell: (r) => <bdi>{r.part_no ?? r.item_parcode ?? ''}</bdi> },
    ...stores.flatMap((store): Column<StoresStockItem>[] => [
      {
        id: `q${store.store_id}`,
        header: store.store_name,
        amount: true,
        cell: (r) => formatQuantity(cell(r, store.store_id)?.quantity),
      },
      {
        id: `v${store.store_id}`,
        header: `${text.valueIn} ${store.store_name}`,
        amount: true,
        cell: (r) => formatDecimal(cell(r, store.store_id)?.value),
      },
    ]),
    { id: 'transitQ', header: text.inTransit, amount: true, cell: (r) => formatQuantity(r.in_transit_quantity) },
    { id: 'transitV', header: text.inTransitValue, amount: true, cell: (r) => formatDecimal(r.in_transit_value) },
    { id: 'quantity', header: text.quantity, amount: true, cell: (r) => formatQuantity(r.quantity) },
    { id: 'value', header: text.value, amount: true, cell: (r) => formatDecimal(r.value) },
  ];
  const sums = answer?.sums;
  return (
    <Page title={title}>
      <div className="no-print toolbar-row">
        <PlainField
          label={text.search}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="stores-stock-search"
          type="search"
        />
        <PrintButton />
      </div>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.catalogue_id}
        testId="stores-stock"
        empty={text.noItems}
        loading={list.query.isLoading}
        paging={list.paging}
        sums={
          sums && {
            label: text.totals,
            testId: 'stores-stock-sums',
            values: {
              ...Object.fromEntries(sums.stores.map((s) => [`v${s.store_id}`, formatDecimal(s.value)])),
              transitV: formatDecimal(sums.in_transit_value),
              value: formatDecimal(sums.value),
            },
          }
        }
      />
    </Page>
  );
}
