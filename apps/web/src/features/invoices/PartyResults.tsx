import type { PartyName } from '@mizan/contract';
import { comboboxOf, ResultList } from '../../ui/ResultList.tsx';

/** The attributes the party field takes to own its suggestions (ARIA's combobox pattern). */
export function partyComboboxOf(listId: string, shown: readonly PartyName[], active: number) {
  return { ...comboboxOf(listId, shown, active), 'aria-autocomplete': 'list' } as const;
}

/**
 * The parties a typed name or code finds, under the field (`ResultList`). `empty` is said when the term found no one.
 */
export function PartyResults({
  listId,
  shown,
  active,
  empty,
  onPick,
}: {
  listId: string;
  shown: readonly PartyName[];
  active: number;
  empty: string | undefined;
  onPick: (party: PartyName) => void;
}) {
  if (empty)
    return (
      <div className="item-results party-results" id={listId} role="status">
        <small className="party-results-empty">{empty}</small>
      </div>
    );
  return (
    <ResultList
      listId={listId}
      results={shown}
      active={active}
      onPick={onPick}
      name={(party) => party.sub_name}
      code={(party) => party.sub_code}
      className="item-results party-results"
    />
  );
}
