import { CategoryInput, dataOf, IdBody, IdQuery, ItemCategory, StoreQuery, UpdateCategoryBody } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { findCategory, listCategories } from './categories.queries.ts';
import { createCategory, editCategory, removeCategory } from './categories.service.ts';

const tags = ['item_categories'];

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/item_categories/read',
    {
      schema: {
        tags,
        summary: "The store's item categories with how many items use each",
        querystring: StoreQuery.partial(),
        response: { 200: dataOf(ItemCategory) },
      },
    },
    async (req) => ({ data: await listCategories(app.db, sessionUser(req).store_id) }),
  );

  app.get(
    '/item_categories/read_single',
    { schema: { tags, querystring: IdQuery, response: { 200: dataOf(ItemCategory) } } },
    async (req, reply) => {
      const found = await findCategory(app.db, sessionUser(req).store_id, req.query.id);
      return found.length ? { data: found } : sendError(reply, 'NOT_FOUND');
    },
  );

  app.post(
    '/item_categories/create',
    { schema: { tags, body: CategoryInput, response: { 200: dataOf(ItemCategory) } } },
    async (req, reply) => {
      const result = await createCategory(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.post(
    '/item_categories/update',
    { schema: { tags, body: UpdateCategoryBody, response: { 200: dataOf(ItemCategory) } } },
    async (req, reply) => {
      const result = await editCategory(app.db, sessionUser(req), req.body.id, req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.post(
    '/item_categories/delete',
    { schema: { tags, summary: 'Refused with 409 CATEGORY_IN_USE while items use the category', body: IdBody } },
    async (req, reply) => {
      const result = await removeCategory(app.db, sessionUser(req), req.body.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
};
