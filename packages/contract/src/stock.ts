/**
 * Item stock as the stock screens and the legacy stock reads see it (docs/stock-reads.md): every figure comes from
 * the one book (the kept per-year sums and the dated movements), read by one query builder on the server.
 */
import { z } from 'zod';
import { OptionalDate } from './dates.ts';
import { PageQuery, sortFields } from './envelope.ts';
import { ItemWithStock } from './items.ts';
import { Id, StoreYearQuery } from './scope.ts';
import { Text } from './text.ts';

/**
 * An item with its stock through the request's year. `quantity` (and `avg_cost`) come from the kept sums; the
 * breakdown comes from the movements of the same years, and always adds up:
 * quantity = firstQuantity + perchQuantity − salesQuantity − tswiaQuantity.
 * - `firstQuantity`: what the year opened with (its opening quantities, and what the years before it left);
 * - `perchQuantity`: bought in the year, purchase returns taken off; `salesQuantity`: sold, sales returns taken off;
 * - `tswiaQuantity`: what the year's stock counts took out (negative: they found more), the legacy sign.
 */
export const StockRow = ItemWithStock.extend({
  firstQuantity: z.string(),
  perchQuantity: z.string(),
  salesQuantity: z.string(),
  tswiaQuantity: z.string(),
  /** The date of its latest sale up to the year's end (YYYY-MM-DD), null if never sold. */
  lastSoldDate: z.string().nullable(),
  /** Its stock's value at cost (the kept sums) and at its selling price (quantity × pay_price, to the cent). */
  stockValuePerchPrice: z.string(),
  stockValuePayPrice: z.string(),
  /** (pay − perch) / perch × 100, to 2 decimals: the legacy `نسبة الفائدة`. */
  profit: z.string(),
});
export type StockRow = z.infer<typeof StockRow>;

/** The legacy range reads (`readStockInrange`) add the count of the whole list to each row. */
export const StockRangeRow = StockRow.extend({ totalCount: z.number().int() });

/**
 * The quantity filter: `positive` (> 0), `zero` (= 0), `negative` (< 0), `below_min` (under the item's minimum
 * quantity, `min_qty`). The legacy spellings `>0`, `=0`, `<0` (and `gt0`, `eq0`, `lt0`) are read too; empty and
 * `all` mean no filter.
 */
export const stockQuantityFilters = ['positive', 'zero', 'negative', 'below_min'] as const;
export type StockQuantityFilter = (typeof stockQuantityFilters)[number];
const quantityFilterSpellings: Record<string, StockQuantityFilter> = {
  '>0': 'positive',
  gt0: 'positive',
  '=0': 'zero',
  eq0: 'zero',
  '0': 'zero',
  '<0': 'negative',
  lt0: 'negative',
  low: 'below_min',
};
export const StockQuantityFilterParam = z.preprocess((value) => {
  if (value === '' || value === 'all' || value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/\s+/g, '');
  return quantityFilterSpellings[text] ?? text;
}, z.enum(stockQuantityFilters).optional());

/** The filters every stock read takes (each one optional): the item list's, the quantity filter and one item. */
export const StockFilterQuery = StoreYearQuery.partial().extend({
  search: Text().trim().max(100).optional(),
  category_id: z.union([z.literal('all'), Id]).optional(),
  brand: Text().trim().max(100).optional(),
  model: Text().trim().max(100).optional(),
  quantity_filter: StockQuantityFilterParam,
  /**
   * The stock at the end of this day (YYYY-MM-DD) instead of now: quantity and value at cost of the movements up to
   * it, the breakdown over its year up to it (docs/stock-reads.md). Any date of the book.
   */
  as_of: OptionalDate.optional(),
});
export type StockFilterQuery = z.output<typeof StockFilterQuery>;

/** The columns the stock list sorts by on the server (a whitelist: nothing else reaches the ORDER BY). */
export const stockSortKeys = [
  'item_name',
  'item_desc',
  'aliasEn',
  'part_no',
  'brand',
  'model',
  'item_unit',
  'category_name',
  'min_qty',
  'perch_price',
  'pay_price',
  'profit',
  'quantity',
  'stockValuePerchPrice',
  'stockValuePayPrice',
  'avg_cost',
  'lastSoldDate',
  'firstQuantity',
] as const;
export type StockSortKey = (typeof stockSortKeys)[number];

/** The item-stock screen's read (`items/stockList`): the filters, a page, and a server-side order. */
export const StockListQuery = StockFilterQuery.extend({ ...PageQuery.shape, ...sortFields(stockSortKeys) });
export type StockListQuery = z.output<typeof StockListQuery>;

/** The screen's export (`items/stockExport`): every row of its filters, in its order, as an .xlsx. */
export const StockExportQuery = StockFilterQuery.extend(sortFields(stockSortKeys));

/** The legacy page read: `page`, `pageSize` (default 20, at most 200) and `category_id`. */
export const StockPageQuery = StockFilterQuery.extend(PageQuery.shape);

/** The legacy numbered range: rows `startrange` (0-based, included) to `endrange` (excluded), at most 500. */
export const StockRangeQuery = StockFilterQuery.extend({
  startrange: z.coerce.number().int().min(0).max(2_000_000_000).default(0),
  endrange: z.coerce.number().int().min(0).max(2_000_000_000).default(20),
});

/** The two totals cards: the stock's value at selling price and at cost, over the same filters as the list. */
export const StockTotals = z.object({
  stockValuePayPrice: z.string(),
  stockValuePerchPrice: z.string(),
  /** How many items the filters take in. */
  itemsCount: z.number().int(),
});
export type StockTotals = z.infer<typeof StockTotals>;

/** `items/storesStock`: one item (the session store's row of it) in every store of the user (docs/catalogue.md). */
export const StoresStockQuery = z.object({ store_id: Id.optional(), item_id: Id });

/**
 * The item's row in one of the user's stores: its own id there, its current stock (through the latest year), its
 * price and minimum there; its value at cost only where the user's role in that store reads costs (else null).
 */
export const StoreStockRow = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  item_id: z.number().int(),
  quantity: z.string(),
  value: z.string().nullable(),
  pay_price: z.string(),
  min_qty: z.string(),
});
export type StoreStockRow = z.infer<typeof StoreStockRow>;
