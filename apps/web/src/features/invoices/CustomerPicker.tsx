import { type PartySide, partySides, toWesternDigits } from '@mizan/contract';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { refreshParties, refreshStore } from '../../app/queryClient.ts';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';
import { natureText } from '../accounts/natureText.ts';
import { salesText } from './salesText.ts';
import { useParties, usePartyBalance } from './useSales.ts';

// The account form (and the schema library it validates with) loads when a new customer is first added.
const AccountModal = lazy(() =>
  import('../accounts/AccountModal.tsx').then((module) => ({ default: module.AccountModal })),
);

/**
 * The customer (or supplier) by name or code, typed with the keyboard (a code in any digits: ١٠٢ is 102) or picked
 * from the list with the arrows and Enter; its balance shows once chosen. A party that does not exist yet is added
 * in the account modal without leaving the invoice, and is chosen at once. Forms bind it as `PartyField`.
 */
export function CustomerPicker({
  storeId,
  label: fieldLabel = salesText.partyAccount.customer,
  party,
  canAddParty = true,
  value,
  onChange,
  onChosen,
  shortcut,
  only,
}: {
  /** Offers only parties of this side (a purchase lists suppliers, a sale customers); absent lists both. */
  only?: PartySide | undefined;
  storeId: number;
  /** The key that brings the focus here from anywhere on the screen, shown beside the label. */
  shortcut?: string;
  label?: string;
  /** Offers to add a new party of this kind (invoices); a filter (records) leaves it out. */
  party?: 'customer' | 'supplier' | undefined;
  /** Whether the new-party button is offered: a party is an account, which the user's role may not create. */
  canAddParty?: boolean;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** A party was chosen from the list (its full label): the invoice moves the focus on to the item. */
  onChosen?: () => void;
}) {
  const all = useParties(storeId);
  const parties = {
    data: only ? all.data?.filter((p) => p.ac_id === partySides[only].accountClass) : all.data,
  };
  const [adding, setAdding] = useState(false);
  const accountModalMounted = useOpenedOnce(adding);
  // Ids of its own, never fixed ones: a label or a list must not point into another picker of the page.
  const inputId = useId();
  const listId = useId();
  const chosen = parties.data?.find((p) => p.id === value);
  // Its balance is read alone, in the year shown (the list holds names only: every party's balance was 2 s of work).
  const balance = usePartyBalance(storeId, chosen?.id).data;
  const label = (p: { sub_name: string; sub_code: string | null }) =>
    p.sub_code ? `${p.sub_name} — ${p.sub_code}` : p.sub_name;
  // The chosen party's name stays in the field while the list is fetched again (an account added or changed); only
  // its balance waits for its own read (another year chosen in the menu). A field that went blank and was filled again under a cashier's keys ran
  // the name typed on after the one drawn back (the walk-in customer's name twice, and no party chosen).
  const lastChosen = useRef<{ id: number; label: string }>(undefined);
  if (chosen) lastChosen.current = { id: chosen.id, label: label(chosen) };
  const kept = parties.data === undefined ? lastChosen.current : undefined;
  const chosenLabel = chosen ? label(chosen) : kept && kept.id === value ? kept.label : '';
  // What is typed stays in the field while it names no party (Backspace in a chosen one keeps the text and the
  // focus); a party chosen from outside (a new invoice, an opened one) shows its label.
  const [typed, setTyped] = useState<{ value: number | undefined; text: string }>();
  const shown = typed && typed.value === value ? typed.text : chosenLabel;
  const matchOf = (text: string) =>
    parties.data?.find((p) => label(p) === text || p.sub_name === text || p.sub_code === toWesternDigits(text));
  // A name typed before the list arrived (a fast cashier, a year just switched) is chosen when it arrives.
  const pending = typed && typed.value === undefined && value === undefined ? typed.text : undefined;
  const arrived = pending ? matchOf(pending)?.id : undefined;
  useEffect(() => {
    if (pending === undefined || arrived === undefined) return;
    setTyped({ value: arrived, text: pending });
    onChange(arrived);
  }, [pending, arrived, onChange]);
  return (
    <div className="field">
      <label htmlFor={inputId}>
        {fieldLabel}
        {shortcut && <kbd>{shortcut}</kbd>}
      </label>
      <div className="field-row">
        <input
          id={inputId}
          className="plain-input"
          list={listId}
          name="customer"
          placeholder={salesText.customerPlaceholder}
          value={shown}
          onChange={(e) => {
            const text = e.target.value;
            const match = matchOf(text);
            setTyped({ value: match?.id, text });
            onChange(match?.id);
            if (match && label(match) === text && text !== shown) onChosen?.();
          }}
          // Enter on a chosen party (by its code: "177") goes on to the item, as choosing it from the list does.
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !chosen || !onChosen) return;
            e.preventDefault();
            onChosen();
          }}
          // A party chosen by its code or name shows its full label once the field is left.
          onBlur={() => chosen && setTyped(undefined)}
        />
        {party && canAddParty && (
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
      {chosen && balance?.id === chosen.id ? (
        <small className="party-balance" data-testid="party-balance">
          {salesText.balance}: <bdi className="num">{formatDecimal(balance.current_balance)}</bdi>{' '}
          {natureText(balance.balance_type)}
        </small>
      ) : (
        // On an invoice the balance's line is kept while no party is chosen yet (the walk-in customer arrives a
        // moment after the screen) or its balance is on its way: the fields below do not jump under a cashier's keys.
        party && <small className="party-balance" aria-hidden="true" />
      )}
      {party && accountModalMounted && (
        <Suspense fallback={null}>
          <AccountModal
            storeId={storeId}
            open={adding}
            party={party}
            onClose={() => setAdding(false)}
            onSaved={async (account) => {
              await Promise.all([refreshStore(storeId), refreshParties(storeId)]);
              onChange(account.id);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
