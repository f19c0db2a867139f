import type { AccountPickerKind, SubAccount } from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { comboboxOf, ResultList } from '../../ui/ResultList.tsx';
import {
  choiceLabel as labelOf,
  namedExactly as namedBy,
  type TypedChoice,
  searchTermOf as termOf,
} from '../../ui/typedChoice.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { accountPickerText as text } from './accountsText.ts';
import { natureText } from './natureText.ts';
import { fetchAccountSearch, findKnownAccount, useAccountSearch } from './useAccountSearch.ts';
import { useAccountBalance } from './useAccounts.ts';

/**
 * Any account of the store (or of one kind: `only`), by name or code typed (a code in any digits): the server
 * suggests the accounts it finds 150 ms after the last key, at most 20, picked with ↓/↑ and Enter or a tap; the
 * chosen account's name and live balance show, though no search holds it (an opened voucher or journal, a link).
 * The voucher's account, the journal's rows and the statement's account are this field.
 */
export function AccountSearchField({
  storeId,
  label,
  value,
  onChange,
  only,
  name,
  testId,
  balanceTestId,
  required = false,
  error,
  typedAccount,
  onPendingChange,
  className = 'field',
}: {
  storeId: number;
  label: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  only?: AccountPickerKind | undefined;
  name?: string;
  testId?: string;
  balanceTestId?: string;
  required?: boolean;
  /** The field's error, already in words. */
  error?: ReactNode;
  /** Filled while a typed text names no account yet: the form's save awaits it (see `TypedChoice`). */
  typedAccount?: TypedChoice;
  /** Whether the field holds a text that names no account yet: a form may offer its save (the save finds it). */
  onPendingChange?: (pending: boolean) => void;
  className?: string;
}) {
  const client = useQueryClient();
  const inputId = useId();
  const listId = useId();
  // What is typed stays in the field while it names no account; an account chosen from outside shows its label.
  const [typed, setTyped] = useState<{ value: number | undefined; text: string }>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const moved = useRef(false);
  // Searched while the list is open, and after it closed while the text names no account yet (chosen when found).
  const term = typed && (open || typed.value === undefined) ? termOf(typed.text) : '';
  const debounced = useDebounced(term, 150);
  const search = useAccountSearch(storeId, debounced, only);
  const shownList = open && debounced !== '' ? (search.data ?? []) : [];
  const nothing = open && term !== '' && debounced === term && !search.isPlaceholderData && search.data?.length === 0;

  // The chosen account by its id: from a search that brought it, or its balance's read; the last one seen is kept
  // so its name stays while those are asked again (another year chosen, a save refreshed them).
  const balance = useAccountBalance(storeId, value).data;
  const seen = useRef<SubAccount>(undefined);
  const chosen =
    value === undefined
      ? undefined
      : ((balance?.id === value ? balance : undefined) ??
        findKnownAccount(client, storeId, (a) => a.id === value) ??
        (seen.current?.id === value ? seen.current : undefined));
  if (chosen) seen.current = chosen;
  const shown = typed && typed.value === value ? typed.text : chosen ? labelOf(chosen) : '';
  const matchOf = (entered: string) => findKnownAccount(client, storeId, namedBy(entered), only ?? 'any');

  // A name or code typed before its suggestions arrived (a fast hand, a slow network) is chosen when they do.
  const pending = typed && typed.value === undefined && value === undefined ? typed.text : undefined;
  const arrived = pending ? matchOf(pending)?.id : undefined;
  useEffect(() => {
    if (pending === undefined || arrived === undefined) return;
    setTyped({ value: arrived, text: pending });
    onChange(arrived);
  }, [pending, arrived, onChange]);

  const isPending = pending !== undefined && termOf(pending) !== '';
  useEffect(() => onPendingChange?.(isPending), [isPending, onPendingChange]);

  const latestText = useRef('');
  latestText.current = typed?.text ?? '';
  // A save pressed before that search answered asks now, and saves with the account the text names, if any.
  if (typedAccount) typedAccount.current = pending === undefined ? undefined : () => chooseTyped(pending);
  useEffect(
    () => () => {
      if (typedAccount) typedAccount.current = undefined;
    },
    [typedAccount],
  );
  async function chooseTyped(entered: string) {
    const found = (await fetchAccountSearch(client, storeId, termOf(entered), only)).find(namedBy(entered));
    if (!found || latestText.current !== entered) return undefined;
    seen.current = found;
    setTyped({ value: found.id, text: entered });
    onChange(found.id);
    return found.id;
  }
  function pick(account: SubAccount) {
    seen.current = account;
    setTyped({ value: account.id, text: labelOf(account) });
    setOpen(false);
    onChange(account.id);
  }
  async function enter(event: KeyboardEvent) {
    const highlighted = moved.current ? shownList[active] : undefined;
    if (highlighted) {
      event.preventDefault();
      return pick(highlighted);
    }
    // Enter on a chosen account is the form's (it submits).
    if (term === '' || (chosen && typed?.value === value)) return;
    event.preventDefault();
    const entered = latestText.current;
    const current = search.isPlaceholderData || debounced !== term ? undefined : search.data;
    const found = current ?? (await fetchAccountSearch(client, storeId, term, only));
    if (found[0] && latestText.current === entered) pick(found[0]);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moved.current = true;
      if (!open) {
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
    <div className={className}>
      <label htmlFor={inputId}>
        {label}
        {required && ' *'}
      </label>
      <div className="party-row account-row">
        <input
          id={inputId}
          className="plain-input account-input"
          name={name}
          data-testid={testId}
          data-account-id={value ?? ''}
          autoComplete="off"
          placeholder={text.placeholder}
          value={shown}
          {...comboboxOf(listId, shownList, active)}
          aria-autocomplete="list"
          onChange={(e) => {
            const entered = e.target.value;
            const match = matchOf(entered);
            setTyped({ value: match?.id, text: entered });
            setOpen(termOf(entered) !== '');
            setActive(0);
            moved.current = false;
            onChange(match?.id);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            if (chosen) setTyped(undefined);
          }}
        />
        {nothing ? (
          <div className="item-results party-results" id={listId} role="status">
            <small className="party-results-empty">{text.none}</small>
          </div>
        ) : (
          <ResultList
            listId={listId}
            results={shownList}
            active={active}
            onPick={pick}
            name={(a) => a.sub_name}
            code={(a) => a.sub_code}
            details={(a) => <small className="num">{formatDecimal(a.current_balance)}</small>}
            className="item-results party-results account-results"
          />
        )}
      </div>
      <small className="party-balance" data-testid={balanceTestId}>
        {chosen && (
          <>
            {text.balance}: <bdi className="num">{formatDecimal(chosen.current_balance)}</bdi>{' '}
            {natureText(chosen.balance_type)}
          </>
        )}
      </small>
      {error && <small className="field-error">{error}</small>}
    </div>
  );
}
