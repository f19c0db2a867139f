import { type Item, routes, type StockRow, type StockSortKey } from '@mizan/contract';
import {
  addOutline,
  albumsOutline,
  cartOutline,
  documentTextOutline,
  pricetagsOutline,
  printOutline,
  storefrontOutline,
} from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDecimal } from '../../app/format.ts';
import { columnsFor, may } from '../../app/permissions.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { IonButton, IonIcon, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { purchaseScreen, salesScreen } from '../invoices/documentScreens.ts';
import { ItemModal } from '../items/ItemModal.tsx';
import { ItemRowActions } from '../items/ItemRowActions.tsx';
import { itemsText } from '../items/itemsText.ts';
import { PriceChangeModal } from '../items/PriceChangeModal.tsx';
import { StoresStock } from '../items/StoresStock.tsx';
import { useDeleteItem } from '../items/useItems.ts';
import { LabelsButton } from '../labels/LabelsButton.tsx';
import { useStores } from '../settings/useSettings.ts';
import { itemReportPath } from './itemReportPath.ts';
import { StockFiltersBar } from './StockFiltersBar.tsx';
import { stockColumnChoice, stockColumns } from './stockColumns.ts';
import { stockLinesOf } from './stockSelection.ts';
import { stockText } from './stockText.ts';
import { noStockFilters, type StockFilters, stockFilterParams, useStockList, useStockTotals } from './useStock.ts';

type Dialog = { kind: 'item'; item?: Item } | { kind: 'prices' } | { kind: 'stores'; item: StockRow } | undefined;

/** The stock count takes the picked items by id (`?items=1,2,3`) and reads their system quantity at its date. */
const COUNT_PATH = '/folder/tswia';
const PAGE = 20;
const ALL_PAGE = 200;

/**
 * item-stock (the store menu): every item with its stock through the chosen year, its value at cost and at price, the
 * two totals cards, filters, pages of 20 sorted by the server, "all items", row selection that opens a prefilled
 * purchase, sale or stock count, the item actions, and print. Every figure is the server's (docs/stock-reads.md).
 */
