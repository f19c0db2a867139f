import { type PartyName, type PartySide, partySides } from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { refreshParties, refreshStore } from '../../app/queryClient.ts';
import { choiceLabel as label, namedExactly, type TypedChoice, searchTermOf as termOf } from '../../ui/typedChoice.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';
import { natureText } from '../accounts/natureText.ts';
import { PartyResults, partyComboboxOf } from './PartyResults.tsx';
import { salesText } from './salesText.ts';
import { fetchPartySearch, findKnownParty, usePartyBalance, usePartySearch } from './useParties.ts';

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
  // What is typed stays in the field while it names no party (Backspace in a chosen one keeps the text and the
  // focus); a party chosen from outside (a new invoice, an opened one) shows its label.
  const [typed, setTyped] = useState<{ value: number | undefined; text: string }>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Enter picks the first suggestion, or the one the arrows moved to.
  const moved = useRef(false);
  // Searched while the list is open, and after it closed while the text names no party yet (typed whole and left
  // before its suggestions came: chosen when they do).
  const term = typed && (open || typed.value === undefined) ? termOf(typed.text) : '';
  const debounced = useDebounced(term, 150);
  const search = usePartySearch(storeId, debounced, only);
  const shownList = open && debounced !== '' ? (search.data ?? []) : [];
  const empty =
    open && term !== '' && debounced === term && !search.isPlaceholderData && search.data?.length === 0
      ? salesText.noParty
      : undefined;

  // The chosen party by its id, from any read that named it (a search, the walk-in customer, the device's list), or
  // its balance's read: it shows though the suggestions on show no longer hold it. The last one seen is kept, so
  // its name stays in the field while those reads are asked again (an account added, another year chosen): a field
  // that went blank and was filled again under a cashier's keys ran the name typed on after the one drawn back.
  const balance = usePartyBalance(storeId, value).data;
  const seen = useRef<PartyName>(undefined);
  const chosen =
    value === undefined
      ? undefined
      : (findKnownParty(client, storeId, (p) => p.id === value) ??
        (seen.current?.id === value ? seen.current : undefined) ??
        (balance?.id === value ? balance : undefined));
  if (chosen) seen.current = chosen;
  const shown = typed && typed.value === value ? typed.text : chosen ? label(chosen) : '';
  // The party a text names exactly: its label, its name, or its code in any digits (never the first suggestion).
  const namedBy = (text: string) => {
    const named = namedExactly(text);
    return (p: PartyName) => (accountClass === undefined || p.ac_id === accountClass) && named(p);
  };
  const matchOf = (text: string) => findKnownParty(client, storeId, namedBy(text));
  // A name or code typed before its suggestions arrived (a fast cashier, a slow network) is chosen when they do.
  const pending = typed && typed.value === undefined && value === undefined ? typed.text : undefined;
  const arrived = pending ? matchOf(pending)?.id : undefined;
  useEffect(() => {
    if (pending === undefined || arrived === undefined) return;
    setTyped({ value: arrived, text: pending });
    onChange(arrived);
  }, [pending, arrived, onChange]);

  const latestText = useRef('');
  latestText.current = typed?.text ?? '';
  // A save pressed before that search answered asks now, and saves with the party the text names, if any.
  if (typedParty) typedParty.current = pending === undefined ? undefined : () => chooseTyped(pending);
  // A picker taken off the screen (the POS's credit switched to cash) names no party to its form's save.
  useEffect(
    () => () => {
      if (typedParty) typedParty.current = undefined;
    },
    [typedParty],
  );
  async function chooseTyped(text: string) {
    const found = (await fetchPartySearch(client, storeId, termOf(text), only)).find(namedBy(text));
    if (!found || latestText.current !== text) return undefined;
    seen.current = found;
    setTyped({ value: found.id, text });
    onChange(found.id);
    return found.id;
  }
  function pick(p: PartyName) {
    seen.current = p;
    setTyped({ value: p.id, text: label(p) });
    setOpen(false);
    onChange(p.id);
    onChosen?.();
  }
  async function enter(event: KeyboardEvent) {
    // The suggestion the arrows moved to is the one the user saw highlighted, whatever term it was found for.
    const highlighted = moved.current ? shownList[active] : undefined;
    if (highlighted) {
      event.preventDefault();
      return pick(highlighted);
    }
    const current = search.isPlaceholderData || debounced !== term ? undefined : search.data;
    // Enter on a chosen party (by its code: "177") goes on to the item; a form without that submits.
    if (chosen && (typed === undefined || typed.value === value)) {
      if (!onChosen) return;
      event.preventDefault();
      setOpen(false);
      return onChosen();
    }
    if (term === '') return;
    event.preventDefault();
    // Before the suggestions came: asked now, and the first is chosen unless the text changed meanwhile.
    const text = latestText.current;
    const found = current ?? (await fetchPartySearch(client, storeId, term, only));
    if (found[0] && latestText.current === text) pick(found[0]);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moved.current = true;
      if (!open) {
        // The list opens again on what the field shows (a chosen party's name).
        if (termOf(shown) === '') return;
        setTyped({ value, text: shown });
        return setOpen(true);
      }
      const last = Math.max(shownList.length - 1, 0);
      setActive((i) => (event.key === 'ArrowDown' ? Math.min(i + 1, last) : Math.max(i - 1, 0)));
    } else if (event.key === 'Escape' && open) {
      // Closes the suggestions only: a dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Enter') void enter(event);
  }

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
          value={shown}
          data-party-id={value ?? ''}
          {...partyComboboxOf(listId, shownList, active)}
          onChange={(e) => {
            const text = e.target.value;
            const match = matchOf(text);
            setTyped({ value: match?.id, text });
            setOpen(termOf(text) !== '');
            setActive(0);
            moved.current = false;
            onChange(match?.id);
            if (match && label(match) === text && text !== shown) onChosen?.();
          }}
          onKeyDown={onKeyDown}
          // A party chosen by its code or name shows its full label once the field is left.
          onBlur={() => {
            setOpen(false);
            if (chosen) setTyped(undefined);
          }}
        />
        <PartyResults listId={listId} shown={shownList} active={active} empty={empty} onPick={pick} />
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
              seen.current = account;
              setTyped(undefined);
              onChange(account.id);
              await Promise.all([refreshStore(storeId), refreshParties(storeId)]);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
