import type { PriceList } from '@mizan/contract';
import { createOutline, pricetagsOutline, trashOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { may } from '../../app/permissions.ts';
import { IonButton, IonIcon, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { ListPrices } from './ListPrices.tsx';
import { priceListsText as text } from './priceListsText.ts';
import { useChangeList, usePriceLists } from './usePriceLists.ts';
import './priceLists.css';

const columns: Column<PriceList>[] = [
  { id: 'name', header: text.name, cell: (list) => list.name, sortBy: (list) => list.name },
  { id: 'scope', header: text.scope, cell: (list) => (list.store_id === null ? text.company : text.thisStore) },
  { id: 'prices', header: text.prices, amount: true, cell: (list) => String(list.prices) },
  { id: 'customers', header: text.customers, amount: true, cell: (list) => String(list.customers) },
];

/**
 * Price lists (docs/price-lists.md): the company's and the store's, added, renamed and deleted (not while a customer
 * carries one); the chosen list's prices below, typed item by item. Changing them needs the right to change prices.
 */
export default function PriceListsPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const editable = may(user, 'prices');
  const lists = usePriceLists(storeId);
  const change = useChangeList(storeId);
  const notify = useNotify();
  const [ask] = useIonAlert();
  const [name, setName] = useState('');
  const [forCompany, setForCompany] = useState(false);
  const [chosenId, setChosenId] = useState<number | undefined>();
  const chosen = lists.data?.find((list) => list.id === chosenId) ?? lists.data?.[0];

  function add(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    change.mutate(
      { action: 'create', name, for_company: forCompany },
      {
        onSuccess: (id) => {
          notify.done(text.created);
          setName('');
          setChosenId(id);
        },
        onError: notify.failed,
      },
    );
  }
  const rename = (list: PriceList) =>
    ask({
      header: text.rename,
      inputs: [{ name: 'name', value: list.name, attributes: { 'data-testid': 'rename-list' } }],
      buttons: [
        { text: text.cancel, role: 'cancel' },
        {
          text: text.ok,
          handler: (data: { name?: string }) => {
            const renamed = data.name?.trim();
            if (!renamed) return;
            change.mutate(
              { action: 'rename', id: list.id, name: renamed },
              { onSuccess: () => notify.done(text.renamed), onError: notify.failed },
            );
          },
        },
      ],
    });
  const remove = (list: PriceList) =>
    ask({
      message: text.confirmDelete(list.name),
      buttons: [
        { text: text.cancel, role: 'cancel' },
        {
          text: text.ok,
          handler: () =>
            change.mutate(
              { action: 'delete', id: list.id },
              { onSuccess: () => notify.done(text.deleted), onError: notify.failed },
            ),
        },
      ],
    });

  return (
    <Page title={title}>
      <p className="notice">{editable ? text.intro : text.readOnly}</p>
      {editable && (
        <form className="inline-row price-list-form" onSubmit={add}>
          <label className="field grow">
            <span>{text.name}</span>
            <input
              className="plain-input"
              name="price_list_name"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className="plain-check">
            <input
              type="checkbox"
              name="for_company"
              checked={forCompany}
              onChange={(e) => setForCompany(e.target.checked)}
            />
            <span>{text.forCompany}</span>
          </label>
          <button type="submit" className="plain-button" disabled={change.isPending} data-testid="add-price-list">
            {text.add}
          </button>
        </form>
      )}
      <DataTable
        columns={columns}
        rows={lists.data ?? []}
        rowKey={(list) => list.id}
        testId="price-lists-table"
        empty={text.empty}
        loading={lists.isLoading}
        error={lists.error}
        rowClassName={(list) => (list.id === chosen?.id ? 'chosen-row' : undefined)}
        actions={(list) => (
          <>
            <IonButton size="small" fill="clear" aria-label={text.open} onClick={() => setChosenId(list.id)}>
              <IonIcon icon={pricetagsOutline} />
            </IonButton>
            {editable && (
              <>
                <IonButton size="small" fill="clear" aria-label={text.rename} onClick={() => rename(list)}>
                  <IonIcon icon={createOutline} />
                </IonButton>
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  aria-label={text.delete}
                  onClick={() => remove(list)}
                >
                  <IonIcon icon={trashOutline} />
                </IonButton>
              </>
            )}
          </>
        )}
      />
      {chosen && <ListPrices key={chosen.id} storeId={storeId} list={chosen} editable={editable} />}
    </Page>
  );
}
