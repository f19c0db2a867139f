import { z } from 'zod';
import { NonNegativeMoneyString, Percent, PositiveMoneyString, QuantityString } from './amounts.ts';
import { PageQuery, QueryFlag, sortFields } from './envelope.ts';
import { Id } from './scope.ts';
import { jsonArrayOf, optionalCode, optionalText, Text } from './text.ts';

const NonNegativeQuantity = QuantityString.refine((value) => !value.startsWith('-'), {
  message: 'QUANTITY_NEGATIVE',
});

/** An item as created or edited. Prices are exact decimal strings and must be greater than zero. */
export const ItemInput = z.object({
  item_name: Text().trim().min(1).max(200),
  item_desc: optionalText(),
  aliasEn: optionalText(),
  part_no: optionalCode(64),
  item_parcode: optionalCode(64),
  brand: optionalText(100),
  model: optionalText(100),
  item_unit: optionalText(50),
  min_qty: NonNegativeQuantity.default('0'),
  perch_price: PositiveMoneyString,
  pay_price: PositiveMoneyString,
  tax: Percent.default('0'),
  category_id: Id.nullish().transform((value) => value ?? null),
  imageUrl: optionalText(1000),
  store_id: Id.optional(),
  /** Opening quantity for the accounting year `yearId` (default: the request's year, year 1 under `/api/`), set when creating. */
  firstQuantity: NonNegativeQuantity.optional(),
  yearId: Id.optional(),
});
export type ItemInput = z.input<typeof ItemInput>;
export type ItemValues = z.output<typeof ItemInput>;

export const UpdateItemBody = ItemInput.omit({ firstQuantity: true, yearId: true }).extend({ id: Id });
export type UpdateItemBody = z.output<typeof UpdateItemBody>;

export const CreateItemsBody = jsonArrayOf(ItemInput);

/** `items/merge`: `item_id`'s catalogue item becomes `into_item_id`'s in every store (docs/catalogue.md). */
export const MergeItemsBody = z.object({ store_id: Id.optional(), item_id: Id, into_item_id: Id });

export const Item = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  /** The company's item this is the store's row of: the same in every store (docs/catalogue.md). */
  catalogue_id: z.number().int(),
  item_name: z.string(),
  item_desc: z.string().nullable(),
  aliasEn: z.string().nullable(),
  part_no: z.string().nullable(),
  item_parcode: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  item_unit: z.string().nullable(),
  min_qty: z.string(),
  perch_price: z.string(),
  pay_price: z.string(),
  tax: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  dateCreated: z.string(),
});
export type Item = z.infer<typeof Item>;

export const ItemWithStock = Item.extend({
  quantity: z.string(),
  /** The moving-average cost of what is in stock in the year; null when nothing is. */
  avg_cost: z.string().nullable(),
});
export type ItemWithStock = z.infer<typeof ItemWithStock>;

/**
 * What an item cost (the item card, issue 35): its own purchase price (typed on it, it never follows purchases), the
 * moving-average cost of what is in stock through the year (null when nothing is), and its last purchase up to the
 * year's end: the latest purchase line by date, its unit price and its invoice (null when never bought).
 */
export const ItemCost = z.object({
  item_id: z.number().int(),
  perch_price: z.string(),
  quantity: z.string(),
  avg_cost: z.string().nullable(),
  last_purchase: z.object({ price: z.string(), date: z.string(), pay_ref: z.string() }).nullable(),
});
export type ItemCost = z.infer<typeof ItemCost>;

/** Filters of the item list. Empty search terms and the category value 'all' mean "no filter". */
export const itemSortKeys = [
  'item_name',
  'part_no',
  'item_parcode',
  'brand',
  'model',
  'category_name',
  'perch_price',
  'pay_price',
  'tax',
  'min_qty',
] as const;
export const ItemListQuery = PageQuery.extend({
  ...sortFields(itemSortKeys),
  store_id: Id.optional(),
  search: Text().trim().max(100).optional(),
  category_id: z.union([z.literal('all'), Id]).optional(),
  brand: Text().trim().max(100).optional(),
  model: Text().trim().max(100).optional(),
});
export type ItemListQuery = z.output<typeof ItemListQuery>;

export const UpdateItemPricesBody = z.object({
  id: Id,
  pay_price: PositiveMoneyString,
  perch_price: PositiveMoneyString.optional(),
  store_id: Id.optional(),
});

/**
 * A bulk price change. `payval` changes selling prices, `perchval` purchase prices (0 or absent: unchanged).
 * `mode` says what the values are: `amount` (currency, the legacy meaning) or `percent`. The change applies to
 * every item of the store, or only to those of `category_id`.
 */
export const PriceChangeBody = z.object({
  /** Never negative: the direction is the call's (increase or decrease). */
  payval: NonNegativeMoneyString.default('0'),
  perchval: NonNegativeMoneyString.default('0'),
  mode: z.enum(['amount', 'percent']).default('amount'),
  category_id: Id.optional(),
  store_id: Id.optional(),
});
export type PriceChangeBody = z.output<typeof PriceChangeBody>;

export const PriceChangePreview = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  pay_price: z.string(),
  new_pay_price: z.string(),
  perch_price: z.string(),
  new_perch_price: z.string(),
});

export const BrandRow = z.object({ brand: z.string() });
export const ModelRow = z.object({ model: z.string() });

/** One row of an import preview: its sheet row number, what was read, and a code per wrong field (fieldErrors.ts). */
export const ImportPreviewRow = z.object({
  row: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  errors: z.record(z.string(), z.string()),
});
export const ImportPreviewResponse = z.object({
  data: z.array(ImportPreviewRow),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Opening-quantity sheet: openings of the year whose item no row names (cleared only with `clearUnlisted`). */
  unlisted: z.number().int().optional(),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponse>;
export const ImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Opening-quantity sheet: openings cleared because no row named their item (`clearUnlisted` only). */
  cleared: z.number().int().optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;
/** An import's year: `fq_year` (the legacy name), or the request's year as every year-scoped call sends it. */
export const ImportQuery = z.object({
  preview: QueryFlag,
  /**
   * Opening-quantity sheet: also clear the year's openings of items no row names (items without a code included).
   * Without it those are left as they are.
   */
  clearUnlisted: QueryFlag,
  fq_year: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  store_id: Id.optional(),
});
export type ImportQuery = z.infer<typeof ImportQuery>;
