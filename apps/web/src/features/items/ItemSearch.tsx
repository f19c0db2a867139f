import { routes, type StockRow } from '@mizan/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { yearKey } from '../../app/queryClient.ts';
import { CameraScan } from '../../ui/camera/CameraScan.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { itemSearchText as text } from './itemSearchText.ts';
import { useBrands, useCategories } from './useItems.ts';

export type FoundItem = StockRow;

/**
 * The item search (items-serarch): by name, English name, alias, code or barcode (typed, scanned or read by the
 * camera), narrowed by category and brand, each item with its price and stock. Paged by the server
 * (`items/stockList`, the item-stock screen's read), so a store of 50,000 items answers a page at a time. Enter
 * picks the item whose code or barcode is exactly what was typed, or the only one found.
 */
export function ItemSearchPanel({ storeId, onPick }: { storeId: number; onPick: (item: FoundItem) => void }) {
  const [term, setTerm] = useState('');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const debounced = useDebounced(term, 200);
  const categories = useCategories(storeId);
  const brands = useBrands(storeId);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const { query, rows, paging } = usePagedList(
    [...yearKey(storeId), 'itemSearch'],
    routes.itemStock.stockList,
    {
      store_id: storeId,
      search: debounced.trim() || undefined,
      category_id: category ? Number(category) : undefined,
      brand: brand || undefined,
    },
    20,
  );
  const current = debounced === term && !query.isFetching;
  const choice = (wanted: string) =>
    rows.find((item) => item.part_no === wanted || item.item_parcode === wanted) ??
    (current && rows.length === 1 ? rows[0] : undefined);
  // An Enter typed before the search answered (a scanner is faster than the debounce) is kept for its answer.
  const [enterFor, setEnterFor] = useState<string | undefined>();
  const picked = useRef(onPick);
  picked.current = onPick;
  useEffect(() => {
    if (enterFor === undefined || !current) return;
    setEnterFor(undefined);
    const chosen = enterFor === term.trim() ? choice(enterFor) : undefined;
    if (chosen) picked.current(chosen);
  });
  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const wanted = term.trim();
    const chosen = choice(wanted);
    if (chosen) onPick(chosen);
    else if (!current) setEnterFor(wanted);
  }
  return (
    <div className="item-search" data-testid="item-search">
      <div className="item-search-filters">
        <label className="field grow">
          <span>{text.search}</span>
          <div className="field-row">
            <input
              ref={inputRef}
              className="plain-input pos-touch"
              name="item_search_term"
              type="search"
              autoComplete="off"
              value={term}
              onChange={(e) => setTerm(searchTerm(e.target.value))}
              onKeyDown={onKey}
            />
            <CameraScan onCode={(code) => setTerm(searchTerm(code))} />
          </div>
        </label>
        <label className="field">
          <span>{text.category}</span>
          <select
            className="plain-input pos-touch"
            name="item_search_category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">{text.all}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.category_name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{text.brand}</span>
          <select
            className="plain-input pos-touch"
            name="item_search_brand"
            value={brand}
            onChange={(e) => setBrand(e.target.value)}
          >
            <option value="">{text.all}</option>
            {(brands.data ?? []).map((b) => (
              <option key={b.brand} value={b.brand}>
                {b.brand}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="item-search-count" aria-live="polite" data-testid="item-search-count">
        {query.isSuccess && (rows.length ? text.found(rows.length, paging.total) : text.none)}
      </p>
      <ul className="item-search-results" data-testid="item-search-results">
        {rows.map((item) => (
          <li key={item.id}>
            <button type="button" className="item-search-row" data-item={item.id} onClick={() => onPick(item)}>
              <span className="item-search-names">
                <strong>{item.item_name}</strong>
                {(item.item_desc || item.aliasEn) && (
                  <small>{[item.item_desc, item.aliasEn].filter(Boolean).join(' · ')}</small>
                )}
                <small>
                  {item.part_no && (
                    <>
                      {text.code}: <bdi className="num">{item.part_no}</bdi>{' '}
                    </>
                  )}
                  {item.item_parcode && (
                    <>
                      {text.barcode}: <bdi className="num">{item.item_parcode}</bdi>{' '}
                    </>
                  )}
                  {[item.brand, item.category_name].filter(Boolean).join(' · ')}
                </small>
              </span>
              <span className="item-search-figures">
                <bdi className="num item-search-price">{formatDecimal(item.pay_price)}</bdi>
                <small>
                  {text.stock}:{' '}
                  <bdi className="num" data-testid="item-search-stock">
                    {formatQuantity(item.quantity)}
                  </bdi>
                </small>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" className="plain-button outline pos-touch" onClick={() => void query.fetchNextPage()}>
          {text.more}
        </button>
      )}
    </div>
  );
}
