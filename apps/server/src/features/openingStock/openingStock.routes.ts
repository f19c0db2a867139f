import { dataOf, endpoints, OpeningQuantityBody, OpeningQuantityRow, StoreYearDeleteQuery } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { refuseGet } from '../../lib/refuseGet.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { clearOpeningQuantities, listOpeningQuantities, setOpeningQuantity } from './openingStock.service.ts';

const tags = ['firstq'];
const Deleted = dataOf(z.object({ deleted: z.number().int() }));

export const openingStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(endpoints.firstq.readByStore),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary:
          'Opening quantities of the store in a year (fq_year or yearId; without one: year 1 under /api/, refused under /api23/), paged',
        ...schemaOf(endpoints.firstq.readByStore),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const { rows, total, total_value } = await listOpeningQuantities(
        app.db,
        sessionUser(req).store_id,
        year.value,
        req.query,
      );
      return { data: rows, total, page: req.query.page, pageSize: req.query.pageSize, total_value };
    },
  );

  // The names of one operation: set an item's opening quantity (creating or replacing it). `firstq/update` is the
  // web app's (in the endpoint table); the others are legacy clients'.
  const setOne = { body: OpeningQuantityBody, response: { 200: dataOf(OpeningQuantityRow) } };
  for (const url of [urlOf(endpoints.firstq.update), '/firstq/createf', '/firstq/updateQty', '/firstq/updateF']) {
    app.post(
      url,
      {
        config: { permission: 'openings' },
        schema: {
          tags,
          summary: "Set an item's opening quantity in a year (replaces any earlier one)",
          ...(url === urlOf(endpoints.firstq.update) ? schemaOf(endpoints.firstq.update) : setOne),
        },
      },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        const result = await setOpeningQuantity(app.db, sessionUser(req), { ...req.body, fq_year: year.value.id });
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
  }

  app.route({
    method: ['DELETE', 'POST'],
    url: '/firstq/deleteByStore',
    config: { permission: 'openings' },
    schema: {
      tags,
      summary:
        "Delete all the store's opening quantities of a year (administrators only; refused when sold goods would go below zero)",
      querystring: StoreYearDeleteQuery,
      response: { 200: Deleted },
    },
    handler: async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const result = await clearOpeningQuantities(app.db, sessionUser(req), year.value.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  });
  refuseGet(app, '/firstq/deleteByStore', 'POST, DELETE');
};
