import '../../app/zodArabic.ts';
import { type Item, ItemInput } from '@mizan/contract';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../app/api.ts';
import { formatPercent, profitPercent } from '../../app/format.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { issuesByField } from '../../ui/formErrors.ts';
import { IonButton, IonList } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { CategoryPicker } from './CategoryPicker.tsx';
import { emptyItemForm, formToBody, type ItemFormValues, itemToForm } from './itemFormValues.ts';
import { itemsText } from './itemsText.ts';
import { SellingPriceCalculator } from './SellingPriceCalculator.tsx';
import { useSaveItem } from './useItems.ts';

type Field = keyof ItemFormValues;
const textFields: Field[] = ['item_desc', 'aliasEn', 'part_no', 'item_parcode', 'brand', 'model', 'item_unit'];
/** Codes are typed left to right with Western digits; the English name reads left to right. */
const fieldLook: Partial<Record<Field, Record<string, unknown>>> = {
  part_no: { digits: 'code' },
  item_parcode: { digits: 'code' },
  aliasEn: { dir: 'auto' },
  brand: { dir: 'auto' },
  model: { dir: 'auto' },
};

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
          <FormField key={name} {...field(name, fieldLook[name])} />
        ))}
        <CategoryPicker storeId={storeId} value={values.category_id} onChange={set('category_id')} />
        <FormField {...field('min_qty', { digits: 'number' })} />
        <FormField {...field('tax', { digits: 'number' })} />
        {!item && <FormField {...field('firstQuantity', { digits: 'number' })} />}
        <FormField {...field('perch_price', { required: true, digits: 'number' })} />
        <FormField {...field('pay_price', { required: true, digits: 'number' })} />
      </IonList>
      {/* The profit and the calculator compute from what is typed: a failure there never loses the form. */}
      <ErrorBoundary resetKey={values}>
        <div className="price-tools">
          <IonButton
            size="small"
            fill="outline"
            onClick={() => set('pay_price')(values.perch_price)}
            disabled={!values.perch_price}
          >
            {itemsText.copyPerch}
          </IonButton>
          {/* A plain element: inside Ionic's note the number lost its isolation ("% 20.00-"). */}
          {profit && (
            <span className="profit-note" data-testid="profit">
              {itemsText.profit}: <bdi className="num">{formatPercent(profit)}</bdi>
            </span>
          )}
        </div>
        <SellingPriceCalculator perchPrice={values.perch_price} onPrice={set('pay_price')} />
      </ErrorBoundary>
      <IonButton type="submit" expand="block" disabled={save.isPending} data-testid="save-item">
        {itemsText.save}
      </IonButton>
    </form>
  );
}
