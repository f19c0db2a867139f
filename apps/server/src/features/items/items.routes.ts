import {
  BrandRow,
  CreateItemsBody,
  dataOf,
  IdBody,
  IdQuery,
  Item,
  ItemInput,
  ItemListQuery,
  ModelRow,
  ok,
  PriceChangeBody,
  PriceChangePreview,
  pageOf,
  type Result,
  StoreYearQuery,
  Text,
  UpdateItemBody,
  UpdateItemPricesBody,
} from '@mizan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseGet } from '../../lib/refuseGet.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { distinctBrands, distinctModels, findItem, listItems, searchItemsWithStock } from './items.queries.ts';
import {
  applyPriceChange,
  createItems,
  deleteItem,
  previewPriceChange,
  truncateItems,
  updateItem,
  updateItemPrices,
} from './items.service.ts';

const tags = ['items'];
const Deleted = dataOf(z.object({ id: z.number().int() }));

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** An opening quantity belongs to a year: the item's own `yearId`, else the request's (see currentYear.ts). */
  const withOpeningYears = async <Row extends { firstQuantity?: unknown; yearId?: number | undefined }>(
    req: FastifyRequest,
    rows: Row[],
  ): Promise<Result<Row[]>> => {
    if (rows.every((row) => row.firstQuantity === undefined || row.yearId !== undefined)) return ok(rows);
    const year = await requestYear(app.db, { query: req.query, raw: req.raw, body: undefined });
    return year.ok ? ok(rows.map((row) => ({ ...row, yearId: row.yearId ?? year.value.id }))) : year;
  };

  app.get(
    '/items/read',
    {
      schema: {
        tags,
        summary: 'Items of the store, paged (20 by default), filtered by search, category, brand and model',
        querystring: ItemListQuery,
        response: { 200: pageOf(Item) },
      },
    },
    async (req) => {
      const { rows, total } = await listItems(app.db, sessionUser(req).store_id, req.query);
      return { data: rows, total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  app.get(
    '/items/getItemById',
    {
      schema: {
        tags,
        summary: "One item; another store's item is not found",
        querystring: IdQuery,
        response: { 200: dataOf(Item) },
      },
    },
    async (req, reply) => {
      const found = await findItem(app.db, sessionUser(req).store_id, req.query.id);
      return found.length ? { data: found } : sendError(reply, 'NOT_FOUND');
    },
  );

  const brands = async (req: Parameters<typeof sessionUser>[0]) => ({
    data: await distinctBrands(app.db, sessionUser(req).store_id),
  });
  app.get('/items/readBrand', { schema: { tags, response: { 200: dataOf(BrandRow) } } }, brands);
  app.get(
    '/items/readUniqueBrands',
    { schema: { tags, querystring: StoreYearQuery.partial(), response: { 200: dataOf(BrandRow) } } },
    brands,
  );
  app.get(
    '/items/readUniqueModels',
    {
      schema: {
        tags,
        querystring: StoreYearQuery.partial().extend({ brand: Text().trim().max(100).optional() }),
        response: { 200: dataOf(ModelRow) },
      },
    },
    async (req) => ({ data: await distinctModels(app.db, sessionUser(req).store_id, req.query.brand || undefined) }),
  );

  const ItemWithStock = Item.extend({ quantity: z.string() });
  const stockQuery = StoreYearQuery.partial().extend({
    search: Text().trim().max(100).optional(),
    id: IdQuery.shape.id.optional(),
  });
  app.get(
    '/items/searchStock',
    {
      schema: {
        tags,
        summary: 'Items with their stock in the year (name, code or barcode; exact code or barcode first), at most 20',
        querystring: stockQuery,
        response: { 200: dataOf(ItemWithStock) },
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const storeId = sessionUser(req).store_id;
      return {
        data: await searchItemsWithStock(app.db, storeId, year.value.id, req.query.search || undefined, 20),
      };
    },
  );
  app.get(
    '/items/readItemByIdQty',
    {
      schema: {
        tags,
        summary: 'One item with its stock in the year',
        querystring: stockQuery,
        response: { 200: dataOf(ItemWithStock) },
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      if (req.query.id === undefined) return sendError(reply, 'NOT_FOUND');
      const storeId = sessionUser(req).store_id;
      const found = await searchItemsWithStock(app.db, storeId, year.value.id, undefined, 1, req.query.id);
      return found.length ? { data: found } : sendError(reply, 'NOT_FOUND');
    },
  );

  app.post(
    '/items/create',
    {
      schema: {
        tags,
        summary: 'Create an item; with `firstQuantity` its opening quantity is set in the same transaction',
        body: ItemInput,
        response: { 200: dataOf(Item) },
      },
    },
    async (req, reply) => {
      const items = await withOpeningYears(req, [req.body]);
      if (!items.ok) return sendError(reply, items);
      const result = await createItems(app.db, sessionUser(req), items.value);
      return result.ok ? { data: result.value } : sendError(reply, result);
    },
  );

  app.post(
    '/items/createMulti',
    {
      schema: {
        tags,
        summary: 'Create several items at once: all or none',
        body: CreateItemsBody,
        response: { 200: dataOf(Item) },
      },
    },
    async (req, reply) => {
      const items = await withOpeningYears(req, req.body);
      if (!items.ok) return sendError(reply, items);
      const result = await createItems(app.db, sessionUser(req), items.value);
      return result.ok ? { data: result.value } : sendError(reply, result);
    },
  );

  app.post(
    '/items/update',
    { schema: { tags, body: UpdateItemBody, response: { 200: dataOf(Item) } } },
    async (req, reply) => {
      const result = await updateItem(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  for (const url of ['/items/updatePayPrice', '/items/updatePrices']) {
    app.post(
      url,
      { schema: { tags, body: UpdateItemPricesBody, response: { 200: dataOf(Item) } } },
      async (req, reply) => {
        const result = await updateItemPrices(app.db, sessionUser(req), req.body);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
  }

  const deleteSchema = {
    tags,
    summary: 'Refused with 409 ITEM_IN_USE when any document moved the item',
    response: { 200: Deleted },
  };
  app.post('/items/delete', { schema: { ...deleteSchema, body: IdBody } }, async (req, reply) => {
    const result = await deleteItem(app.db, sessionUser(req), req.body.id);
    return result.ok ? { data: [result.value] } : sendError(reply, result);
  });
  app.delete('/items/delete', { schema: { ...deleteSchema, querystring: IdQuery } }, async (req, reply) => {
    const result = await deleteItem(app.db, sessionUser(req), req.query.id);
    return result.ok ? { data: [result.value] } : sendError(reply, result);
  });
  refuseGet(app, '/items/delete', 'POST, DELETE');

  const direction = { increase: 1, decrease: -1 } as const;
  for (const [name, sign] of Object.entries(direction)) {
    app.post(
      `/items/${name}Price`,
      {
        schema: {
          tags,
          summary: `${name} selling (payval) and purchase (perchval) prices of all items, or of one category (administrators only)`,
          description: '`mode` = `amount` (currency; the legacy meaning, default) or `percent`.',
          body: PriceChangeBody,
          response: { 200: dataOf(z.object({ updated: z.number().int() })) },
        },
      },
      async (req, reply) => {
        const result = await applyPriceChange(app.db, sessionUser(req), req.body, sign);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
  }

  app.post(
    '/items/previewPriceChange',
    {
      schema: {
        tags,
        summary: 'What a bulk price change would do, without changing anything (first 50 items, and counts)',
        querystring: z.object({ direction: z.enum(['increase', 'decrease']) }),
        body: PriceChangeBody,
        response: {
          200: dataOf(PriceChangePreview).extend({ total: z.number().int(), notPositive: z.number().int() }),
        },
      },
    },
    async (req) => {
      const preview = await previewPriceChange(
        app.db,
        sessionUser(req).store_id,
        req.body,
        direction[req.query.direction],
      );
      return { data: preview.rows, total: preview.count, notPositive: preview.notPositive };
    },
  );

  app.post(
    '/items/truncateItems',
    {
      schema: {
        tags,
        summary: "Delete all the store's items: administrators only, and only while no document has moved stock",
        response: { 200: dataOf(z.object({ deleted: z.number().int() })) },
      },
    },
    async (req, reply) => {
      const result = await truncateItems(app.db, sessionUser(req));
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  refuseGet(app, '/items/truncateItems');
};
