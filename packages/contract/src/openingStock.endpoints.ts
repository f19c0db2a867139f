/** The opening quantities' calls that the web app makes (their sheet's import is `uploadXsl.openingQuantities`). */
import { z } from 'zod';
import { dataOf, pageOf } from './envelope.ts';
import { OpeningQuantityBody, OpeningQuantityListQuery, OpeningQuantityRow } from './openingStock.ts';

export const openingStockEndpoints = {
  firstq: {
    readByStore: {
      method: 'GET',
      path: 'firstq/readByStore',
      query: OpeningQuantityListQuery,
      /**
       * `total_value`: what every opening of the year is worth at its purchase price (Σ quantity × perch_price, each
       * to the cent; a later year's: the cost carried in), whatever the search.
       */
      response: pageOf(OpeningQuantityRow).extend({ total_value: z.string() }),
    },
    /** Sets an item's opening quantity and prices in the year (creating or replacing it): the fristq screen's edit. */
    update: { method: 'POST', path: 'firstq/update', body: OpeningQuantityBody, response: dataOf(OpeningQuantityRow) },
    importTemplate: { method: 'GET', path: 'firstq/importTemplate' },
  },
} as const;
