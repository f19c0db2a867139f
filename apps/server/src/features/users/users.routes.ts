import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { createUser, listStoreUsers, resetPassword, setUserActive } from './users.service.ts';

const tags = ['users'];
const api = endpoints.users;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.readByStore),
    {
      config: { permission: 'users' },
      schema: { tags, summary: 'Users who may sign in to the store', ...schemaOf(api.readByStore) },
    },
    async (req) => ({ data: await listStoreUsers(app.db, sessionUser(req).store_id) }),
  );

  app.post(
    urlOf(api.create),
    {
      config: { permission: 'users' },
      schema: { tags, summary: 'Add a user to the store (administrators only)', ...schemaOf(api.create) },
    },
    async (req, reply) => {
      const admin = sessionUser(req);
      if (!admin.is_admin) return sendError(reply, 'ADMIN_ONLY');
      const { store_id: _, ...user } = req.body;
      const result = await createUser(app.db, { ...user, store_ids: [admin.store_id] }, admin);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.post(
    urlOf(api.resetPassword),
    {
      config: { permission: 'users' },
      schema: {
        tags,
        summary: "Set a user's password (administrators only); ends the user's sessions",
        ...schemaOf(api.resetPassword),
      },
    },
    async (req, reply) => {
      const result = await resetPassword(app.db, sessionUser(req), req.body.id, req.body.password);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.post(
    urlOf(api.setActive),
    {
      config: { permission: 'users' },
      schema: { tags, summary: 'Disable or enable a user (administrators only)', ...schemaOf(api.setActive) },
    },
    async (req, reply) => {
      const result = await setUserActive(app.db, sessionUser(req), req.body.id, req.body.is_active);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
};
