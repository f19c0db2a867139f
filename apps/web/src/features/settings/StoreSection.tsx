import '../../app/zodArabic.ts';
import { type Store, StoreUpdateBody } from '@mizan/contract';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { issuesByField } from '../../ui/formErrors.ts';
import { IonButton, IonCheckbox, IonItem, IonList, IonNote } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText } from './settingsText.ts';
import { settingsKeys, useSettingsChange } from './useSettings.ts';

export function StoreSection({ store, isAdmin }: { store: Store; isAdmin: boolean }) {
  const [name, setName] = useState(store.store_name);
  const [location, setLocation] = useState(store.location ?? '');
  const [allowNegativeStock, setAllowNegativeStock] = useState(store.allow_negative_stock);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSettingsChange<object>('store/update', settingsKeys.stores);
  const notify = useNotify();
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      id: store.id,
      store_name: name,
      location,
      allow_negative_stock: allowNegativeStock,
      store_id: store.id,
    };
    const checked = StoreUpdateBody.safeParse(body);
    if (!checked.success) return setErrors(issuesByField(checked.error));
    save.mutate(body, {
      onSuccess: () => notify.done(settingsText.saved),
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify.failed(error);
      },
    });
  }
  return (
    <form onSubmit={submit} noValidate>
      <EnterSubmits />
      <IonList className="form-grid">
        <FormField
          name="store_name"
          label={settingsText.storeFields.store_name}
          value={name}
          onChange={setName}
          error={errors.store_name}
          readonly={!isAdmin}
        />
        <FormField
          name="location"
          label={settingsText.storeFields.location}
          value={location}
          onChange={setLocation}
          error={errors.location}
          readonly={!isAdmin}
        />
        <IonItem>
          <IonCheckbox
            data-testid="allow-negative-stock"
            checked={allowNegativeStock}
            disabled={!isAdmin}
            onIonChange={(e) => setAllowNegativeStock(e.detail.checked)}
          >
            {settingsText.storeFields.allow_negative_stock}
          </IonCheckbox>
        </IonItem>
        <IonNote className="ion-padding-horizontal">{settingsText.allowNegativeStockHint}</IonNote>
      </IonList>
      {isAdmin && (
        <IonButton type="submit" data-testid="save-store">
          {settingsText.save}
        </IonButton>
      )}
    </form>
  );
}
