/** The item movement report's reads (docs/item-movement.md). */
import { DailyMovementAnswer, DailyMovementQuery, ItemMovementAnswer, ItemMovementQuery } from './itemMovement.ts';

export const itemMovementEndpoints = {
  // Our own reads under `reports/` (the group of reports.endpoints.ts has the money reports).
  movement: {
    /** One item's movements in date order with the running quantity, paged, and the period's summary. */
    itemMovement: {
      method: 'GET',
      path: 'reports/itemMovement',
      query: ItemMovementQuery,
      response: ItemMovementAnswer,
    },
    /** The item's movements of the period (every page) as a right-to-left .xlsx. */
    itemMovementExport: {
      method: 'GET',
      path: 'reports/itemMovementExport',
      query: ItemMovementQuery.omit({ page: true, pageSize: true }),
    },
    /** Every item's movements on one date. */
    dailyMovement: {
      method: 'GET',
      path: 'reports/dailyMovement',
      query: DailyMovementQuery,
      response: DailyMovementAnswer,
    },
    /** The date's movements of every item (every page) as a right-to-left .xlsx. */
    dailyMovementExport: {
      method: 'GET',
      path: 'reports/dailyMovementExport',
      query: DailyMovementQuery.omit({ page: true, pageSize: true }),
    },
  },
} as const;
