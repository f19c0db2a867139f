/**
 * `consolidated/*` (docs/consolidated.md): the owner's view across the stores the user reads reports of, whatever
 * store the session is in.
 */
import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { periodOf } from '../reports/period.ts';
import { storesReadable, storesSales, storesStockList } from './consolidated.queries.ts';

const { consolidated } = endpoints;

export const consolidatedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(consolidated.sales),
    {
      config: { permission: 'readReports' },
      schema: {
        tags: ['reports'],
        summary: 'Net sales, gross profit and the number of sales of each of the user’s stores, side by side',
        ...schemaOf(consolidated.sales),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const period = periodOf(year.value, req.query);
      if (!period.ok) return sendError(reply, period);
      const stores = await storesReadable(app.db, sessionUser(req).id);
      const { data, sums } = await storesSales(app.db, stores, period.value);
      return { from: period.value.start, to: period.value.end, data, sums };
    },
  );
  app.get(
    urlOf(consolidated.stock),
    {
      config: { permission: 'readReports' },
      schema: {
        tags: ['reports'],
        summary: "The company's stock of each item over the chosen stores, with what they sent still in transit",
        ...schemaOf(consolidated.stock),
      },
    },
    async (req) => {
      // Values at cost: the stores whose role reads reports and costs, those chosen (none: all of them).
      const chosen = req.query.store_ids?.split(',').map(Number);
      const stores = (await storesReadable(app.db, sessionUser(req).id)).filter(
        (store) => store.read_cost && (!chosen || chosen.includes(store.id)),
      );
      return storesStockList(app.db, stores, req.query);
    },
  );
};
