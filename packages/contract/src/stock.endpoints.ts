/**
 * The stock reads (docs/stock-reads.md): the legacy `items/read*Stock*` calls with their parameter names, and the
 * item-stock screen's own paged read, `items/stockList`. They sit under `items/` like the legacy paths; the group is
 * their own so that the item calls and the stock calls each live beside their schemas.
 */
import { dataOf, pageOf } from './envelope.ts';
import {
  StockExportQuery,
  StockFilterQuery,
  StockListQuery,
  StockPageQuery,
  StockRangeQuery,
  StockRangeRow,
  StockRow,
  StockTotals,
  StoreStockRow,
  StoresStockQuery,
} from './stock.ts';

const allRows = <P extends string>(path: P) =>
  ({ method: 'GET', path, query: StockFilterQuery, response: dataOf(StockRow) }) as const;
const rangeRows = <P extends string>(path: P) =>
  ({ method: 'GET', path, query: StockRangeQuery, response: dataOf(StockRangeRow) }) as const;

export const stockEndpoints = {
  itemStock: {
    stockList: { method: 'GET', path: 'items/stockList', query: StockListQuery, response: pageOf(StockRow) },
    /** The same rows as an .xlsx (no JSON answer: a file). */
    stockExport: { method: 'GET', path: 'items/stockExport', query: StockExportQuery },
    readStockTotals: {
      method: 'GET',
      path: 'items/readStockTotals',
      query: StockFilterQuery,
      response: dataOf(StockTotals),
    },
    readStock: allRows('items/readStock'),
    readAllStock: allRows('items/readAllStock'),
    readAllStockItems: allRows('items/readAllStockItems'),
    readStockFiltered: allRows('items/readStockFiltered'),
    itemsView: allRows('items/itemsView'),
    readStockWithPagination: {
      method: 'GET',
      path: 'items/readStockWithPagination',
      query: StockPageQuery,
      response: pageOf(StockRow),
    },
    /** One item in every store of the user, the session store's first (docs/catalogue.md). */
    storesStock: {
      method: 'GET',
      path: 'items/storesStock',
      query: StoresStockQuery,
      response: dataOf(StoreStockRow),
    },
    readStockInrange: rangeRows('items/readStockInrange'),
    readStockInRangeForStoretot: {
      ...rangeRows('items/readStockInRangeForStoretot'),
      response: dataOf(StockRangeRow).extend({ totals: StockTotals }),
    },
  },
} as const;
