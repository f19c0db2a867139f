import type { ItemWithStock } from '@mizan/contract';
import type { ReactNode } from 'react';

/** The attributes an item search field takes to own its results list (ARIA's combobox pattern). */
export function comboboxOf(listId: string, results: readonly ItemWithStock[], active: number) {
  return {
    role: 'combobox',
    'aria-expanded': results.length > 0,
    'aria-controls': listId,
    'aria-activedescendant': results[active] ? resultId(listId, active) : undefined,
  } as const;
}

const resultId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The items found for what is typed, under the search field: a listbox whose active option follows ↓/↑ (the field
 * keeps the focus and names the active option to a screen reader). A press picks an item without taking the focus
 * from the field, whose blur would close the list first (and a phone's tap moved it off the quantity the pick
 * focuses). `details` draws what the form shows beside the name and code.
 */
export function ItemResults({
  listId,
  results,
  active,
  onPick,
  details,
}: {
  listId: string;
  results: readonly ItemWithStock[];
  active: number;
  onPick: (item: ItemWithStock) => void;
  details: (item: ItemWithStock) => ReactNode;
}) {
  return (
    <div className="item-results" id={listId} role="listbox" hidden={results.length === 0}>
      {results.map((item, index) => (
        <button
          type="button"
          role="option"
          id={resultId(listId, index)}
          aria-selected={index === active}
          tabIndex={-1}
          key={item.id}
          className={index === active ? 'active' : undefined}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(item);
          }}
        >
          <bdi>{item.item_name}</bdi>
          <bdi className="num">{item.part_no}</bdi>
          {details(item)}
        </button>
      ))}
    </div>
  );
}
