import type { ItemWithStock } from '@mizan/contract';
import type { ReactNode } from 'react';
import { ResultList } from '../../ui/ResultList.tsx';

export { comboboxOf } from '../../ui/ResultList.tsx';

/**
 * The items found for what is typed, under the search field (`ResultList`): name and code, and what the form shows
 * beside them (`details`).
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
    <ResultList
      listId={listId}
      results={results}
      active={active}
      onPick={onPick}
      name={(item) => item.item_name}
      code={(item) => item.part_no}
      details={details}
    />
  );
}
