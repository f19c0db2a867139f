import { CategoryInput, type ItemCategory, routes } from '@mizan/contract';
import { useMutation } from '@tanstack/react-query';
import { createOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { refreshStore } from '../../app/queryClient.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { TextField } from '../../ui/form/fields.tsx';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton, IonIcon, IonList, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useCategories } from '../items/useItems.ts';
import { categoriesText as text } from './categoriesText.ts';

/** The whole list is held, so every column sorts in the browser. */
const columns: Column<ItemCategory>[] = [
  { id: 'name', header: text.name, cell: (c) => c.category_name, sortBy: (c) => c.category_name },
  { id: 'desc', header: text.desc, cell: (c) => c.category_desc ?? '' },
  {
    id: 'items',
    header: text.items,
    amount: true,
    cell: (c) => String(c.items_count),
    sortBy: (c) => Number(c.items_count),
  },
  {
    id: 'created',
    header: text.created,
    cell: (c) => <bdi className="num">{c.created_at}</bdi>,
    sortBy: (c) => c.created_at,
  },
];

type Values = { category_name: string; category_desc: string };
const blank: Values = { category_name: '', category_desc: '' };
const categoryForm = contractForm((values: Values) => values, CategoryInput);

/** Item categories: list with how many items use each, create, edit, and delete when unused. */
export default function CategoriesPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const categories = useCategories(storeId);
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const [editing, setEditing] = useState<ItemCategory | undefined>();
  const form = useContractForm(categoryForm, blank);

  const save = useMutation({
    mutationFn: (body: CategoryInput) =>
      editing
        ? call(routes.item_categories.update, { body: { ...body, id: editing.id } })
        : call(routes.item_categories.create, { body }),
    onSuccess: () => {
      notify.done(text.saved);
      reset();
      void refreshStore(storeId);
    },
    onError: (error) => {
      showServerErrors(form, error);
      notify.failed(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(routes.item_categories.delete, { body: { id } }),
    onSuccess: () => {
      notify.done(text.deleted);
      void refreshStore(storeId);
    },
    onError: notify.failed,
  });

  function reset() {
    setEditing(undefined);
    form.reset(blank);
  }
  const submit = form.handleSubmit((body) => save.mutate({ ...body, store_id: storeId }));

  return (
    <Page title={title}>
      <p className="notice">{text.note}</p>
      <form onSubmit={submit} className="category-form">
        <EnterSubmits />
        <IonList className="form-grid">
          <TextField control={form.control} name="category_name" label={text.name} required />
          <TextField control={form.control} name="category_desc" label={text.desc} />
        </IonList>
        <div className="toolbar-row">
          <IonButton type="submit" disabled={save.isPending} data-testid="save-category">
            {editing ? text.update : text.add}
          </IonButton>
          {editing && (
            <IonButton fill="clear" onClick={reset}>
              {text.cancelEdit}
            </IonButton>
          )}
        </div>
      </form>
      <DataTable
        columns={columns}
        rows={categories.data ?? []}
        rowKey={(category) => category.id}
        testId="categories-table"
        empty={text.empty}
        loading={categories.isLoading}
        error={categories.error}
        actions={(category) => (
          <>
            <IonButton
              size="small"
              fill="clear"
              aria-label={text.edit}
              onClick={() => {
                setEditing(category);
                form.reset({ category_name: category.category_name, category_desc: category.category_desc ?? '' });
              }}
            >
              <IonIcon icon={createOutline} />
            </IonButton>
            <IonButton
              size="small"
              fill="clear"
              color="danger"
              aria-label={text.delete}
              onClick={() =>
                confirm({
                  message: text.confirm(category.category_name),
                  buttons: [
                    { text: text.cancel, role: 'cancel' },
                    { text: text.ok, handler: () => remove.mutate(category.id) },
                  ],
                })
              }
            >
              <IonIcon icon={trashOutline} />
            </IonButton>
          </>
        )}
      />
    </Page>
  );
}
