import '../../app/zodArabic.ts';
import { IonButton, IonList, IonNote } from '@ionic/react';
import { type Item, ItemInput } from '@mizan/contract';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../app/api.ts';
import { profitPercent } from '../../app/format.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { issuesByField } from '../../ui/formErrors.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { CategoryPicker } from './CategoryPicker.tsx';
import { emptyItemForm, formToBody, type ItemFormValues, itemToForm } from './itemFormValues.ts';
import { itemsText } from './itemsText.ts';
import { SellingPriceCalculator } from './SellingPriceCalculator.tsx';
import { useSaveItem } from './useItems.ts';

type Field = keyof ItemFormValues;
const textFields: Field[] = ['item_desc', 'aliasEn', 'part_no', 'item_parcode', 'brand', 'model', 'item_unit'];

/** Creates or edits an item. Prices must be above zero; the server checks again and its field errors show here. */
export function ItemForm({ storeId, item, onSaved }: { storeId: number; item?: Item; onSaved: (item: Item) => void }) {
  const [values, setValues] = useState<ItemFormValues>(item ? itemToForm(item) : emptyItemForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveItem(storeId);
  const notify = useNotify();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const field = (name: Field, extra: Record<string, unknown> = {}) => ({
    name,
    label: itemsText.fields[name as keyof typeof itemsText.fields],
    value: values[name],
    onChange: set(name),
    error: errors[name],
    ...extra,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = formToBody(values);
    const checked = ItemInput.safeParse(body);
    if (!checked.success) return setErrors(issuesByField(checked.error));
    setErrors({});
    save.mutate(item ? { ...body, id: item.id } : body, {
      onSuccess: ([saved]) => {
        notify.done(itemsText.saved);
        if (saved) onSaved(saved);
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify.failed(error);
      },
    });
  }

  const profit = values.perch_price && values.pay_price ? profitPercent(values.perch_price, values.pay_price) : '';
  return (
    <form onSubmit={submit} className="item-form" noValidate>
      <EnterSubmits />
      <IonList className="form-grid">
        <FormField {...field('item_name', { required: true, autofocus: true })} />
        {textFields.map((name) => (
          <FormField key={name} {...field(name)} />
        ))}
        <CategoryPicker storeId={storeId} value={values.category_id} onChange={set('category_id')} />
        <FormField {...field('min_qty', { inputmode: 'decimal' })} />
        <FormField {...field('tax', { inputmode: 'decimal' })} />
        {!item && <FormField {...field('firstQuantity', { inputmode: 'decimal' })} />}
        <FormField {...field('perch_price', { required: true, inputmode: 'decimal' })} />
        <FormField {...field('pay_price', { required: true, inputmode: 'decimal' })} />
      </IonList>
      <div className="price-tools">
        <IonButton
          size="small"
          fill="outline"
          onClick={() => set('pay_price')(values.perch_price)}
          disabled={!values.perch_price}
        >
          {itemsText.copyPerch}
        </IonButton>
        {profit && (
          <IonNote data-testid="profit">
            {itemsText.profit}: <bdi className="num">{profit} %</bdi>
          </IonNote>
        )}
      </div>
      <SellingPriceCalculator perchPrice={values.perch_price} onPrice={set('pay_price')} />
      <IonButton type="submit" expand="block" disabled={save.isPending} data-testid="save-item">
        {itemsText.save}
      </IonButton>
    </form>
  );
}
