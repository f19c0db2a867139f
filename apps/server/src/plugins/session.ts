/**
 * Who is calling, and may they: the anti-forgery rule, the session and the store scope, for every API route.
 * A route opts out of the session with `config: { public: true }` (sign-in, the store list, health, docs).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type SessionUser, XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.ts';
import { session, users } from '../db/schema.ts';
import { sendError } from '../lib/sendError.ts';

export const SESSION_COOKIE = 'mizan_session';
/** Idle time after which a session ends; it is extended as the user works. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const EXTEND_AFTER_MS = 60 * 60 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | undefined;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

const isApi = (req: FastifyRequest) => req.url.startsWith('/api/');
const cookieOptions = (req: FastifyRequest) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: req.protocol === 'https',
});

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), httpOnly: true, maxAge: SESSION_TTL_MS / 1000 });
}
export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(req), httpOnly: true });
}

async function findSessionUser(db: DbOrTx, token: string): Promise<SessionUser | undefined> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      id: users.id,
      user_name: users.user_name,
      full_name: users.full_name,
      is_admin: users.is_admin,
      store_id: session.store_id,
      expires_at: session.expires_at,
    })
    .from(session)
    .innerJoin(users, eq(users.id, session.user_id))
    .where(and(eq(session.id, id), gt(session.expires_at, sql`now()`), eq(users.is_active, true)));
  if (!row) return undefined;
  if (row.expires_at.getTime() - Date.now() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    await db
      .update(session)
      .set({ expires_at: new Date(Date.now() + SESSION_TTL_MS) })
      .where(eq(session.id, id));
  }
  const { expires_at: _, ...user } = row;
  return user;
}

/** The store ids a request names, in its query or body (a body may be one record or an array of them). */
function namedStoreIds(req: FastifyRequest): unknown[] {
  const found: unknown[] = [];
  const query = req.query as Record<string, unknown> | undefined;
  if (query?.store_id !== undefined) found.push(query.store_id);
  const records = Array.isArray(req.body) ? req.body : [req.body];
  for (const record of records) {
    if (record && typeof record === 'object' && 'store_id' in record) found.push(record.store_id);
  }
  return found;
}

export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', undefined);

  app.addHook('onRequest', async (req, reply) => {
    if (!isApi(req)) return;
    // Double-submit anti-forgery token: a page on another site can make the browser send our cookies,
    // but it cannot read the cookie to echo it in the header.
    const xsrf = req.cookies[XSRF_COOKIE];
    if (!xsrf) reply.setCookie(XSRF_COOKIE, newToken(), { ...cookieOptions(req), httpOnly: false });
    if (!SAFE_METHODS.has(req.method) && (!xsrf || req.headers[XSRF_HEADER] !== xsrf)) {
      return sendError(reply, 'XSRF_MISSING');
    }
    if (req.routeOptions.config.public || !req.routeOptions.url) return;
    const token = req.cookies[SESSION_COOKIE];
    req.user = token ? await findSessionUser(app.db, token) : undefined;
    if (!req.user) return sendError(reply, 'NOT_SIGNED_IN');
  });

  // After the body is parsed, before validation: a request for another store's data is refused outright.
  app.addHook('preValidation', async (req, reply) => {
    if (!req.user) return;
    const sessionStore = req.user.store_id;
    if (namedStoreIds(req).some((storeId) => Number(storeId) !== sessionStore)) {
      return sendError(reply, 'STORE_FORBIDDEN');
    }
  });
});
