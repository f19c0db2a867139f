/**
 * The owner's view across stores (docs/consolidated.md): figures of several stores side by side, each equal to that
 * store's own report. A user sees only the stores where their role reads reports (and costs, for profit).
 */
import { z } from 'zod';
import { ReportPeriodQuery } from './reports.ts';

const Amount = z.string();

/** The period as every report takes it (the request's year by default, a day or a range). */
export const StoresSalesQuery = ReportPeriodQuery;
export type StoresSalesQuery = z.output<typeof StoresSalesQuery>;

/** One store's trading in the period, as its gross-profit report reads it (sales less returns, net of VAT). */
export const StoreSales = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  net_sales: Amount,
  /** Null where the user's role in that store may not read costs (`readCost`). */
  gross_profit: Amount.nullable(),
  /** Sales documents (a return is not a sale). */
  sales_count: z.number().int(),
  average_sale: Amount,
});
export type StoreSales = z.infer<typeof StoreSales>;

export const StoresSales = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(StoreSales),
  /** The stores' sum; gross profit only when every store shown has it. */
  sums: StoreSales.pick({ net_sales: true, gross_profit: true, sales_count: true, average_sale: true }),
});
export type StoresSales = z.infer<typeof StoresSales>;

/**
 * `consolidated/stock`: the company's stock of each catalogue item over the chosen stores (default: every store of the
 * user whose role reads reports and costs), with what those stores sent that is still in transit; paged by item name.
 */
export const StoresStockListQuery = z.object({
  /** Comma-separated store ids, a subset of the user's; none: all of them. */
  store_ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'NOT_A_NUMBER')
    .optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type StoresStockListQuery = z.output<typeof StoresStockListQuery>;

const Quantity = z.string();
export const StoresStockItem = z.object({
  catalogue_id: z.number().int(),
  item_name: z.string(),
  part_no: z.string().nullable(),
  item_parcode: z.string().nullable(),
  /** Each chosen store's current stock and its value at cost, in the order of `stores`. */
  stores: z.array(z.object({ store_id: z.number().int(), quantity: Quantity, value: Amount })),
  in_transit_quantity: Quantity,
  in_transit_value: Amount,
  quantity: Quantity,
  value: Amount,
});
export type StoresStockItem = z.infer<typeof StoresStockItem>;

export const StoresStockList = z.object({
  stores: z.array(z.object({ store_id: z.number().int(), store_name: z.string() })),
  data: z.array(StoresStockItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over every item (not the page): each store's stock at cost, what is in transit, and their sum. */
  sums: z.object({
    stores: z.array(z.object({ store_id: z.number().int(), value: Amount })),
    in_transit_value: Amount,
    value: Amount,
  }),
});
export type StoresStockList = z.infer<typeof StoresStockList>;
