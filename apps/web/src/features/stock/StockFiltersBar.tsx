import { stockQuantityFilters } from '@mizan/contract';
import { IonSelect, IonSelectOption } from '../../ui/ionic.ts';
import { ItemFiltersBar } from '../items/ItemFiltersBar.tsx';
import { stockText } from './stockText.ts';
import type { StockFilters } from './useStock.ts';

/** The item list's search and filters, and the quantity filter (>0, =0, <0, below the item's minimum). */
export function StockFiltersBar({
  storeId,
  filters,
  onChange,
}: {
  storeId: number;
  filters: StockFilters;
  onChange: (filters: StockFilters) => void;
}) {
  return (
    <ItemFiltersBar storeId={storeId} filters={filters} onChange={(items) => onChange({ ...filters, ...items })}>
      <IonSelect
        aria-label={stockText.quantityFilter}
        interface="popover"
        value={filters.quantity_filter}
        data-testid="quantity-filter"
        onIonChange={(e) => onChange({ ...filters, quantity_filter: e.detail.value })}
      >
        {(['all', ...stockQuantityFilters] as const).map((key) => (
          <IonSelectOption key={key} value={key}>
            {stockText.quantityFilters[key]}
          </IonSelectOption>
        ))}
      </IonSelect>
    </ItemFiltersBar>
  );
}
