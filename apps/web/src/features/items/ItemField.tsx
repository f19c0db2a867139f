import { type ItemWithStock, routes } from '@mizan/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { call } from '../../app/api.ts';
import { CameraScan } from '../../ui/camera/CameraScan.tsx';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { searchTerm } from '../../ui/searchTerm.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useItemSearch } from '../invoices/useSales.ts';
import { comboboxOf, ItemResults } from './ItemResults.tsx';
import { useItemWithStock } from './useItems.ts';

const itemLabel = (item: ItemWithStock) => (item.part_no ? `${item.item_name} — ${item.part_no}` : item.item_name);

/**
 * The item kind of the form layer: one item (its id) chosen by name, code or barcode, searched on the server as it
 * is typed (a code in any digits: ٦٢٩ finds 629). ↓/↑ and Enter pick from the list, and Enter on an exact code or
 * barcode (a scanner's) picks that item at once. The chosen item shows by name and code, the field's error in words
 * under it. The invoices add lines with their own entry (`ItemEntry`); this is for a form that names one item.
 */
export function ItemField<Values extends FieldValues>({
  control,
  name,
  label,
  storeId,
}: {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  label: string;
  storeId: number;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value as number | undefined;
  // What is typed shows while no item is chosen; a chosen one (picked here, or set by the form) shows its label.
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<ItemWithStock>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputId = useId();
  const listId = useId();
  const debounced = useDebounced(typed, 150);
  const search = useItemSearch(storeId, debounced);
  const read = useItemWithStock(storeId, value !== undefined && picked?.id !== value ? value : undefined);
  const chosen = value === undefined ? undefined : picked?.id === value ? picked : (read.data ?? undefined);
  // Only results of what is typed now: a list of an earlier term must never be picked by a fast Enter.
  const results = open && value === undefined && debounced === typed ? (search.data ?? []).slice(0, 8) : [];

  const pick = (item: ItemWithStock) => {
    setPicked(item);
    setTyped('');
    setOpen(false);
    field.onChange(item.id);
  };
  async function enter(code?: string) {
    const wanted = (code ?? typed).trim();
    if (!wanted) return;
    // A scanner sends Enter right after the code, before the list has loaded: ask for it now.
    const list =
      results.length && code === undefined
        ? results
        : (await call(routes.items.searchStock, { query: { store_id: storeId, search: wanted } })).data;
    const item = list.find((i) => i.part_no === wanted || i.item_parcode === wanted) ?? list[active];
    if (item) pick(item);
  }
  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    // Enter on a chosen item moves on (the form's own Enter); while typing, it picks.
    else if (event.key === 'Enter' && value === undefined) void enter();
    else return;
    event.preventDefault();
  }

  const error = fieldState.error && wordFieldError(value === undefined ? 'REQUIRED' : fieldState.error.message, label);
  return (
    <div className="field grow">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        className="plain-input"
        name={name}
        ref={field.ref}
        autoComplete="off"
        {...comboboxOf(listId, results, active)}
        aria-invalid={error ? true : undefined}
        value={chosen ? itemLabel(chosen) : value === undefined ? typed : ''}
        onChange={(e) => {
          // Codes and barcodes are Western digits: one typed in Arabic-Indic digits finds them too.
          setTyped(searchTerm(e.target.value));
          setOpen(true);
          setActive(0);
          if (value !== undefined) field.onChange(undefined);
        }}
        onKeyDown={onKey}
        onBlur={() => {
          setOpen(false);
          field.onBlur();
        }}
      />
      {/* A barcode read by the camera picks its item as a scanner's does (a count, an opening quantity). */}
      <CameraScan
        onCode={(code) => {
          setTyped(searchTerm(code));
          if (value !== undefined) field.onChange(undefined);
          void enter(searchTerm(code));
        }}
      />
      <ItemResults
        listId={listId}
        results={results}
        active={active}
        onPick={pick}
        details={(item) => <bdi className="num">{item.item_parcode}</bdi>}
      />
      {error && (
        <small className="field-error" data-field-error={name}>
          {error}
        </small>
      )}
    </div>
  );
}
