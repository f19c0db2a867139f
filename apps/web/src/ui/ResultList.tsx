import type { ReactNode } from 'react';

const resultId = (listId: string, index: number) => `${listId}-${index}`;

/** The attributes a search field takes to own its results list (ARIA's combobox pattern). */
export function comboboxOf(listId: string, results: readonly unknown[], active: number) {
  return {
    role: 'combobox',
    'aria-expanded': results.length > 0,
    'aria-controls': listId,
    'aria-activedescendant': results[active] ? resultId(listId, active) : undefined,
  } as const;
}

/**
 * What a search found, under its field (items, parties): a listbox whose active option follows ↓/↑ while the field
 * keeps the focus and names the active option to a screen reader. A press picks a row without taking the focus from
 * the field, whose blur would close the list first (and a phone's tap moved it off what the pick focuses). Each row
 * is its name and its code; `details` draws what the form shows beside them.
 */
export function ResultList<T extends { id: number }>({
  listId,
  results,
  active,
  onPick,
  name,
  code,
  details,
  className = 'item-results',
}: {
  listId: string;
  results: readonly T[];
  active: number;
  onPick: (row: T) => void;
  name: (row: T) => ReactNode;
  code: (row: T) => ReactNode;
  details?: (row: T) => ReactNode;
  className?: string;
}) {
  return (
    <div className={className} id={listId} role="listbox" hidden={results.length === 0}>
      {results.map((row, index) => (
        <button
          type="button"
          role="option"
          id={resultId(listId, index)}
          aria-selected={index === active}
          tabIndex={-1}
          key={row.id}
          className={index === active ? 'active' : undefined}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(row);
          }}
        >
          <bdi>{name(row)}</bdi>
          <bdi className="num">{code(row)}</bdi>
          {details?.(row)}
        </button>
      ))}
    </div>
  );
}
