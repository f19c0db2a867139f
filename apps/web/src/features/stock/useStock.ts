import { routes, type StockQuantityFilter } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { yearKey } from '../../app/queryClient.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { filterParams, type ItemFilters } from '../items/useItems.ts';

/** The item list's filters, the quantity filter (`all`: none) and the day of the stock (`as_of`, '': now). */
export type StockFilters = ItemFilters & { quantity_filter: StockQuantityFilter | 'all'; as_of: string };
export const noStockFilters: StockFilters = {
  search: '',
  category_id: 'all',
  brand: '',
  model: '',
  quantity_filter: 'all',
  as_of: '',
};

/** Only the filters with a value are sent (seed section 5: an empty search and 'all' are not). */
export const stockFilterParams = (filters: StockFilters) => ({
  ...filterParams(filters),
  quantity_filter: filters.quantity_filter === 'all' ? undefined : filters.quantity_filter,
  as_of: filters.as_of || undefined,
});

/** Stock is read in the year chosen in the menu: its keys sit under the year's branch of the store. */
const stockKey = (storeId: number) => [...yearKey(storeId), 'stock'] as const;

/**
 * The item-stock list: pages from the server (20, or 200 once "all items" was asked for), sorted by the server.
 */
export const useStockList = (storeId: number, filters: StockFilters, pageSize: number) =>
  usePagedList(
    [...stockKey(storeId), 'list', pageSize],
    routes.itemStock.stockList,
    { store_id: storeId, ...stockFilterParams(filters) },
    pageSize,
  );

/** The two totals cards, over the same filters as the list. */
export const useStockTotals = (storeId: number, filters: StockFilters) =>
  useQuery({
    queryKey: [...stockKey(storeId), 'totals', stockFilterParams(filters)],
    queryFn: async () =>
      (await call(routes.itemStock.readStockTotals, { query: { store_id: storeId, ...stockFilterParams(filters) } }))
        .data[0],
  });

/** Every row of the filters, for the print (the legacy `readStock`, the same rows as the list). */
export const useAllStock = (storeId: number, filters: StockFilters) =>
  useQuery({
    queryKey: [...stockKey(storeId), 'all', stockFilterParams(filters)],
    queryFn: async () =>
      (await call(routes.itemStock.readStock, { query: { store_id: storeId, ...stockFilterParams(filters) } })).data,
  });
