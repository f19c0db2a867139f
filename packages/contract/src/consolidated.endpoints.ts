/** The owner's view across stores: reads over several stores, each figure the sum of the stores' own reports. */
import { StoresSales, StoresSalesQuery, StoresStockList, StoresStockListQuery } from './consolidated.ts';

export const consolidatedEndpoints = {
  consolidated: {
    sales: { method: 'GET', path: 'consolidated/sales', query: StoresSalesQuery, response: StoresSales },
    stock: { method: 'GET', path: 'consolidated/stock', query: StoresStockListQuery, response: StoresStockList },
  },
} as const;
