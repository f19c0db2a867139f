import { CreateUserBody, dataOf, ResetPasswordBody, SetUserActiveBody, StoreQuery, StoreUser } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { createUser, listStoreUsers, resetPassword, setUserActive } from './users.service.ts';

const tags = ['users'];
const Done = dataOf(z.object({ id: z.number().int() }));

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/readByStore',
    {
      schema: {
        tags,
        summary: 'Users who may sign in to the store',
        querystring: StoreQuery.partial(),
        response: { 200: dataOf(StoreUser) },
      },
    },
    async (req) => ({ data: await listStoreUsers(app.db, sessionUser(req).store_id) }),
  );

  app.post(
    '/users/create',
    {
      schema: {
        tags,
        summary: 'Add a user to the store (administrators only)',
        body: CreateUserBody,
        response: { 200: dataOf(StoreUser) },
      },
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
    '/users/resetPassword',
    {
      schema: {
        tags,
        summary: "Set a user's password (administrators only); ends the user's sessions",
        body: ResetPasswordBody,
        response: { 200: Done },
      },
    },
    async (req, reply) => {
      const result = await resetPassword(app.db, sessionUser(req), req.body.id, req.body.password);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.post(
    '/users/setActive',
    {
      schema: {
        tags,
        summary: 'Disable or enable a user (administrators only)',
        body: SetUserActiveBody,
        response: { 200: Done },
      },
    },
    async (req, reply) => {
      const result = await setUserActive(app.db, sessionUser(req), req.body.id, req.body.is_active);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
};
