import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { findCategory, listCategories } from './categories.queries.ts';
import { createCategory, editCategory, removeCategory } from './categories.service.ts';

const tags = ['item_categories'];
const api = endpoints.item_categories;

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.read),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "The store's item categories with how many items use each",
        ...schemaOf(api.read),
      },
    },
    async (req) => ({ data: await listCategories(app.db, sessionUser(req).store_id) }),
  );

  // A missing category (or another store's) answers an empty data array, as the legacy client expects.
  app.get(
    urlOf(api.read_single),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(api.read_single) } },
    async (req) => ({
      data: await findCategory(app.db, sessionUser(req).store_id, req.query.id),
    }),
  );

  app.post(
    urlOf(api.create),
    { config: { permission: 'items' }, schema: { tags, ...schemaOf(api.create) } },
    async (req, reply) => {
      const result = await createCategory(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.post(
    urlOf(api.update),
    { config: { permission: 'items' }, schema: { tags, ...schemaOf(api.update) } },
    async (req, reply) => {
      const result = await editCategory(app.db, sessionUser(req), req.body.id, req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.post(
    urlOf(api.delete),
    {
      config: { permission: 'items' },
      schema: {
        tags,
        summary: 'Refused with 409 CATEGORY_IN_USE while items use the category',
        ...schemaOf(api.delete),
      },
    },
    async (req, reply) => {
      const result = await removeCategory(app.db, sessionUser(req), req.body.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
};
