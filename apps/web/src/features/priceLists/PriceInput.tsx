import { compareDecimals, normalizeNumberInput, type PriceListPrice } from '@mizan/contract';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useNotify } from '../../ui/useNotify.ts';
import { priceListsText as text } from './priceListsText.ts';
import { useSetPrices } from './usePriceLists.ts';

/** Moves the focus to the next price field of the table (or the previous one), keyboard first. */
function focusSibling(from: HTMLInputElement, step: 1 | -1) {
  const fields = [...(from.closest('table')?.querySelectorAll<HTMLInputElement>('input[data-list-price]') ?? [])];
  fields[fields.indexOf(from) + step]?.select();
}

/**
 * A list's price of one item, typed in place: Enter (or leaving the field) saves it and Enter goes on to the next
 * item; an empty field takes the item off the list (it sells at its own price); Escape gives back what was saved.
 */
export function PriceInput({
  storeId,
  listId,
  row,
  disabled,
}: {
  storeId: number;
  listId: number;
  row: PriceListPrice;
  disabled: boolean;
}) {
  const notify = useNotify();
  const setPrices = useSetPrices(storeId);
  const [saved, setSaved] = useState(row.price ?? '');
  const [value, setValue] = useState(saved);
  useEffect(() => {
    setSaved(row.price ?? '');
    setValue(row.price ?? '');
  }, [row.price]);
  const changed = value.trim() === '' ? saved !== '' : compareDecimals(value, saved || '-1') !== 0;

  function save() {
    if (!changed || setPrices.isPending) return;
    const price = value.trim() === '' ? null : value.trim();
    setPrices.mutate(
      { price_list_id: listId, prices: [{ item_id: row.item_id, price }] },
      {
        onSuccess: () => {
          setSaved(price ?? '');
          notify.done(price === null ? text.removed(row.item_name) : text.saved(row.item_name));
        },
        onError: notify.failed,
      },
    );
  }
  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (event.key === 'Enter') save();
      focusSibling(event.currentTarget, event.key === 'ArrowUp' ? -1 : 1);
    } else if (event.key === 'Escape') setValue(saved);
  }
  return (
    <input
      className={`plain-input list-price${changed ? ' unsaved' : ''}`}
      data-list-price={row.item_id}
      aria-label={`${text.listPrice}: ${row.item_name}`}
      inputMode="decimal"
      dir="ltr"
      placeholder={row.pay_price}
      disabled={disabled}
      value={value}
      onFocus={(e) => e.target.select()}
      onChange={(e) => setValue(normalizeNumberInput(e.target.value))}
      onBlur={save}
      onKeyDown={onKey}
    />
  );
}
