/**
 * Price lists (issue 33, part 5; docs/price-lists.md): named lists (retail, wholesale, ...) of the company or of one
 * store, a price per catalogue item (and, once packagings exist, per unit), and the price a customer buys at: his
 * list's price of the item, else the item's own selling price in the store.
 */
import { z } from 'zod';
import { NonNegativeMoneyString } from './amounts.ts';
import { PageQuery, QueryFlag } from './envelope.ts';
import { Id, StoreQuery } from './scope.ts';
import { Text } from './text.ts';

/** The most prices one `priceLists/setPrices` call changes (a screen's page, a pasted column). */
export const MAX_PRICES_PER_CALL = 1000;
/** The most items one resolution read (`priceLists/customerPrices?item_ids=`) names. */
export const MAX_PRICED_ITEMS = 200;

/** A list as the session's store sees it: the company's (`store_id` null) and its own. */
export const PriceList = z.object({
  id: z.number().int(),
  store_id: z.number().int().nullable(),
  name: z.string(),
  /** How many items it prices. */
  prices: z.number().int(),
  /** How many of the session store's customers carry it. */
  customers: z.number().int(),
});
export type PriceList = z.infer<typeof PriceList>;

const ListName = Text().trim().min(1).max(100);

export const CreatePriceListBody = z.object({
  name: ListName,
  /** The company's list (every store sees it and prices by it), else the session store's own. */
  for_company: z.boolean().default(false),
});
export type CreatePriceListBody = z.input<typeof CreatePriceListBody>;

export const UpdatePriceListBody = z.object({ id: Id, name: ListName });
export type UpdatePriceListBody = z.input<typeof UpdatePriceListBody>;

/**
 * Prices of a list by the session store's item rows (a company list keeps them by catalogue item, so every store's
 * row of the item takes it). A price of null takes the item off the list (it sells at its own price again).
 */
export const SetPricesBody = z.object({
  price_list_id: Id,
  prices: z
    .array(z.object({ item_id: Id, price: NonNegativeMoneyString.nullable() }))
    .min(1)
    .max(MAX_PRICES_PER_CALL),
});
export type SetPricesBody = z.input<typeof SetPricesBody>;

/**
 * A list's page of the store's items, each with its own price and the list's (null: not on the list), by name;
 * `search` finds by name, code or barcode as the item search does; `priced` keeps the listed ones only.
 */
export const PriceListPricesQuery = PageQuery.extend({
  store_id: Id.optional(),
  price_list_id: Id,
  search: z.preprocess((value) => (value === '' ? undefined : value), Text().trim().max(100).optional()),
  priced: QueryFlag,
});
export type PriceListPricesQuery = z.input<typeof PriceListPricesQuery>;

export const PriceListPrice = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  part_no: z.string().nullable(),
  item_parcode: z.string().nullable(),
  item_unit: z.string().nullable(),
  /** The item's own selling price in the store. */
  pay_price: z.string(),
  /** The list's price of it; null when the list does not price it. */
  price: z.string().nullable(),
});
export type PriceListPrice = z.infer<typeof PriceListPrice>;

/**
 * The prices a customer buys at. With `item_ids`, each item named (of the store) with the price it sells to him at;
 * without, every item his list prices. A customer without a list answers no list and, for named items, their own
 * prices.
 */
export const CustomerPricesQuery = StoreQuery.partial().extend({
  customer_id: Id,
  item_ids: z
    .string()
    .transform((text): unknown[] => text.split(',').map((part) => part.trim()))
    .pipe(z.array(Id).min(1).max(MAX_PRICED_ITEMS))
    .optional(),
});
export type CustomerPricesQuery = z.input<typeof CustomerPricesQuery>;

export const CustomerPrice = z.object({
  item_id: z.number().int(),
  /** What the item sells to the customer at: his list's price, else the item's own. */
  price: z.string(),
  /** Whether the price is his list's (false: the item's own). */
  listed: z.boolean(),
});
export type CustomerPrice = z.infer<typeof CustomerPrice>;

export const CustomerPriceList = z.object({ id: z.number().int(), name: z.string() }).nullable();
