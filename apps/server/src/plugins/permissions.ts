/**
 * The one check of who may call a route (issue 22, part 2; docs/permissions.md). Every API route declares what it
 * needs in its config, as it declares `public`:
 *
 *   app.post(url, { config: { permission: 'sale.create' }, schema }, handler)
 *   app.get(url, { config: { permission: 'signedIn' }, schema }, handler)   // any signed-in user
 *
 * The session plugin calls `routeRefusal` once the user is known. A route that declares nothing is refused to
 * everyone (fail closed), and `permissions.routes.test.ts` walks every route so that none ships undeclared.
 * What depends on a document's content (its date, its author, its prices and discount) is checked in the save
 * pipeline instead (`features/book/documentPermissions.ts`).
 */
import type { Result, RouteAccess, SessionUser } from '@mizan/contract';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a call of the route needs; see above. */
    permission?: RouteAccess;
  }
}

/** Why the signed-in user may not call the route the router matched, or undefined if they may. */
export function routeRefusal(
  req: FastifyRequest,
  user: SessionUser,
): Extract<Result<never>, { ok: false }> | undefined {
  const access = req.routeOptions.config.permission;
  if (access === undefined) return { ok: false, code: 'PERMISSION_UNDECLARED' };
  if (access === 'signedIn' || user.permissions.includes(access)) return undefined;
  return { ok: false, code: 'PERMISSION_DENIED', missing: access };
}
