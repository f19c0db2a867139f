import { IonButton, IonSearchbar, IonSelect, IonSelectOption, IonToggle } from '../../ui/ionic.ts';
import { searchTerm } from '../../ui/searchTerm.ts';
import { accountsText } from './accountsText.ts';
import { type AccountFilters, noFilters, useAccountCategories } from './useAccounts.ts';

export function AccountFiltersBar({
  storeId,
  filters,
  onChange,
}: {
  storeId: number;
  filters: AccountFilters;
  onChange: (f: AccountFilters) => void;
}) {
  const categories = useAccountCategories(storeId);
  const set = <K extends keyof AccountFilters>(key: K, value: AccountFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <>
      <div className="toolbar-row">
        <IonSearchbar
          placeholder={accountsText.search}
          value={filters.search}
          debounce={300}
          onIonInput={(e) => set('search', searchTerm(e.detail.value ?? ''))}
          data-testid="account-search"
        />
      </div>
      <div className="toolbar-row">
        <IonSelect
          aria-label={accountsText.category}
          interface="popover"
          value={filters.cat_id}
          onIonChange={(e) => set('cat_id', String(e.detail.value))}
        >
          <IonSelectOption value="all">{accountsText.allCategories}</IonSelectOption>
          {categories.data?.map((c) => (
            <IonSelectOption key={c.id} value={String(c.id)}>
              {c.cat_name}
            </IonSelectOption>
          ))}
        </IonSelect>
        <IonSelect
          label={accountsText.nature}
          interface="popover"
          value={filters.sub_type}
          onIonChange={(e) => set('sub_type', String(e.detail.value ?? ''))}
        >
          <IonSelectOption value="">{accountsText.any}</IonSelectOption>
          <IonSelectOption value="debit">{accountsText.debit}</IonSelectOption>
          <IonSelectOption value="credit">{accountsText.credit}</IonSelectOption>
        </IonSelect>
        <IonSelect
          label={accountsText.balanceSide}
          interface="popover"
          value={filters.balance_type}
          onIonChange={(e) => set('balance_type', String(e.detail.value ?? ''))}
        >
          <IonSelectOption value="">{accountsText.any}</IonSelectOption>
          <IonSelectOption value="debit">{accountsText.debit}</IonSelectOption>
          <IonSelectOption value="credit">{accountsText.credit}</IonSelectOption>
        </IonSelect>
        <IonToggle checked={filters.has_balance} onIonChange={(e) => set('has_balance', e.detail.checked)}>
          {accountsText.hasBalance}
        </IonToggle>
        <IonButton fill="clear" size="small" onClick={() => onChange(noFilters)}>
          {accountsText.clear}
        </IonButton>
      </div>
    </>
  );
}