export default function ItemStockPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<StockFilters>(noStockFilters);
  const [all, setAll] = useState(false);
  const { query, rows, paging } = useStockList(storeId, filters, all ? ALL_PAGE : PAGE);
  const totals = useStockTotals(storeId, filters);
  const [selected, setSelected] = useState<Map<number, StockRow>>(new Map());
  const [dialog, setDialog] = useState<Dialog>();
  // One item's stock in every store is offered to a user of several stores (docs/catalogue.md).
  const severalStores = (useStores().data?.length ?? 0) > 1;
  const remove = useDeleteItem(storeId);
  const [confirm] = useIonAlert();
  const notify = useNotify();

  // "All items": the pages of 200 are read one after another until the list is whole.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (all && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [all, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const changeFilters = (next: StockFilters) => {
    setFilters(next);
    setAll(false);
  };
  const toggle = (row: StockRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const openWith = (path: string) => navigate(path, { state: stockLinesOf([...selected.values()]) });

  const askDelete = (item: Item) =>
    confirm({
      header: itemsText.delete,
      message: itemsText.confirmDelete(item.item_name),
      buttons: [
        { text: itemsText.cancel, role: 'cancel' },
        {
          text: itemsText.ok,
          role: 'destructive',
          handler: () =>
            remove.mutate(item.id, { onSuccess: () => notify.done(itemsText.deleted), onError: notify.failed }),
        },
      ],
    });

  const selectColumn: Column<StockRow> = {
    id: 'select',
    header: stockText.select,
    cell: (row) => (
      <input
        type="checkbox"
        className="row-select"
        checked={selected.has(row.id)}
        onChange={() => toggle(row)}
        aria-label={`${stockText.select} ${row.item_name}`}
        data-testid="select-row"
      />
    ),
  };
  const printQuery = new URLSearchParams(
    Object.entries(stockFilterParams(filters)).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();

  return (
    <Page title={title}>
      <div className="toolbar-row">
        {/* As on the items screen: a new item needs `items`, changing every price `prices` (the server asks them). */}
        {may(user, 'items') && (
          <IonButton onClick={() => setDialog({ kind: 'item' })} data-testid="new-item">
            <IonIcon slot="start" icon={addOutline} />
            {itemsText.newItem}
          </IonButton>
        )}
        {may(user, 'prices') && (
          <IonButton fill="outline" size="small" onClick={() => setDialog({ kind: 'prices' })}>
            <IonIcon slot="start" icon={pricetagsOutline} />
            {itemsText.prices}
          </IonButton>
        )}
        <IonButton
          fill="outline"
          size="small"
          onClick={() => navigate(`/item-stock-print${printQuery ? `?${printQuery}` : ''}`)}
          data-testid="print-stock"
        >
          <IonIcon slot="start" icon={printOutline} />
          {stockText.print}
        </IonButton>
        <ExportButton
          route={routes.itemStock.stockExport}
          filename={stockText.exportFile}
          input={{
            query: {
              store_id: storeId,
              ...stockFilterParams(filters),
              ...(paging.sort ? { sort: paging.sort.key as StockSortKey, order: paging.sort.order } : {}),
            },
          }}
        />
        <IonButton fill="outline" size="small" onClick={() => setAll(true)} disabled={all} data-testid="all-items">
          <IonIcon slot="start" icon={albumsOutline} />
          {stockText.allItems}
        </IonButton>
      </div>
      <div className="stock-cards" data-testid="stock-totals">
        <div className="stock-card">
          <span>{stockText.valueAtPrice}</span>
          <bdi className="num" data-testid="value-at-price">
            {formatDecimal(totals.data?.stockValuePayPrice)}
          </bdi>
        </div>
        <div className="stock-card">
          <span>{stockText.valueAtCost}</span>
          <bdi className="num" data-testid="value-at-cost">
            {formatDecimal(totals.data?.stockValuePerchPrice)}
          </bdi>
        </div>
        <div className="stock-card">
          <span>{stockText.itemsCount}</span>
          <bdi className="num">{totals.data?.itemsCount ?? ''}</bdi>
        </div>
      </div>
      <StockFiltersBar storeId={storeId} filters={filters} onChange={changeFilters} />
      {selected.size > 0 && (
        <div className="toolbar-row selection-bar" data-testid="selection-bar">
          <span>{stockText.selected(selected.size)}</span>
          <IonButton size="small" onClick={() => openWith(purchaseScreen.newPath)} data-testid="to-purchase">
            <IonIcon slot="start" icon={cartOutline} />
            {stockText.toPurchase}
          </IonButton>
          <IonButton size="small" onClick={() => openWith(salesScreen.newPath)} data-testid="to-sale">
            <IonIcon slot="start" icon={documentTextOutline} />
            {stockText.toSale}
          </IonButton>
          <IonButton
            size="small"
            fill="outline"
            onClick={() => navigate(`${COUNT_PATH}?items=${[...selected.keys()].join(',')}`)}
            data-testid="to-count"
          >
            {stockText.toCount}
          </IonButton>
          <LabelsButton
            label={stockText.toLabels}
            requests={() => [...selected.keys()].map((id) => ({ id, count: 1 }))}
          />
          <IonButton size="small" fill="clear" onClick={() => setSelected(new Map())}>
            {stockText.clearSelection}
          </IonButton>
        </div>
      )}
      <DataTable
        // Without cost prices (a role given item-stock but not `readCost`) the cost columns are left out.
        columns={[selectColumn, ...columnsFor(user, stockColumns)]}
        rows={rows}
        rowKey={(row) => row.id}
        testId="stock-table"
        empty={stockText.empty}
        loading={query.isLoading}
        columnChoice={{ ...stockColumnChoice, label: itemsText.columns }}
        paging={paging}
        rowClassName={(row) => (row.quantity.startsWith('-') ? 'negative-stock' : undefined)}
        actions={(row) => (
          <ItemRowActions onEdit={() => setDialog({ kind: 'item', item: row })} onDelete={() => askDelete(row)}>
            <IonButton
              size="small"
              fill="clear"
              onClick={() => navigate(itemReportPath(row.id))}
              data-testid="item-report"
              aria-label={stockText.report}
              title={stockText.report}
            >
              <IonIcon icon={documentTextOutline} />
            </IonButton>
            {severalStores && (
              <IonButton
                size="small"
                fill="clear"
                onClick={() => setDialog({ kind: 'stores', item: row })}
                data-testid="item-stores"
                aria-label={itemsText.stores.open}
                title={itemsText.stores.open}
              >
                <IonIcon icon={storefrontOutline} />
              </IonButton>
            )}
          </ItemRowActions>
        )}
      />
      <ItemModal
        storeId={storeId}
        open={dialog?.kind === 'item'}
        item={dialog?.kind === 'item' ? dialog.item : undefined}
        onClose={() => setDialog(undefined)}
      />
      <FormModal
        open={dialog?.kind === 'stores'}
        title={dialog?.kind === 'stores' ? dialog.item.item_name : itemsText.stores.title}
        closeLabel={itemsText.close}
        onClose={() => setDialog(undefined)}
      >
        {dialog?.kind === 'stores' && <StoresStock storeId={storeId} itemId={dialog.item.id} always />}
      </FormModal>
      <PriceChangeModal
        storeId={storeId}
        open={dialog?.kind === 'prices'}
        categoryId={filters.category_id}
        onClose={() => setDialog(undefined)}
      />
    </Page>
  );
}
