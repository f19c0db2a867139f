import type { AccountPickerKind } from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { comboboxOf, ResultList } from '../../ui/ResultList.tsx';
import { namedExactly as namedBy, type TypedChoice, searchTermOf as termOf } from '../../ui/typedChoice.ts';
import { useCombobox } from '../../ui/useCombobox.ts';
import { accountPickerText as text } from './accountsText.ts';
import { natureText } from './natureText.ts';
import { accountSearchQuery, fetchAccountSearch, findKnownAccount } from './useAccountSearch.ts';
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
  const balance = useAccountBalance(storeId, value).data;
  const combobox = useCombobox({
    value,
    onChange,
    typedChoice: typedAccount,
    searchQuery: (term) => accountSearchQuery(storeId, term, only),
    fetchSearch: (term) => fetchAccountSearch(client, storeId, term, only),
    // The chosen account by its id: its balance's read, or a search that brought it; the last one seen is kept so
    // its name stays while those are asked again (another year chosen, a save refreshed them).
    chosenOf: (lastSeen) =>
      (balance?.id === value ? balance : undefined) ??
      findKnownAccount(client, storeId, (a) => a.id === value) ??
      lastSeen,
    matchOf: (entered) => findKnownAccount(client, storeId, namedBy(entered), only ?? 'any'),
    namedBy,
  });
  const { chosen, pending } = combobox;
  const isPending = pending !== undefined && termOf(pending) !== '';
  useEffect(() => onPendingChange?.(isPending), [isPending, onPendingChange]);

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
          {...comboboxOf(listId, combobox.results, combobox.active)}
          aria-autocomplete="list"
          {...combobox.input}
        />
        {combobox.empty ? (
          <div className="item-results party-results" id={listId} role="status">
            <small className="party-results-empty">{text.none}</small>
          </div>
        ) : (
          <ResultList
            listId={listId}
            results={combobox.results}
            active={combobox.active}
            onPick={combobox.pick}
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
