import { type PartyName, type PartySide, partySides } from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { refreshParties, refreshStore } from '../../app/queryClient.ts';
import { namedExactly, type TypedChoice } from '../../ui/typedChoice.ts';
import { useCombobox } from '../../ui/useCombobox.ts';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';
import { natureText } from '../accounts/natureText.ts';
import { PartyResults, partyComboboxOf } from './PartyResults.tsx';
import { salesText } from './salesText.ts';
import { fetchPartySearch, findKnownParty, partySearchQuery, usePartyBalance } from './useParties.ts';

// The account form (and the schema library it validates with) loads when a new customer is first added.
const AccountModal = lazy(() =>
  import('../accounts/AccountModal.tsx').then((module) => ({ default: module.AccountModal })),
);

/**
 * The customer (or supplier) by name or code, typed with the keyboard (a code in any digits: ١٠٢ is 102): the
 * server suggests the parties it finds as the user types (issue 19), picked with the arrows and Enter or a tap; its
 * balance shows once chosen. A party that does not exist yet is added in the account modal without leaving the
 * invoice, and is chosen at once. Forms bind it as `PartyField`.
 */
export function CustomerPicker({
  storeId,
  label: fieldLabel = salesText.partyAccount.customer,
  party,
  canAddParty = true,
  value,
  onChange,
  onChosen,
  typedParty,
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
  /** A party was chosen (picked, or its full label typed): the invoice moves the focus on to the item. */
  onChosen?: () => void;
  /** Filled while a typed text names no party yet: the form's save awaits it (see `TypedChoice`). */
  typedParty?: TypedChoice;
}) {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const accountModalMounted = useOpenedOnce(adding);
  // Ids of its own, never fixed ones: a label or a list must not point into another picker of the page.
  const inputId = useId();
  const listId = useId();
  const accountClass = only && partySides[only].accountClass;
  const balance = usePartyBalance(storeId, value).data;
  // The party a text names exactly: its label, its name, or its code in any digits (never the first suggestion).
  const namedBy = (text: string) => {
    const named = namedExactly(text);
    return (p: PartyName) => (accountClass === undefined || p.ac_id === accountClass) && named(p);
  };
  const combobox = useCombobox({
    value,
    onChange,
    onChosen,
    typedChoice: typedParty,
    searchQuery: (term) => partySearchQuery(storeId, term, only),
    fetchSearch: (term) => fetchPartySearch(client, storeId, term, only),
    // The chosen party by its id, from any read that named it (a search, the walk-in customer, the device's list),
    // or its balance's read: it shows though the suggestions on show no longer hold it. The last one seen is kept,
    // so its name stays in the field while those reads are asked again (an account added, another year chosen): a
    // field that went blank and was filled again under a cashier's keys ran the name typed on after the one drawn
    // back.
    chosenOf: (lastSeen) =>
      findKnownParty(client, storeId, (p) => p.id === value) ??
      lastSeen ??
      (balance?.id === value ? balance : undefined),
    matchOf: (text) => findKnownParty(client, storeId, namedBy(text)),
    namedBy,
  });

  return (
    <div className="field">
      <label htmlFor={inputId}>
        {fieldLabel}
        {shortcut && <kbd>{shortcut}</kbd>}
      </label>
      <div className="field-row party-row">
        <input
          id={inputId}
          className="plain-input"
          name="customer"
          autoComplete="off"
          placeholder={salesText.customerPlaceholder}
          data-party-id={value ?? ''}
          {...partyComboboxOf(listId, combobox.results, combobox.active)}
          {...combobox.input}
        />
        <PartyResults
          listId={listId}
          shown={combobox.results}
          active={combobox.active}
          empty={combobox.empty ? salesText.noParty : undefined}
          onPick={combobox.pick}
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
      {value !== undefined && balance?.id === value ? (
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
              // Chosen at once by what the save answered; the searches and the kept list are asked again.
              combobox.adopt(account);
              await Promise.all([refreshStore(storeId), refreshParties(storeId)]);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
