import '../../app/zodArabic.ts';
import { CategoryInput, type ItemCategory } from '@mizan/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOutline, trashOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { apiPost, fieldErrors } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { issuesByField } from '../../ui/formErrors.ts';
import { IonButton, IonIcon, IonList, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { categoryKeys, useCategories } from '../items/useItems.ts';

const text = {
  name: 'اسم التصنيف',
  desc: 'وصف التصنيف',
  created: 'تاريخ الإنشاء',
  items: 'عدد الأصناف',
  add: 'إضافة تصنيف',
  update: 'حفظ التعديل',
  cancelEdit: 'إلغاء التعديل',
  saved: 'تم حفظ التصنيف',
  deleted: 'تم حذف التصنيف',
  confirm: (name: string) => `هل تريد حذف التصنيف "${name}"؟`,
  empty: 'لا توجد تصنيفات بعد',
  note: 'التصنيفات لتنظيم الأصناف فقط؛ لا يمكن حذف تصنيف مستخدم في أصناف.',
};

/** Item categories: list with how many items use each, create, edit, and delete when unused. */
export default function CategoriesPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const categories = useCategories(storeId);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const [editing, setEditing] = useState<ItemCategory | undefined>();
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invalidate = () => queryClient.invalidateQueries({ queryKey: categoryKeys.all(storeId) });

  const save = useMutation({
    mutationFn: (body: object) => apiPost(editing ? 'item_categories/update' : 'item_categories/create', body),
    onSuccess: () => {
      notify.done(text.saved);
      reset();
      void invalidate();
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      notify.failed(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiPost('item_categories/delete', { id, store_id: storeId }),
    onSuccess: () => {
      notify.done(text.deleted);
      void invalidate();
    },
    onError: notify.failed,
  });

  function reset() {
    setEditing(undefined);
    setName('');
    setDesc('');
    setErrors({});
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      category_name: name,
      category_desc: desc,
      store_id: storeId,
      ...(editing ? { id: editing.id } : {}),
    };
    const checked = CategoryInput.safeParse(body);
    if (!checked.success) return setErrors(issuesByField(checked.error));
    save.mutate(body);
  }

  return (
    <Page title={title}>
      <p className="notice">{text.note}</p>
      <form onSubmit={submit} className="category-form">
        <EnterSubmits />
        <IonList className="form-grid">
          <FormField
            name="category_name"
            label={text.name}
            required
            value={name}
            onChange={setName}
            error={errors.category_name}
          />
          <FormField
            name="category_desc"
            label={text.desc}
            value={desc}
            onChange={setDesc}
            error={errors.category_desc}
          />
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
      {categories.data?.length === 0 && <p className="empty">{text.empty}</p>}
      {!!categories.data?.length && (
        <div className="table-scroll">
          <table className="data-table" data-testid="categories-table">
            <thead>
              <tr>
                <th>{text.name}</th>
                <th>{text.desc}</th>
                <th className="amount">{text.items}</th>
                <th>{text.created}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {categories.data.map((category) => (
                <tr key={category.id}>
                  <td data-label={text.name}>{category.category_name}</td>
                  <td data-label={text.desc}>{category.category_desc}</td>
                  <td data-label={text.items} className="amount">
                    <bdi className="num">{category.items_count}</bdi>
                  </td>
                  <td data-label={text.created}>
                    <bdi className="num">{category.created_at}</bdi>
                  </td>
                  <td className="row-actions">
                    <IonButton
                      size="small"
                      fill="clear"
                      aria-label="تعديل"
                      onClick={() => {
                        setEditing(category);
                        setName(category.category_name);
                        setDesc(category.category_desc ?? '');
                      }}
                    >
                      <IonIcon icon={createOutline} />
                    </IonButton>
                    <IonButton
                      size="small"
                      fill="clear"
                      color="danger"
                      aria-label="حذف"
                      onClick={() =>
                        confirm({
                          message: text.confirm(category.category_name),
                          buttons: [
                            { text: 'إلغاء', role: 'cancel' },
                            { text: 'موافق', handler: () => remove.mutate(category.id) },
                          ],
                        })
                      }
                    >
                      <IonIcon icon={trashOutline} />
                    </IonButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
