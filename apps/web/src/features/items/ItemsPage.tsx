import { type Item, routes } from '@mizan/contract';
import { addOutline, cloudDownloadOutline, cloudUploadOutline, pricetagsOutline } from 'ionicons/icons';
import { useState } from 'react';
import { download } from '../../app/api.ts';
import { may } from '../../app/permissions.ts';
import { IonButton, IonIcon, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { ItemFiltersBar } from './ItemFiltersBar.tsx';
import { ItemImportModal } from './ItemImportModal.tsx';
import { ItemModal } from './ItemModal.tsx';
import { ItemTable } from './ItemTable.tsx';
import { itemsText } from './itemsText.ts';
import { PriceChangeModal } from './PriceChangeModal.tsx';
import { filterParams, type ItemFilters, useDeleteItem, useItemList } from './useItems.ts';

type Dialog = { kind: 'item'; item?: Item } | { kind: 'prices' } | { kind: 'import' } | undefined;

/** Item management: search and filters, pages of 20 from the server, create/edit/delete, bulk prices, Excel. */
export default function ItemsPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const [filters, setFilters] = useState<ItemFilters>({ search: '', category_id: 'all', brand: '', model: '' });
  const [dialog, setDialog] = useState<Dialog>();
  const { query, rows, paging } = useItemList(storeId, filters);
  const remove = useDeleteItem(storeId);
  const [confirm] = useIonAlert();
  const notify = useNotify();

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

  return (
    <Page title={title}>
      <div className="toolbar-row">
        {may(user, 'items') && (
          <IonButton onClick={() => setDialog({ kind: 'item' })} data-testid="new-item">
            <IonIcon slot="start" icon={addOutline} />
            {itemsText.newItem}
          </IonButton>
        )}
        {/* Changing every price needs the prices permission (the server refuses it to others): not offered without it. */}
        {may(user, 'prices') && (
          <IonButton fill="outline" size="small" onClick={() => setDialog({ kind: 'prices' })}>
            <IonIcon slot="start" icon={pricetagsOutline} />
            {itemsText.prices}
          </IonButton>
        )}
        {may(user, 'imports') && (
          <IonButton
            fill="outline"
            size="small"
            onClick={() => setDialog({ kind: 'import' })}
            data-testid="import-items"
          >
            <IonIcon slot="start" icon={cloudUploadOutline} />
            {itemsText.importExcel}
          </IonButton>
        )}
        <IonButton
          fill="outline"
          size="small"
          onClick={() =>
            download(routes.items.export, itemsText.exportFile, { query: filterParams(filters) }).catch(notify.failed)
          }
        >
          <IonIcon slot="start" icon={cloudDownloadOutline} />
          {itemsText.exportExcel}
        </IonButton>
      </div>
      <ItemFiltersBar storeId={storeId} filters={filters} onChange={setFilters} />
      <ItemTable
        items={rows}
        loading={query.isLoading}
        paging={paging}
        onEdit={(item) => setDialog({ kind: 'item', item })}
        onDelete={askDelete}
      />
      <ItemModal
        storeId={storeId}
        open={dialog?.kind === 'item'}
        item={dialog?.kind === 'item' ? dialog.item : undefined}
        onClose={() => setDialog(undefined)}
      />
      <PriceChangeModal
        storeId={storeId}
        open={dialog?.kind === 'prices'}
        categoryId={filters.category_id}
        onClose={() => setDialog(undefined)}
      />
      <ItemImportModal storeId={storeId} open={dialog?.kind === 'import'} onClose={() => setDialog(undefined)} />
    </Page>
  );
}
