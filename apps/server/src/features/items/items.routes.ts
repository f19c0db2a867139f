import { BrandRow, CreateItemsBody, dataOf, endpoints, IdQuery, Item, ok, type Result } from '@mizan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { refuseGet } from '../../lib/refuseGet.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { assignBarcodes } from './itemBarcodes.service.ts';
import { createItemBatch } from './items.batch.ts';
import { distinctBrands, distinctModels, findItem, findItems, lastPurchase, listItems } from './items.queries.ts';
import {
  applyPriceChange,
  createItems,
  deleteItem,
  previewPriceChange,
  truncateItems,
  updateItem,
  updateItemPrices,
} from './items.service.ts';
import { mergeItems } from './mergeItems.ts';
import { stockRows } from './stock.queries.ts';

const tags = ['items'];
const api = endpoints.items;

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
    urlOf(api.read),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Items of the store, paged (20 by default), filtered by search, category, brand and model',
        ...schemaOf(api.read),
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
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "One item; a missing one (or another store's) answers an empty data array, as legacy clients expect",
        querystring: IdQuery,
        response: { 200: dataOf(Item) },
      },
    },
    async (req) => ({ data: await findItem(app.db, sessionUser(req).store_id, req.query.id) }),
  );

  const brands = async (req: Parameters<typeof sessionUser>[0]) => ({
    data: await distinctBrands(app.db, sessionUser(req).store_id),
  });
  app.get(
    '/items/readBrand',
    { config: { permission: 'signedIn' }, schema: { tags, response: { 200: dataOf(BrandRow) } } },
    brands,
  );
  app.get(
    urlOf(api.readUniqueBrands),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(api.readUniqueBrands) } },
    brands,
  );
  app.get(
    urlOf(api.readUniqueModels),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(api.readUniqueModels) } },
    async (req) => ({
      data: await distinctModels(app.db, sessionUser(req).store_id, req.query.brand || undefined),
    }),
  );

  app.get(
    urlOf(api.searchStock),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary:
          'Items with their stock in the year (name, code or barcode; exact code or barcode first; `id`: that item), at most 20',
        ...schemaOf(api.searchStock),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      // `id` narrows to that one item (with `search` too when both are sent); it was accepted and ignored before.
      const rows = await stockRows(
        app.db,
        sessionUser(req).store_id,
        year.value.id,
        { search: req.query.search || undefined, id: req.query.id },
        { order: { exactFirst: req.query.search ?? '' }, limit: 20, breakdown: false },
      );
      return { data: rows };
    },
  );
  app.get(
    urlOf(api.readItemByIdQty),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary:
          'One item with its stock through the year and its breakdown (opening, bought, sold, counted); a missing one answers an empty data array',
        ...schemaOf(api.readItemByIdQty),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      if (req.query.id === undefined) return { data: [] };
      return { data: await stockRows(app.db, sessionUser(req).store_id, year.value.id, { id: req.query.id }) };
    },
  );

  app.get(
    urlOf(api.cost),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary:
          "One item's own purchase price, its moving-average cost in stock through the year and its last purchase (price, date, invoice) up to the year's end",
        ...schemaOf(api.cost),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const storeId = sessionUser(req).store_id;
      const [row] = await stockRows(app.db, storeId, year.value.id, { id: req.query.id }, { breakdown: false });
      if (!row) return { data: [] };
      const last = await lastPurchase(app.db, storeId, row.id, year.value.yearEnd);
      return {
        data: [
          {
            item_id: row.id,
            perch_price: row.perch_price,
            quantity: row.quantity,
            avg_cost: row.avg_cost,
            last_purchase: last ?? null,
          },
        ],
      };
    },
  );

  app.post(
    urlOf(api.create),
    {
      config: { permission: 'items' },
      schema: {
        tags,
        summary: 'Create an item; with `firstQuantity` its opening quantity is set in the same transaction',
        ...schemaOf(api.create),
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
      config: { permission: 'items' },
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
      const result = await createItemBatch(app.db, sessionUser(req), items.value);
      return result.ok ? { data: result.value } : sendError(reply, result);
    },
  );

  app.post(
    urlOf(api.update),
    { config: { permission: 'items' }, schema: { tags, ...schemaOf(api.update) } },
    async (req, reply) => {
      const result = await updateItem(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  for (const url of [urlOf(api.updatePayPrice), '/items/updatePrices']) {
    app.post(
      url,
      { config: { permission: 'prices' }, schema: { tags, ...schemaOf(api.updatePayPrice) } },
      async (req, reply) => {
        const result = await updateItemPrices(app.db, sessionUser(req), req.body);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
  }

  app.get(
    urlOf(api.readByIds),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Items of the store by id, in the order asked (the labels screen)',
        ...schemaOf(api.readByIds),
      },
    },
    async (req) => {
      const found = new Map((await findItems(app.db, sessionUser(req).store_id, req.query.ids)).map((i) => [i.id, i]));
      return { data: [...new Set(req.query.ids)].flatMap((id) => found.get(id) ?? []) };
    },
  );

  app.post(
    urlOf(api.assignBarcodes),
    {
      config: { permission: 'items' },
      schema: {
        tags,
        summary:
          "Give the items without a barcode the store's own EAN-13s (its prefix, unique in the company, check digit right); items with one keep it",
        ...schemaOf(api.assignBarcodes),
      },
    },
    async (req, reply) => {
      const result = await assignBarcodes(app.db, sessionUser(req), req.body.item_ids);
      return result.ok ? { data: result.value } : sendError(reply, result);
    },
  );

  const deleteSchema = {
    tags,
    summary: 'Refused with 409 ITEM_IN_USE when any document moved the item',
  };
  app.post(
    urlOf(api.delete),
    { config: { permission: 'items' }, schema: { ...deleteSchema, ...schemaOf(api.delete) } },
    async (req, reply) => {
      const result = await deleteItem(app.db, sessionUser(req), req.body.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.delete(
    urlOf(api.delete),
    {
      config: { permission: 'items' },
      schema: { ...deleteSchema, querystring: IdQuery, response: { 200: api.delete.response } },
    },
    async (req, reply) => {
      const result = await deleteItem(app.db, sessionUser(req), req.query.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  refuseGet(app, '/items/delete', 'POST, DELETE');
  app.post(
    urlOf(api.merge),
    {
      config: { permission: 'items' },
      schema: {
        tags,
        summary:
          "Merge two catalogue items into one in every store, their stock and history with it (every store's administrator)",
        ...schemaOf(api.merge),
      },
    },
    async (req, reply) => {
      const result = await mergeItems(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  const direction = { increase: 1, decrease: -1 } as const;
  for (const [name, sign] of Object.entries(direction)) {
    const change = api[`${name as keyof typeof direction}Price`];
    app.post(
      urlOf(change),
      {
        config: { permission: 'prices' },
        schema: {
          tags,
          summary: `${name} selling (payval) and purchase (perchval) prices of all items, or of one category (administrators only)`,
          description: '`mode` = `amount` (currency; the legacy meaning, default) or `percent`.',
          ...schemaOf(change),
        },
      },
      async (req, reply) => {
        const result = await applyPriceChange(app.db, sessionUser(req), req.body, sign);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
  }

  app.post(
    urlOf(api.previewPriceChange),
    {
      config: { permission: 'prices' },
      schema: {
        tags,
        summary: 'What a bulk price change would do, without changing anything (first 50 items, and counts)',
        ...schemaOf(api.previewPriceChange),
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
      config: { permission: 'items' },
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
