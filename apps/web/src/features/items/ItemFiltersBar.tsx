import type { ReactNode } from 'react';
import { CameraScan } from '../../ui/camera/CameraScan.tsx';
import { IonSearchbar, IonSelect, IonSelectOption } from '../../ui/ionic.ts';
import { searchTerm } from '../../ui/searchTerm.ts';
import { itemsText } from './itemsText.ts';
import { type ItemFilters, useBrands, useCategories, useModels } from './useItems.ts';

/**
 * Search (sent trimmed once typing pauses) and the category, brand and model filters of the item list; `children`
 * are a screen's own filters in the same row (item-stock's quantity).
 */
export function ItemFiltersBar({
  storeId,
  filters,
  onChange,
  children,
}: {
  storeId: number;
  filters: ItemFilters;
  onChange: (filters: ItemFilters) => void;
  children?: ReactNode;
}) {
  const categories = useCategories(storeId);
  const brands = useBrands(storeId);
  const models = useModels(storeId, filters.brand);
  const set = (key: keyof ItemFilters) => (value: unknown) => onChange({ ...filters, [key]: String(value ?? '') });

  return (
    <div className="toolbar-row">
      <IonSearchbar
        placeholder={itemsText.search}
        value={filters.search}
        debounce={300}
        onIonInput={(e) => set('search')(searchTerm(e.detail.value ?? ''))}
        data-testid="item-search"
      />
      {/* A barcode read by the camera searches as if typed. */}
      <CameraScan onCode={(code) => set('search')(searchTerm(code))} />
      <IonSelect
        aria-label={itemsText.category}
        interface="popover"
        value={filters.category_id}
        onIonChange={(e) => set('category_id')(e.detail.value)}
      >
        <IonSelectOption value="all">{itemsText.allCategories}</IonSelectOption>
        {categories.data?.map((c) => (
          <IonSelectOption key={c.id} value={String(c.id)}>
            {c.category_name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonSelect
        aria-label={itemsText.brand}
        interface="popover"
        value={filters.brand}
        onIonChange={(e) => onChange({ ...filters, brand: String(e.detail.value ?? ''), model: '' })}
      >
        <IonSelectOption value="">{itemsText.allBrands}</IonSelectOption>
        {brands.data?.map(({ brand }) => (
          <IonSelectOption key={brand} value={brand}>
            {brand}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonSelect
        aria-label={itemsText.model}
        interface="popover"
        value={filters.model}
        onIonChange={(e) => set('model')(e.detail.value)}
      >
        <IonSelectOption value="">{itemsText.allModels}</IonSelectOption>
        {models.data?.map(({ model }) => (
          <IonSelectOption key={model} value={model}>
            {model}
          </IonSelectOption>
        ))}
      </IonSelect>
      {children}
    </div>
  );
}
