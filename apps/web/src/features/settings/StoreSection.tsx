import { type BodyOf, routes, type Store, StoreUpdateBody } from '@mizan/contract';
import { call } from '../../app/api.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { CheckboxField, CodeField, SelectField, TextField } from '../../ui/form/fields.tsx';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton, IonList, IonNote } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { settingsText } from './settingsText.ts';
import { settingsKeys, useSettingsChange } from './useSettings.ts';

type Values = {
  id: number;
  store_name: string;
  location: string;
  allow_negative_stock: boolean;
  shifts_required: boolean;
  scale_code_digits: string;
  scale_value: 'weight' | 'price';
  scale_decimals: string;
  ean_prefix: string;
};
const storeForm = contractForm((values: Values) => ({ ...values, store_id: values.id }), StoreUpdateBody);
const digitOptions = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: String(from + i) }));

export function StoreSection({ store, isAdmin }: { store: Store; isAdmin: boolean }) {
  const form = useContractForm(storeForm, {
    id: store.id,
    store_name: store.store_name,
    location: store.location ?? '',
    allow_negative_stock: store.allow_negative_stock,
    shifts_required: store.shifts_required,
    scale_code_digits: String(store.scale_code_digits),
    scale_value: store.scale_value,
    scale_decimals: String(store.scale_decimals),
    ean_prefix: store.ean_prefix,
  });
  const layout = form.watch(['scale_code_digits', 'scale_value', 'scale_decimals']);
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
        <CheckboxField
          control={form.control}
          name="shifts_required"
          label={fields.shifts_required}
          disabled={!isAdmin}
          testId="shifts-required"
        />
        <IonNote className="ion-padding-horizontal">{settingsText.shiftsRequiredHint}</IonNote>
        {/* The scale's label layout (EAN-13, prefix 20–29): the POS reads weights or prices with it. */}
        <SelectField
          control={form.control}
          name="scale_code_digits"
          label={fields.scale_code_digits}
          disabled={!isAdmin}
          testId="scale-code-digits"
          options={digitOptions(4, 6)}
        />
        <SelectField
          control={form.control}
          name="scale_value"
          label={fields.scale_value}
          disabled={!isAdmin}
          testId="scale-value"
          options={[
            { value: 'weight', label: settingsText.scaleWeight },
            { value: 'price', label: settingsText.scalePrice },
          ]}
        />
        <SelectField
          control={form.control}
          name="scale_decimals"
          label={fields.scale_decimals}
          disabled={!isAdmin}
          testId="scale-decimals"
          options={digitOptions(0, 3)}
        />
        <IonNote className="ion-padding-horizontal" data-testid="scale-hint">
          {settingsText.scaleHint(Number(layout[0]), layout[1] === 'price', Number(layout[2]))}
        </IonNote>
        {/* The store's own barcodes (labels), kept out of the scales' 20–29: docs/labels.md. */}
        <CodeField control={form.control} name="ean_prefix" label={fields.ean_prefix} readonly={!isAdmin} />
        <IonNote className="ion-padding-horizontal">{settingsText.eanPrefixHint}</IonNote>
      </IonList>
      {isAdmin && (
        <IonButton type="submit" data-testid="save-store">
          {settingsText.save}
        </IonButton>
      )}
    </form>
  );
}
