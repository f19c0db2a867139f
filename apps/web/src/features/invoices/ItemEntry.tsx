import { compareDecimals, normalizeNumberInput, routes, sameBarcode } from '@mizan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { call } from '../../app/api.ts';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { CameraScan } from '../../ui/camera/CameraScan.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';
import { comboboxOf, ItemResults } from '../items/ItemResults.tsx';
import { ItemSearchButton } from '../items/ItemSearchButton.tsx';
import type { DraftLine } from './invoiceForm.ts';
import { salesText } from './salesText.ts';

// The item form (and the schema library it validates with) loads when the cashier first asks for a new item.
const ItemModal = lazy(() => import('../items/ItemModal.tsx').then((module) => ({ default: module.ItemModal })));

import { type ItemWithStock, salesKeys, searchItems, useItemSearch } from './useSales.ts';

/**
 * The item line being entered, keyboard first: type a name, code or barcode, ↓/↑ and Enter to pick, Enter in the
 * quantity and the price to add the line. A scanner's barcode followed by Enter adds the item with quantity 1.
 */
export function ItemEntry({
  storeId,
  price: priceField = 'pay_price',
  onAdd,
  onPriceChange,
  allowNewItem = false,
  priceOf,
}: {
  storeId: number;
  /** Which of the item's prices the line starts with (selling on sales, purchase on purchases). */
  price?: 'pay_price' | 'perch_price';
  onAdd: (line: Omit<DraftLine, 'uid'>) => void;
  /** Called when a line was added at another price than the item's: the screen may offer to keep it. */
  onPriceChange?: (item: ItemWithStock, price: string) => void;
  /** Purchases may create an item that is not in the list yet (the item modal); it is picked at once. */
  allowNewItem?: boolean;
  /** Sales: what an item sells at to the chosen customer (his price list's, docs/price-lists.md), else its own. */
  priceOf?: ((item: ItemWithStock) => string) | undefined;
}) {
  const [creating, setCreating] = useState(false);
  const itemModalMounted = useOpenedOnce(creating);
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<ItemWithStock | undefined>();
  // What is picked now, for the item modal's dismissal: it can end after the new item was picked (saving picks it
  // while the modal closes), and must not read an earlier render's value.
  const pickedNow = useRef(picked);
  pickedNow.current = picked;
  const [active, setActive] = useState(0);
  const listId = useId();
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const debounced = useDebounced(term, 150);
  const search = useItemSearch(storeId, debounced);
  const queryClient = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);
  const entryRef = useRef<HTMLDivElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  // Only results of what is typed now: a list of an earlier term must never be picked by a fast Enter.
  const results = picked || debounced !== term ? [] : (search.data ?? []).slice(0, 8);
  const startOf = (item: ItemWithStock) => (priceOf && priceField === 'pay_price' ? priceOf(item) : item[priceField]);

  const pick = (item: ItemWithStock) => {
    setPicked(item);
    setTerm(item.item_name);
    setPrice(startOf(item));
    setQuantity('1');
    // Focus moves at once: a fast cashier's next key must land in the quantity (which selects itself on focus).
    quantityRef.current?.focus();
  };
  /**
   * Adds the line. After a code looked up on Enter (`scanned`), what was typed since (the next scan, the next code)
   * stays in the field, and the focus stays where the cashier went meanwhile (F4 to the discount): a fast scanner
   * or cashier lost the next code, or typed the discount into the item field.
   */
  const add = (item = picked, qty = quantity, unitPrice = price, scanned?: string) => {
    if (!item) return;
    const start = startOf(item);
    const given = compareDecimals(unitPrice, start) === 0;
    onAdd({
      item_id: item.id,
      item_name: item.item_name,
      quantity: qty,
      price: unitPrice,
      stock: item.quantity,
      tax: item.tax,
      // A sold line at the price it was given follows a change of customer; one typed keeps what was typed.
      pricing: priceField === 'pay_price' && given ? { own: item.pay_price, given: start } : undefined,
    });
    if (!given && compareDecimals(unitPrice, '0') === 1) {
      onPriceChange?.(item, unitPrice.trim());
    }
    setPicked(undefined);
    // A code looked up on Enter emptied the field already: what is there now was typed since, and stays.
    if (scanned === undefined) setTerm('');
    setPrice('');
    setQuantity('1');
    const focused = document.activeElement;
    if (!focused || focused === document.body || entryRef.current?.contains(focused)) searchRef.current?.focus();
  };

  /** Enter in the search: an exact code or barcode adds the item at once (a scanner), else the highlighted one is picked. */
  async function enter(typed: string) {
    const wanted = typed.trim();
    if (!wanted) return;
    // The field is emptied at once: the next code (a scanner's, a fast cashier's) starts afresh while this one is
    // looked up ("K1" Enter "V1" read "K1V1"). It comes back if nothing is found.
    setTerm('');
    // A scanner sends Enter right after the code, before the list has loaded: ask for it now.
    const list =
      debounced === typed && search.data
        ? search.data
        : await queryClient.fetchQuery({
            queryKey: salesKeys.itemSearch(storeId, wanted),
            queryFn: () => searchItems(storeId, wanted),
            networkMode: 'always',
          });
    const exact = list.find((item) => sameBarcode(item.item_parcode, wanted) || item.part_no === wanted);
    if (exact) return add(exact, '1', startOf(exact), wanted);
    const chosen = list[active];
    if (chosen) pick(chosen);
    else setTerm((current) => current || typed);
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') {
      event.preventDefault();
      void enter(term);
    } else return;
    event.preventDefault();
  }
  const enterTo = (next: () => void) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    next();
  };
  // Sales warn when the quantity is above stock; purchases when the purchase price reaches the selling price.
  const overStock = priceField === 'pay_price' && picked && compareDecimals(quantity, picked.quantity) === 1;
  const costAbovePrice =
    priceField === 'perch_price' && picked && (compareDecimals(price, picked.pay_price) ?? -1) >= 0;

  return (
    <div className="item-entry" ref={entryRef}>
      <label className="field grow">
        <span>{salesText.itemSearch}</span>
        <div className="field-row">
          <input
            ref={searchRef}
            className="plain-input"
            name="item_search"
            autoComplete="off"
            value={term}
            {...comboboxOf(listId, results, active)}
            onChange={(e) => {
              // Codes and barcodes are Western digits: one typed in Arabic-Indic digits finds them too.
              setTerm(searchTerm(e.target.value));
              setPicked(undefined);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
          />
          {/* On a phone the camera reads the barcode (lazily loaded): the code is looked up as a scanner's is. */}
          <CameraScan
            onCode={(code) => {
              setTerm(code);
              void enter(code);
            }}
          />
          {/* The full item search (filters, stock): the item picked goes on to its quantity. */}
          <ItemSearchButton
            storeId={storeId}
            onPick={pick}
            onDismissed={() => setTimeout(() => pickedNow.current && quantityRef.current?.select(), 0)}
          />
        </div>
        <ItemResults
          listId={listId}
          results={results}
          active={active}
          onPick={pick}
          details={(item) => (
            <>
              <span>
                {salesText.stock}: <bdi className="num">{formatQuantity(item.quantity)}</bdi>
              </span>
              <bdi className="num">{formatDecimal(startOf(item))}</bdi>
            </>
          )}
        />
        {picked && (
          <small data-testid="picked-stock">
            {salesText.stock}: <bdi className="num">{formatQuantity(picked.quantity)}</bdi>
          </small>
        )}
      </label>
      <label className="field">
        <span>{salesText.quantity}</span>
        <input
          ref={quantityRef}
          onFocus={(e) => e.target.select()}
          className="plain-input"
          name="quantity"
          inputMode="decimal"
          value={quantity}
          dir="ltr"
          onChange={(e) => setQuantity(normalizeNumberInput(e.target.value))}
          // Selling, Enter adds the line and goes on to the next item (the price is the item's; Tab reaches it).
          // Buying, the price is typed each time: Enter goes to it.
          onKeyDown={enterTo(() => (priceField === 'pay_price' ? add() : priceRef.current?.select()))}
        />
        {overStock && <small className="field-error">{salesText.lowStock}</small>}
      </label>
      <label className="field">
        <span>{salesText.price}</span>
        <input
          ref={priceRef}
          className="plain-input"
          name="price"
          inputMode="decimal"
          value={price}
          dir="ltr"
          onChange={(e) => setPrice(normalizeNumberInput(e.target.value))}
          onKeyDown={enterTo(() => add())}
        />
        {costAbovePrice && <small className="field-error">{salesText.costAbovePrice}</small>}
      </label>
      <button type="button" className="plain-button" onClick={() => add()} disabled={!picked}>
        {salesText.add}
      </button>
      {allowNewItem && (
        <>
          <button
            type="button"
            className="plain-button outline"
            data-testid="new-line-item"
            onClick={() => setCreating(true)}
          >
            {salesText.newItem}
          </button>
          {itemModalMounted && (
            <Suspense fallback={null}>
              <ItemModal
                storeId={storeId}
                open={creating}
                item={undefined}
                onClose={() => setCreating(false)}
                onSaved={async (item) => {
                  const [withStock] = (
                    await call(routes.items.readItemByIdQty, { query: { store_id: storeId, id: item.id } })
                  ).data;
                  if (withStock) pick(withStock);
                }}
                // Ionic gives the focus back to the "new item" button once the modal is gone: the quantity takes it.
                onDismissed={() => setTimeout(() => pickedNow.current && quantityRef.current?.select(), 0)}
              />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
