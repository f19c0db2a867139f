import { addOutline } from 'ionicons/icons';
import { IonButton, IonIcon, IonItem, IonSelect, IonSelectOption, useIonAlert } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { itemsText } from './itemsText.ts';
import { useCategories, useCreateCategory } from './useItems.ts';

/** Picks the item's category; "add new category" creates one in place and selects it. */
export function CategoryPicker({
  storeId,
  value,
  onChange,
}: {
  storeId: number;
  value: string;
  onChange: (id: string) => void;
}) {
  const categories = useCategories(storeId);
  const create = useCreateCategory(storeId);
  const [ask] = useIonAlert();
  const notify = useNotify();

  const addCategory = () =>
    ask({
      header: itemsText.newCategory,
      inputs: [
        { name: 'name', placeholder: itemsText.newCategoryName, attributes: { 'data-testid': 'new-category-name' } },
      ],
      buttons: [
        { text: itemsText.cancel, role: 'cancel' },
        {
          text: itemsText.save,
          handler: (data: { name?: string }) => {
            const name = data.name?.trim();
            if (!name) return;
            create.mutate(name, {
              onSuccess: ([category]) => category && onChange(String(category.id)),
              onError: notify.failed,
            });
          },
        },
      ],
    });

  return (
    <IonItem>
      <IonSelect
        label={itemsText.fields.category_id}
        labelPlacement="stacked"
        interface="popover"
        name="category_id"
        value={value}
        onIonChange={(e) => onChange(String(e.detail.value ?? ''))}
      >
        <IonSelectOption value="">{itemsText.noCategory}</IonSelectOption>
        {categories.data?.map((category) => (
          <IonSelectOption key={category.id} value={String(category.id)}>
            {category.category_name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonButton
        slot="end"
        fill="clear"
        onClick={addCategory}
        title={itemsText.newCategory}
        aria-label={itemsText.newCategory}
      >
        <IonIcon icon={addOutline} />
      </IonButton>
    </IonItem>
  );
}
