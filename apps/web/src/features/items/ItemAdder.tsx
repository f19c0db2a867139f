import { type ItemWithStock, routes } from '@mizan/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { call } from '../../app/api.ts';
import { CameraScan } from '../../ui/camera/CameraScan.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useItemSearch } from '../invoices/useSales.ts';
import { comboboxOf, ItemResults } from './ItemResults.tsx';
import { ItemSearchButton } from './ItemSearchButton.tsx';

/**
 * The search that adds items to a document's lines (a stock count, a transfer, its receipt): by name, code or
 * barcode, searched on the server as it is typed; Enter on an exact code or barcode (a scanner's) or a barcode the
 * camera read adds that item at once; the item search dialog beside it. The field is emptied after each item, so
 * the next scan lands in it. `onAdd` gets the item as the store holds it (its quantity on hand now).
 */
export function ItemAdder({
  storeId,
  onAdd,
  label,
  notFound,
  testId,
}: {
  storeId: number;
  onAdd: (item: ItemWithStock) => void;
  label: string;
  /** Said when Enter finds no item of what was typed. */
  notFound: string;
  testId: string;
}) {
  const notify = useNotify();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const debounced = useDebounced(term, 150);
  const search = useItemSearch(storeId, debounced);
  const results = debounced === term ? (search.data ?? []).slice(0, 8) : [];
  const add = (item: ItemWithStock) => {
    onAdd(item);
    setTerm('');
    setActive(0);
  };
  async function enter(code?: string) {
    const wanted = (code ?? term).trim();
    if (!wanted) return;
    // A scanner sends Enter right after the code, before the list has loaded: ask for it now.
    const list =
      results.length && code === undefined
        ? results
        : (await call(routes.items.searchStock, { query: { store_id: storeId, search: wanted } })).data;
    const item = list.find((i) => i.part_no === wanted || i.item_parcode === wanted) ?? list[active];
    if (item) add(item);
    else notify.refused(notFound);
  }
  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') void enter();
    else return;
    event.preventDefault();
  }
  return (
    <div className="field grow">
      <label htmlFor={`${listId}-input`}>{label}</label>
      <div className="field-row">
        <input
          id={`${listId}-input`}
          name="item_search"
          className="plain-input"
          autoComplete="off"
          data-testid={testId}
          {...comboboxOf(listId, results, active)}
          value={term}
          onChange={(e) => {
            setTerm(searchTerm(e.target.value));
            setActive(0);
          }}
          onKeyDown={onKey}
        />
        <CameraScan onCode={(code) => void enter(searchTerm(code))} />
        <ItemSearchButton storeId={storeId} onPick={add} />
      </div>
      <ItemResults
        listId={listId}
        results={results}
        active={active}
        onPick={add}
        details={(item) => <bdi className="num">{item.item_parcode}</bdi>}
      />
    </div>
  );
}
