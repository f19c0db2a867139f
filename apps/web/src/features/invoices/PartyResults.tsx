import type { PartyName } from '@mizan/contract';

const resultId = (listId: string, index: number) => `${listId}-${index}`;

/** The attributes the party field takes to own its suggestions (ARIA's combobox pattern). */
export function partyComboboxOf(listId: string, shown: readonly PartyName[], active: number) {
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': shown.length > 0,
    'aria-controls': listId,
    'aria-activedescendant': shown[active] ? resultId(listId, active) : undefined,
  } as const;
}

/**
 * The parties a typed name or code finds, under the field: a listbox whose active option follows ↓/↑ while the
 * field keeps the focus. A press picks without taking the focus from the field (its blur would close the list
 * first). `empty` is said when the term found no one.
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
    <div className="item-results party-results" id={listId} role="listbox" hidden={shown.length === 0}>
      {shown.map((party, index) => (
        <button
          type="button"
          role="option"
          id={resultId(listId, index)}
          aria-selected={index === active}
          tabIndex={-1}
          key={party.id}
          className={index === active ? 'active' : undefined}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(party);
          }}
        >
          <bdi>{party.sub_name}</bdi>
          <bdi className="num">{party.sub_code}</bdi>
        </button>
      ))}
    </div>
  );
}
