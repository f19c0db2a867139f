import { stockQuantityFilters } from '@mizan/contract';
import { DateField } from '../../ui/DateField.tsx';
import { IonSelect, IonSelectOption } from '../../ui/ionic.ts';
import { ItemFiltersBar } from '../items/ItemFiltersBar.tsx';
import { stockText } from './stockText.ts';
import type { StockFilters } from './useStock.ts';

/**
 * The item list's search and filters, the quantity filter (>0, =0, <0, below the item's minimum) and the day the
 * stock is read at (empty: now; a past day values it at cost as it stood that evening).
 */
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
      <DateField
        label={stockText.asOf}
        name="as_of"
        value={filters.as_of}
        onChange={(as_of) => onChange({ ...filters, as_of })}
      />
    </ItemFiltersBar>
  );
}
