import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/session.ts';
import { signIn, signOut } from './auth.service.ts';

const tags = ['users'];
const api = endpoints.users;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    urlOf(api.login),
    {
      config: { public: true },
      schema: { tags, summary: 'Sign in to a store; sets the session cookie', ...schemaOf(api.login) },
    },
    async (req, reply) => {
      const result = await signIn(app.db, req.body, req.ip);
      if (!result.ok) return sendError(reply, result);
      setSessionCookie(req, reply, result.value.token);
      return { data: [result.value.user] };
    },
  );

  // The legacy client signed in by GET with the password in the URL. That is refused, not served.
  app.get(urlOf(api.login), { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('allow', 'POST');
    return sendError(reply, 'METHOD_NOT_ALLOWED');
  });

  app.post(
    urlOf(api.logout),
    { config: { public: true }, schema: { tags, summary: 'End the session', ...schemaOf(api.logout) } },
    async (req, reply) => {
      await signOut(app.db, req.cookies[SESSION_COOKIE]);
      clearSessionCookie(req, reply);
      return { data: [] };
    },
  );

  app.get(
    urlOf(api.me),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'The signed-in user, if the session is still valid', ...schemaOf(api.me) },
    },
    async (req) => ({ data: req.user ? [req.user] : [] }),
  );
};
