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

/**
 * The fields of a row that tell what goods cost, and what each reads as for a role without `readCost`. Every answer
 * to such a role goes through `withoutCost` (plugins/session.ts), whichever route gives it: the item reads a
 * cashier's screens need for names, prices and stock, a sale's lines, a save's answer. Routes that are about cost
 * (stock value, movement, gross profit, purchases) are refused to the role outright.
 */
const hiddenCost: Record<string, '' | null> = {
  perch_price: '',
  avg_cost: null,
  stockValuePerchPrice: '',
  // (selling − purchase price) / purchase price: with the selling price it gives the cost.
  profit: '',
  cost: null,
  gross_profit: null,
};

/** Whether a field (or a list's sort key) tells what goods cost: a role without `readCost` may not sort by it. */
export const isCostField = (field: string) => field in hiddenCost;

function blankCost(row: unknown): unknown {
  if (!row || typeof row !== 'object') return row;
  const shown: Record<string, unknown> = { ...row };
  for (const [field, blank] of Object.entries(hiddenCost)) if (field in shown) shown[field] = blank;
  // A document's lines (`items`) carry what each cost.
  if (Array.isArray(shown.items)) shown.items = shown.items.map(blankCost);
  return shown;
}

/**
 * An answer `{ data: rows }` with the rows' cost fields blanked (the same shape, so legacy clients and the
 * response schemas take it); anything else unchanged.
 */
export function withoutCost(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || !('data' in payload) || !Array.isArray(payload.data)) return payload;
  return { ...payload, data: payload.data.map(blankCost) };
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
