import {
  dataOf,
  OpeningQuantityBody,
  OpeningQuantityListQuery,
  OpeningQuantityRow,
  pageOf,
  StoreYearDeleteQuery,
} from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseGet } from '../../lib/refuseGet.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import { clearOpeningQuantities, listOpeningQuantities, setOpeningQuantity } from './openingStock.service.ts';

const tags = ['firstq'];
const Deleted = dataOf(z.object({ deleted: z.number().int() }));

export const openingStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/firstq/readByStore',
    {
      schema: {
        tags,
        summary: 'Opening quantities of the store in a year (fq_year or yearId; default the current year), paged',
        querystring: OpeningQuantityListQuery,
        response: { 200: pageOf(OpeningQuantityRow) },
      },
    },
    async (req, reply) => {
      const yearId = await resolveYearId(app.db, req.query.fq_year ?? req.query.yearId);
      if (yearId === undefined) return sendError(reply, 'YEAR_NOT_FOUND');
      const { rows, total } = await listOpeningQuantities(app.db, sessionUser(req).store_id, yearId, req.query);
      return { data: rows, total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  // The legacy names of one operation: set an item's opening quantity (creating or replacing it).
  for (const url of ['/firstq/createf', '/firstq/update', '/firstq/updateQty', '/firstq/updateF']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: "Set an item's opening quantity in a year (replaces any earlier one)",
          body: OpeningQuantityBody,
          response: { 200: dataOf(OpeningQuantityRow) },
        },
      },
      async (req, reply) => {
        const result = await setOpeningQuantity(app.db, sessionUser(req), req.body);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
  }

  app.route({
    method: ['DELETE', 'POST'],
    url: '/firstq/deleteByStore',
    schema: {
      tags,
      summary: "Delete all the store's opening quantities of a year",
      querystring: StoreYearDeleteQuery,
      response: { 200: Deleted },
    },
    handler: async (req, reply) => {
      const result = await clearOpeningQuantities(app.db, sessionUser(req), req.query.fq_year);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  });
  refuseGet(app, '/firstq/deleteByStore', 'POST, DELETE');
};
