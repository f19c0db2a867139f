import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { AccountModal } from '../accounts/AccountModal.tsx';
import { natureText } from '../accounts/accountsText.ts';
import { salesText } from './salesText.ts';
import { salesKeys, useParties } from './useSales.ts';

/**
 * The customer (or supplier) by name or code, typed with the keyboard; its balance shows once chosen. A party
 * that does not exist yet is added in the account modal without leaving the invoice, and is chosen at once.
 */
export function CustomerPicker({
  storeId,
  label: fieldLabel = salesText.customer,
  party,
  value,
  onChange,
}: {
  storeId: number;
  label?: string;
  /** Offers to add a new party of this kind (invoices); a filter (records) leaves it out. */
  party?: 'customer' | 'supplier' | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const parties = useParties(storeId);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  // Ionic keeps earlier screens in the page: ids of its own, so a label or a list never points into another one.
  const inputId = useId();
  const listId = useId();
  const chosen = parties.data?.find((p) => p.id === value);
  const label = (p: { sub_name: string; sub_code: string | null }) =>
    p.sub_code ? `${p.sub_name} — ${p.sub_code}` : p.sub_name;
  return (
    <div className="field">
      <label htmlFor={inputId}>{fieldLabel}</label>
      <div className="field-row">
        <input
          id={inputId}
          className="plain-input"
          list={listId}
          name="customer"
          placeholder={salesText.customerPlaceholder}
          defaultValue={chosen ? label(chosen) : ''}
          key={chosen?.id ?? 'none'}
          onChange={(e) => {
            const match = parties.data?.find((p) => label(p) === e.target.value || p.sub_name === e.target.value);
            onChange(match?.id);
          }}
        />
        {party && (
          <button
            type="button"
            className="plain-button outline"
            data-testid="new-party"
            title={party === 'supplier' ? salesText.newSupplier : salesText.newCustomer}
            onClick={() => setAdding(true)}
          >
            {party === 'supplier' ? salesText.newSupplier : salesText.newCustomer}
          </button>
        )}
      </div>
      <datalist id={listId}>
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
      {party && (
        <AccountModal
          storeId={storeId}
          open={adding}
          party={party}
          onClose={() => setAdding(false)}
          onSaved={async (account) => {
            await queryClient.invalidateQueries({ queryKey: salesKeys.parties(storeId) });
            onChange(account.id);
          }}
        />
      )}
    </div>
  );
}
