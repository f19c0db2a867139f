import { formatDecimal } from '../../app/format.ts';
import { natureText } from '../accounts/accountsText.ts';
import { salesText } from './salesText.ts';
import { useParties } from './useSales.ts';

/** The customer (or any party) by name or code, typed with the keyboard; its balance shows once chosen. */
export function CustomerPicker({
  storeId,
  label: fieldLabel = salesText.customer,
  value,
  onChange,
}: {
  storeId: number;
  label?: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const parties = useParties(storeId);
  const chosen = parties.data?.find((p) => p.id === value);
  const label = (p: { sub_name: string; sub_code: string | null }) =>
    p.sub_code ? `${p.sub_name} — ${p.sub_code}` : p.sub_name;
  return (
    <label className="field">
      <span>{fieldLabel}</span>
      <input
        className="plain-input"
        list="parties"
        name="customer"
        placeholder={salesText.customerPlaceholder}
        defaultValue={chosen ? label(chosen) : ''}
        key={chosen?.id ?? 'none'}
        onChange={(e) => {
          const match = parties.data?.find((p) => label(p) === e.target.value || p.sub_name === e.target.value);
          onChange(match?.id);
        }}
      />
      <datalist id="parties">
        {parties.data?.map((p) => (
          <option key={p.id} value={label(p)} />
        ))}
      </datalist>
      {chosen && (
        <small className="party-balance" data-testid="party-balance">
          {salesText.balance}: <bdi className="num">{formatDecimal(chosen.current_balance)}</bdi>{' '}
          {natureText(chosen.balance_type)}
        </small>
      )}
    </label>
  );
}
