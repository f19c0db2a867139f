import { type BodyOf, routes, type Store, StoreUpdateBody } from '@mizan/contract';
import { call } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { CheckboxField, TextField } from '../../ui/form/fields.tsx';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton, IonList, IonNote } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText } from './settingsText.ts';
import { settingsKeys, useSettingsChange } from './useSettings.ts';

type Values = { id: number; store_name: string; location: string; allow_negative_stock: boolean };
const storeForm = contractForm((values: Values) => ({ ...values, store_id: values.id }), StoreUpdateBody);

export function StoreSection({ store, isAdmin }: { store: Store; isAdmin: boolean }) {
  const form = useContractForm(storeForm, {
    id: store.id,
    store_name: store.store_name,
    location: store.location ?? '',
    allow_negative_stock: store.allow_negative_stock,
  });
  const save = useSettingsChange(
    (body: BodyOf<typeof routes.store.update>) => call(routes.store.update, { body }),
    settingsKeys.stores,
  );
  const notify = useNotify();
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify.done(settingsText.saved),
      onError: (error) => {
        showServerErrors(form, error);
        notify.failed(error);
      },
    }),
  );
  const fields = settingsText.storeFields;
  return (
    <form onSubmit={submit} noValidate>
      <EnterSubmits />
      <IonList className="form-grid">
        <TextField control={form.control} name="store_name" label={fields.store_name} readonly={!isAdmin} />
        <TextField control={form.control} name="location" label={fields.location} readonly={!isAdmin} />
        <CheckboxField
          control={form.control}
          name="allow_negative_stock"
          label={fields.allow_negative_stock}
          disabled={!isAdmin}
          testId="allow-negative-stock"
        />
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
