/**
 * What the POS reads on a device without the network (docs/offline.md), as pure functions: which query results are
 * kept on the device, and the item search over the device's copy of the store's items.
 */
import { foldArabic, type StockRow } from '@mizan/contract';

/**
 * The reads the POS and the phone's sales screen need to open and sell: the company, the stores, a store's party
 * names (queryClient.ts `partiesKey`) and its walk-in customer (a new sale starts with him at once, as before his
 * read answers), its categories and brands. The party searches typed are not kept. Nothing else is kept (no balance or record is ever shown stale).
 */
export function isKeptOffline(key: readonly unknown[]): boolean {
  const [root, , third] = key;
  if (key.length === 1) return root === 'company' || root === 'stores';
  if (key.length === 2) return root === 'parties';
  if (root === 'parties') return key.length === 3 && third === 'walkIn';
  if (root !== 'store') return false;
  if (key.length === 3) return third === 'categories';
  return key.length === 4 && third === 'items' && key[3] === 'brands';
}

/** Text as the search compares it: letter variants and digits folded as the server folds them (`foldArabic`). */
const folded = (text: string | null | undefined) => foldArabic((text ?? '').trim());

/**
 * The device's copy of the items searched as the server searches them (items/searchStock): the name, the English
 * name, the alias, the code or the barcode holds the term, letters and digits folded alike (an alef typed without
 * its hamza, a code typed in Arabic-Indic digits). Exact codes and barcodes first.
 */
export function searchCatalogue<
  T extends Pick<StockRow, 'item_name' | 'item_desc' | 'aliasEn' | 'part_no' | 'item_parcode'>,
>(items: T[], term: string, limit = 50): T[] {
  const wanted = folded(term);
  if (!wanted) return items.slice(0, limit);
  const exact = items.filter((item) => folded(item.part_no) === wanted || folded(item.item_parcode) === wanted);
  const partial = items.filter(
    (item) =>
      !exact.includes(item) &&
      [item.item_name, item.item_desc, item.aliasEn, item.part_no, item.item_parcode].some((field) =>
        folded(field).includes(wanted),
      ),
  );
  return [...exact, ...partial].slice(0, limit);
}

/** The tiles of the POS from the device's copy: by category or brand, and by name when one is typed. */
export function catalogueTiles<
  T extends Pick<
    StockRow,
    'item_name' | 'item_desc' | 'aliasEn' | 'part_no' | 'item_parcode' | 'category_id' | 'brand'
  >,
>(
  items: T[],
  filter: { search?: string | undefined; category_id?: number | undefined; brand?: string | undefined },
  limit = 200,
): T[] {
  const grouped = items.filter(
    (item) =>
      (filter.category_id === undefined || item.category_id === filter.category_id) &&
      (filter.brand === undefined || item.brand === filter.brand),
  );
  return searchCatalogue(grouped, filter.search ?? '', limit);
}
