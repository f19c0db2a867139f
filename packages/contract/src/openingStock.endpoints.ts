/** The opening quantities' calls that the web app makes (their sheet's import is `uploadXsl.openingQuantities`). */
import { pageOf } from './envelope.ts';
import { OpeningQuantityListQuery, OpeningQuantityRow } from './openingStock.ts';

export const openingStockEndpoints = {
  firstq: {
    readByStore: {
      method: 'GET',
      path: 'firstq/readByStore',
      query: OpeningQuantityListQuery,
      response: pageOf(OpeningQuantityRow),
    },
    importTemplate: { method: 'GET', path: 'firstq/importTemplate' },
  },
} as const;
