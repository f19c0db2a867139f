import { describe, expect, it } from 'vitest';
import { catalogueTiles, isKeptOffline, searchCatalogue } from './deviceCache.rules.ts';

const item = (id: number, fields: Record<string, unknown>) => ({
  id,
  item_name: `item ${id}`,
  item_desc: null,
  aliasEn: null,
  part_no: null,
  item_parcode: null,
  category_id: null,
  brand: null,
  ...fields,
});

describe('what the device keeps for the POS', () => {
  it('keeps the company, the stores, a store’s party names and walk-in customer, the categories and brands, and nothing else', () => {
    expect(isKeptOffline(['company'])).toBe(true);
    expect(isKeptOffline(['stores'])).toBe(true);
    expect(isKeptOffline(['parties', 1])).toBe(true);
    // The walk-in customer (a new sale starts with him at once), not the searches typed.
    expect(isKeptOffline(['parties', 1, 'walkIn'])).toBe(true);
    expect(isKeptOffline(['parties', 1, 'search', 'customer', 'ور'])).toBe(false);
    // A party's balance is a year's figure: never shown stale.
    expect(isKeptOffline(['store', 1, 'year', 1, 'partyBalance', 7])).toBe(false);
    expect(isKeptOffline(['store', 1, 'categories'])).toBe(true);
    expect(isKeptOffline(['store', 1, 'items', 'brands'])).toBe(true);
    expect(isKeptOffline(['store', 1, 'year', 1, 'documents'])).toBe(false);
    expect(isKeptOffline(['store', 1, 'year', 1, 'parties', 'x'])).toBe(false);
    expect(isKeptOffline(['store', 1, 'items', 'list'])).toBe(false);
    expect(isKeptOffline(['roles'])).toBe(false);
  });
});

describe("the device's copy of the items", () => {
  const items = [
    item(1, { item_name: 'فلتر زيت', part_no: 'F-100', item_parcode: '6281000000017' }),
    item(2, { item_name: 'فلتر هواء', part_no: 'F-1000', category_id: 2, brand: 'Bosch' }),
    item(3, { item_name: 'Oil', aliasEn: 'engine oil', category_id: 2, brand: 'Shell' }),
  ];
  it('finds by barcode or code exactly first, then by name, English name, alias or part of a code', () => {
    expect(searchCatalogue(items, '6281000000017').map((i) => i.id)).toEqual([1]);
    expect(searchCatalogue(items, 'f-100').map((i) => i.id)).toEqual([1, 2]);
    expect(searchCatalogue(items, 'فلتر').map((i) => i.id)).toEqual([1, 2]);
    expect(searchCatalogue(items, 'ENGINE').map((i) => i.id)).toEqual([3]);
    expect(searchCatalogue(items, 'nothing')).toEqual([]);
  });
  it('folds letters and digits as the server’s search does', () => {
    const typed = [
      item(4, { item_name: 'إطار كاوتش' }),
      item(5, { item_name: 'مضخة مياة', part_no: '123' }),
      item(6, { item_name: 'بوجي', part_no: '1234' }),
    ];
    expect(searchCatalogue(typed, 'اطار').map((i) => i.id)).toEqual([4]);
    expect(searchCatalogue(typed, 'مضخه مياه').map((i) => i.id)).toEqual([5]);
    expect(searchCatalogue(typed, '١٢٣').map((i) => i.id)).toEqual([5, 6]);
  });
  it('gives the tiles of a category or a brand, narrowed by a name', () => {
    expect(catalogueTiles(items, { category_id: 2 }).map((i) => i.id)).toEqual([2, 3]);
    expect(catalogueTiles(items, { brand: 'Shell' }).map((i) => i.id)).toEqual([3]);
    expect(catalogueTiles(items, { category_id: 2, search: 'فلتر' }).map((i) => i.id)).toEqual([2]);
    expect(catalogueTiles(items, {}).map((i) => i.id)).toEqual([1, 2, 3]);
  });
});
