/**
 * `priceLists/*` (docs/price-lists.md): the lists the session's store sees (the company's and its own), their
 * prices by item, and the prices a customer buys at. Reading is every signed-in user's (the invoice, the POS and the
 * phone price by it); changing a list goes with changing prices (`prices`).
 */
import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { listPriceLists, listPrices, lockPriceList } from './priceLists.queries.ts';
import { createPriceList, customerPrices, removeList, renameList, setPrices } from './priceLists.service.ts';

const tags = ['priceLists'];
const api = endpoints.priceLists;

export const priceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.read),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "The company's price lists and the store's own", ...schemaOf(api.read) },
    },
    async (req) => ({ data: await listPriceLists(app.db, sessionUser(req).store_id) }),
  );
  app.post(
    urlOf(api.create),
    {
      config: { permission: 'prices' },
      schema: {
        tags,
        summary: "A list of the store, or the company's (an administrator of every store)",
        ...schemaOf(api.create),
      },
    },
    async (req, reply) => {
      const result = await createPriceList(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.post(
    urlOf(api.update),
    { config: { permission: 'prices' }, schema: { tags, summary: 'Renames a list', ...schemaOf(api.update) } },
    async (req, reply) => {
      const result = await renameList(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.post(
    urlOf(api.delete),
    {
      config: { permission: 'prices' },
      schema: {
        tags,
        summary: 'Refused with 409 PRICE_LIST_IN_USE while a customer carries it',
        ...schemaOf(api.delete),
      },
    },
    async (req, reply) => {
      const result = await removeList(app.db, sessionUser(req), req.body.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.post(
    urlOf(api.setPrices),
    {
      config: { permission: 'prices' },
      schema: {
        tags,
        summary: "Sets or removes (null) items' prices on a list, all or none",
        ...schemaOf(api.setPrices),
      },
    },
    async (req, reply) => {
      const result = await setPrices(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.get(
    urlOf(api.prices),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "A page of the store's items with their own price and the list's",
        ...schemaOf(api.prices),
      },
    },
    async (req, reply) => {
      const storeId = sessionUser(req).store_id;
      if (!(await lockPriceList(app.db, storeId, req.query.price_list_id)))
        return sendError(reply, { ok: false, code: 'PRICE_LIST_NOT_FOUND' });
      const { rows, total } = await listPrices(app.db, storeId, req.query);
      return { data: rows, total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );
  app.get(
    urlOf(api.customerPrices),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "What items sell at to a customer: his list's price, else the item's own",
        ...schemaOf(api.customerPrices),
      },
    },
    async (req, reply) => {
      const result = await customerPrices(app.db, sessionUser(req).store_id, req.query);
      return result.ok ? { data: result.value.prices, price_list: result.value.list } : sendError(reply, result);
    },
  );
};
