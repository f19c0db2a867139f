import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { assignRole, listRoles, updateRole } from './roles.service.ts';

const tags = ['roles'];
const api = endpoints.roles;

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.read),
    {
      config: { permission: 'users' },
      schema: { tags, summary: 'The roles and what each permits', ...schemaOf(api.read) },
    },
    async () => ({ data: await listRoles(app.db) }),
  );
  app.post(
    urlOf(api.update),
    {
      config: { permission: 'roles' },
      schema: { tags, summary: "Rename a role and set its permissions (the owner's)", ...schemaOf(api.update) },
    },
    async (req, reply) => {
      const result = await updateRole(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.post(
    urlOf(api.assign),
    {
      config: { permission: 'users' },
      schema: { tags, summary: "A user's role in the current store", ...schemaOf(api.assign) },
    },
    async (req, reply) => {
      const result = await assignRole(app.db, sessionUser(req), req.body.user_id, req.body.role_id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
};
