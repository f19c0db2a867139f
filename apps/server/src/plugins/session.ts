/**
 * Who is calling, and may they: the anti-forgery rule, the session and the store scope, for every API route.
 * A route opts out of the session with `config: { public: true }` (sign-in, the store list, health, docs); every
 * other route declares the permission it needs, `config: { permission }` (plugins/permissions.ts).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SessionUser, XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.ts';
import { role, session, userStore, users } from '../db/schema.ts';
import { roleColumns, withRole } from '../lib/permissions.ts';
import { sendError } from '../lib/sendError.ts';
import { routeRefusal, withoutCost } from './permissions.ts';

export const SESSION_COOKIE = 'mizan_session';
/** Idle time after which a session ends; it is extended as the user works. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/**
 * The absolute lifetime of a session, however busy: a day. A stolen cookie stops working within it, and a shop's
 * working day fits in it (the next morning starts with a sign-in).
 */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
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

/**
 * The anti-forgery token of a session, derived from its secret: a token read or guessed for any other session
 * (or for none) does not fit this one. Before sign-in the token is a random cookie the caller echoes.
 */
export const xsrfTokenFor = (sessionToken: string) =>
  createHmac('sha256', sessionToken).update('mizan anti-forgery').digest('base64url');

/** The token a change must carry: the session's own, or before any session the anti-forgery cookie. */
function expectedXsrf(req: FastifyRequest): string | undefined {
  const sessionToken = req.cookies[SESSION_COOKIE];
  return sessionToken ? xsrfTokenFor(sessionToken) : req.cookies[XSRF_COOKIE];
}

function sameToken(given: unknown, expected: string | undefined): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
const cookieOptions = (req: FastifyRequest) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: req.protocol === 'https',
});

function setXsrfCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  // Readable by the page on purpose: the web app echoes it in the header of every change.
  reply.setCookie(XSRF_COOKIE, token, { ...cookieOptions(req), httpOnly: false });
}

/** Starts a session in the browser; the anti-forgery token is replaced by the new session's own. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req), httpOnly: true, maxAge: SESSION_MAX_AGE_MS / 1000 });
  setXsrfCookie(req, reply, xsrfTokenFor(token));
}
export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(req), httpOnly: true });
  setXsrfCookie(req, reply, newToken());
}

async function findSessionUser(db: DbOrTx, token: string): Promise<SessionUser | undefined> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      id: users.id,
      user_name: users.user_name,
      full_name: users.full_name,
      store_id: session.store_id,
      ...roleColumns,
      expires_at: session.expires_at,
      created_at: session.created_at,
    })
    .from(session)
    .innerJoin(users, eq(users.id, session.user_id))
    // The role of the session's store: a user taken out of the store loses the session with it.
    .innerJoin(userStore, and(eq(userStore.user_id, session.user_id), eq(userStore.store_id, session.store_id)))
    .innerJoin(role, eq(role.id, userStore.role_id))
    .where(
      and(
        eq(session.id, id),
        gt(session.expires_at, sql`now()`),
        gt(session.created_at, sql`now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`),
        eq(users.is_active, true),
      ),
    );
  if (!row) return undefined;
  if (row.expires_at.getTime() - Date.now() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    // Extended as the user works, never past the session's absolute lifetime.
    const end = Math.min(Date.now() + SESSION_TTL_MS, row.created_at.getTime() + SESSION_MAX_AGE_MS);
    await db
      .update(session)
      .set({ expires_at: new Date(end) })
      .where(eq(session.id, id));
  }
  const { expires_at: _, created_at: __, ...user } = row;
  return withRole(user);
}

/** The signed-in user on a public route (which the session check skips), or undefined. */
export async function optionalSessionUser(db: DbOrTx, req: FastifyRequest): Promise<SessionUser | undefined> {
  const token = req.cookies[SESSION_COOKIE];
  return token ? findSessionUser(db, token) : undefined;
}

/** A legacy array sent as a JSON string (text/plain, see `jsonArrayOf`), as its route will read it. */
function legacyArray(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The store ids a request names, in its query or body (a body may be one record or an array of them). */
function namedStoreIds(req: FastifyRequest): unknown[] {
  const found: unknown[] = [];
  const query = req.query as Record<string, unknown> | undefined;
  if (query?.store_id !== undefined) found.push(query.store_id);
  const body = legacyArray(req.body);
  const records = Array.isArray(body) ? body : [body];
  for (const record of records) {
    if (record && typeof record === 'object' && 'store_id' in record) found.push(record.store_id);
  }
  return found;
}

export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', undefined);

  app.addHook('onRequest', async (req, reply) => {
    // Decided on the route the router matched, never on the text of the URL: `/%61pi/...` or `/api23/x.php`
    // reach the same route as `/api/x` and get the same checks. Routes outside /api/ serve the web app's files;
    // a path that matched no route is answered 404 by the not-found handler.
    const route = req.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    // Anti-forgery: a page on another site can make the browser send our cookies, but it cannot read the token
    // to echo it in the header. Once signed in, the token is the session's own.
    const expected = expectedXsrf(req);
    if (!expected || req.cookies[XSRF_COOKIE] !== expected) setXsrfCookie(req, reply, expected ?? newToken());
    if (!SAFE_METHODS.has(req.method) && !sameToken(req.headers[XSRF_HEADER], expected)) {
      return sendError(reply, 'XSRF_MISSING');
    }
    if (req.routeOptions.config.public) return;
    const token = req.cookies[SESSION_COOKIE];
    req.user = token ? await findSessionUser(app.db, token) : undefined;
    if (!req.user) return sendError(reply, 'NOT_SIGNED_IN');
    // What the route declares it needs, checked here for every route (plugins/permissions.ts).
    const refusal = routeRefusal(req, req.user);
    if (refusal) return sendError(reply, refusal);
  });

  // Cost prices leave only for a role that may read them, whatever route answers them (plugins/permissions.ts).
  app.addHook('preSerialization', async (req, _reply, payload) =>
    req.user && !req.user.permissions.includes('readCost') ? withoutCost(payload) : payload,
  );

  // An API answer is one user's data at one moment: no browser, proxy or shared computer keeps it. A route that
  // means to be cached says so itself (the logo, whose URL changes with its bytes).
  app.addHook('onSend', async (req, reply) => {
    if (req.routeOptions.url?.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // After the body is parsed, before validation: a request for another store's data is refused outright.
  app.addHook('preValidation', async (req, reply) => {
    if (!req.user) return;
    const sessionStore = req.user.store_id;
    // A store id is a number or its text; anything else (an object, even one whose `toString` is not a function) is
    // not this store's and must not reach `Number`, which throws on it.
    const asStoreId = (value: unknown) =>
      typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
    if (namedStoreIds(req).some((storeId) => asStoreId(storeId) !== sessionStore)) {
      return sendError(reply, 'STORE_FORBIDDEN');
    }
  });
});
