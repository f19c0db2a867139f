import { type Item, ItemInput } from '@mizan/contract';
import { useController } from 'react-hook-form';
import { formatDate, formatDecimal, formatPercent, profitPercent } from '../../app/format.ts';
import { may } from '../../app/permissions.ts';
import { EnterSubmits } from '../../ui/EnterSubmits.tsx';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { CodeField, MoneyField, QuantityField, TextField } from '../../ui/form/fields.tsx';
import { contractForm, showServerErrors, useContractForm } from '../../ui/form/useContractForm.ts';
import { IonButton, IonList } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';
import { emptyItemForm, formToBody, type ItemFormValues, itemToForm } from './itemFormValues.ts';
import { itemsText } from './itemsText.ts';
import { SellingPriceCalculator } from './SellingPriceCalculator.tsx';
import { StoresStock } from './StoresStock.tsx';
import { useItemCost, useSaveItem } from './useItems.ts';

const itemForm = contractForm(formToBody, ItemInput);
const label = (name: keyof ItemFormValues) => itemsText.fields[name as keyof typeof itemsText.fields];

/** Creates or edits an item. Prices must be above zero; the server checks again and its field errors show here. */
export function ItemForm({ storeId, item, onSaved }: { storeId: number; item?: Item; onSaved: (item: Item) => void }) {
  const form = useContractForm(itemForm, item ? itemToForm(item) : emptyItemForm);
  const { control } = form;
  const category = useController({ control, name: 'category_id' });
  const save = useSaveItem(storeId);
  const notify = useNotify();
  const bind = (name: keyof ItemFormValues) => ({ control, name, label: label(name) });

  const submit = form.handleSubmit((body) =>
    save.mutate(item ? { ...body, id: item.id } : body, {
      onSuccess: ([saved]) => {
        notify.done(itemsText.saved);
        if (saved) onSaved(saved);
      },
      onError: (error) => {
        showServerErrors(form, error);
        notify.failed(error);
      },
    }),
  );

  const [perchPrice, payPrice] = form.watch(['perch_price', 'pay_price']);
  const setPayPrice = (price: string) =>
    form.setValue('pay_price', price, { shouldValidate: form.formState.isSubmitted });
  const profit = perchPrice && payPrice ? profitPercent(perchPrice, payPrice) : '';
  // What purchases made of it (a saved item, a role that reads cost): its last purchase and its average cost.
  const { user } = useSession();
  const costs = useItemCost(storeId, item && may(user, 'readCost') ? item.id : undefined).data;
  const last = costs?.last_purchase ?? undefined;
  const average = costs?.avg_cost ?? undefined;
  const profitOn = (cost: string | undefined) => (cost && payPrice ? profitPercent(cost, payPrice) : '');
  return (
    <form onSubmit={submit} className="item-form" noValidate>
      <EnterSubmits />
      {item && <StoresStock storeId={storeId} itemId={item.id} />}
      <IonList className="form-grid">
        <TextField {...bind('item_name')} required autofocus />
        <TextField {...bind('item_desc')} />
        {/* The English name, the brand and the model read in their own direction; codes left to right. */}
        <TextField {...bind('aliasEn')} dir="auto" />
        <CodeField {...bind('part_no')} />
        <CodeField {...bind('item_parcode')} />
        <TextField {...bind('brand')} dir="auto" />
        <TextField {...bind('model')} dir="auto" />
        <TextField {...bind('item_unit')} />
        <CategoryPicker storeId={storeId} value={category.field.value} onChange={category.field.onChange} />
        <QuantityField {...bind('min_qty')} />
        <MoneyField {...bind('tax')} />
        {!item && <QuantityField {...bind('firstQuantity')} />}
        <MoneyField {...bind('perch_price')} required />
        <MoneyField {...bind('pay_price')} required />
      </IonList>
      {/* The profit and the calculator compute from what is typed: a failure there never loses the form. */}
      <ErrorBoundary resetKey={`${perchPrice}|${payPrice}`}>
        <div className="price-tools">
          <IonButton size="small" fill="outline" onClick={() => setPayPrice(perchPrice)} disabled={!perchPrice}>
            {itemsText.copyPerch}
          </IonButton>
          {/* A plain element: inside Ionic's note the number lost its isolation ("% 20.00-"). */}
          {profit && (
            <span className="profit-note" data-testid="profit">
              {itemsText.costs.profitOn.perch}: <bdi className="num">{formatPercent(profit)}</bdi>
            </span>
          )}
          {profitOn(last?.price) && (
            <span className="profit-note" data-testid="profit-last">
              {itemsText.costs.profitOn.last}: <bdi className="num">{formatPercent(profitOn(last?.price))}</bdi>
            </span>
          )}
          {profitOn(average) && (
            <span className="profit-note" data-testid="profit-avg">
              {itemsText.costs.profitOn.avg}: <bdi className="num">{formatPercent(profitOn(average))}</bdi>
            </span>
          )}
        </div>
        {costs && (
          <div className="item-costs" data-testid="item-costs">
            <span data-testid="last-purchase">
              {last ? (
                <>
                  {itemsText.costs.lastPurchase}: <bdi className="num">{formatDecimal(last.price)}</bdi>
                  {itemsText.costs.comma}
                  {itemsText.costs.invoice} <bdi className="num">{last.pay_ref}</bdi> {itemsText.costs.on}{' '}
                  <bdi className="num">{formatDate(last.date)}</bdi>
                </>
              ) : (
                itemsText.costs.noPurchase
              )}
            </span>
            <span data-testid="avg-cost">
              {itemsText.costs.avgCost}:{' '}
              {average ? <bdi className="num">{formatDecimal(average)}</bdi> : itemsText.costs.noStock}
            </span>
            {last && last.price !== perchPrice && (
              <IonButton
                size="small"
                fill="outline"
                data-testid="use-last-purchase"
                onClick={() => form.setValue('perch_price', last.price, { shouldDirty: true })}
              >
                {itemsText.costs.useLast}
              </IonButton>
            )}
          </div>
        )}
        <SellingPriceCalculator
          key={item?.id ?? 'new'}
          bases={[
            { key: 'perch', price: perchPrice },
            { key: 'last', price: last?.price ?? '' },
            { key: 'avg', price: average ?? '' },
          ]}
          onPrice={setPayPrice}
        />
      </ErrorBoundary>
      <IonButton type="submit" expand="block" disabled={save.isPending} data-testid="save-item">
        {itemsText.save}
      </IonButton>
    </form>
  );
}
