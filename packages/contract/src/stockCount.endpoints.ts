/**
 * The stock count's calls our screens make (`tswia/...`). The legacy two-call save and the line reads are the
 * server's alone.
 */
import { z } from 'zod';
import { dataOf } from './envelope.ts';
import {
  CountSheetBody,
  CountSheetLine,
  CreateStockCountBody,
  DeleteStockCountBody,
  StockCount,
  StockCountQuery,
  StockCountWithLines,
  UpdateStockCountBody,
} from './stockCount.ts';

const SavedCount = dataOf(StockCountWithLines);
const CountList = dataOf(StockCount);
const countList = <R extends string>(read: R) =>
  ({ method: 'GET', path: `tswia/${read}`, query: StockCountQuery, response: CountList }) as const;

export const stockCountEndpoints = {
  tswia: {
    createWithItems: {
      method: 'POST',
      path: 'tswia/createWithItems',
      body: CreateStockCountBody,
      response: SavedCount,
    },
    updateWithItems: {
      method: 'POST',
      path: 'tswia/updateWithItems',
      body: UpdateStockCountBody,
      response: SavedCount,
    },
    deleteWithItems: {
      method: 'POST',
      path: 'tswia/deleteWithItems',
      body: DeleteStockCountBody,
      response: dataOf(z.object({ pay_id: z.number().int() })),
    },
    /** One count with its lines (`pay_id`); an unknown one answers no rows. */
    readById: {
      method: 'GET',
      path: 'tswia/readById',
      query: StockCountQuery.required({ pay_id: true }),
      response: SavedCount,
    },
    /** Items with their system quantity and average cost at the count's date (a read with a long list: POST). */
    sheet: { method: 'POST', path: 'tswia/sheet', body: CountSheetBody, response: dataOf(CountSheetLine) },
    getTopSales: countList('getTopSales'),
    getSalesByDate: countList('getSalesByDate'),
    getSales2Date: countList('getSales2Date'),
  },
} as const;
