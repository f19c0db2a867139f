/**
 * `sales_returns/...` and `purchase_returns/...`, with the legacy paths and parameter names (api.md): saves of
 * `{ invoice, items }`, delete, the latest returns, the returns of a date, one return by reference, and what was
 * already returned from an invoice.
 */
import {
  endpoints,
  kindOf,
  kindPermission,
  type ReturnKindToken,
  type ReturnQuery,
  type ReturnWithLines,
  type RouteAccess,
} from '@mizan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { readableAuthor, readRefusal } from '../book/documentPermissions.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { readDocument } from '../trade/trade.queries.ts';
import { listReturns, readReturn, returnedByInvoice } from './returns.queries.ts';
import { deleteReturn, existingReturns, saveReturn } from './returns.service.ts';

/** The legacy "top" read answers this many returns, newest first. */
const TOP_LIMIT = 100;

const answer = (reply: FastifyReply, result: SaveResult<ReturnWithLines>) =>
  result.ok ? { data: [result.value] } : sendError(reply, result);

/** The legacy "top" read of each kind of return (each has its own name). */
type LatestReturns =
  | typeof endpoints.sales_returns.getTopReturns
  | typeof endpoints.purchase_returns.getTopPurchaseReturns;

function returnRoutes(kind: ReturnKindToken, latest: LatestReturns): FastifyPluginAsyncZod {
  const tags = [kind];
  const api = endpoints[kind];
  // A purchase return's lines are cost prices: read with the cost permission (docs/permissions.md).
  const readAccess: RouteAccess = kindOf(kind).party === 'supplier' ? 'readCost' : 'signedIn';
  return async (app) => {
    const yearOf = async (req: FastifyRequest, reply: FastifyReply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) {
        sendError(reply, year);
        return undefined;
      }
      return year.value.id;
    };

    app.post(
      urlOf(api.createWithItems),
      {
        config: { permission: kindPermission(kind, 'create') },
        schema: {
          tags,
          summary: 'Save a return of an invoice, in one transaction',
          ...schemaOf(api.createWithItems),
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const { invoice, items, idempotency_key } = req.body;
        return answer(
          reply,
          await saveReturn(app.db, sessionUser(req), {
            kind,
            header: { ...invoice, yearId },
            lines: items,
            idempotencyKey: idempotency_key,
          }),
        );
      },
    );
    app.post(
      urlOf(api.updateWithItems),
      {
        config: { permission: kindPermission(kind, 'edit') },
        schema: {
          tags,
          summary: 'Replace a return: header and lines',
          ...schemaOf(api.updateWithItems),
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const { invoice, items } = req.body;
        return answer(
          reply,
          await saveReturn(app.db, sessionUser(req), {
            kind,
            header: { ...invoice, yearId },
            lines: items,
            returnId: invoice.return_id,
          }),
        );
      },
    );
    app.post(
      urlOf(api.deleteWithItems),
      {
        config: { permission: kindPermission(kind, 'delete') },
        schema: {
          tags,
          summary: 'Delete a return and what it posted',
          ...schemaOf(api.deleteWithItems),
        },
      },
      async (req, reply) => {
        const result = await deleteReturn(app.db, sessionUser(req), kind, req.body.return_id);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );

    const listFilter = (req: FastifyRequest & { query: ReturnQuery }, yearId: number) => ({
      storeId: sessionUser(req).store_id,
      kind,
      yearId,
      custId: req.query.cust_id,
      originalRef: req.query.original_pay_ref,
      userId: readableAuthor(sessionUser(req)),
    });
    app.get(
      urlOf(latest),
      {
        config: { permission: readAccess },
        schema: {
          tags,
          summary: 'The latest returns of the year',
          ...schemaOf(latest),
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        return { data: await listReturns(app.db, listFilter(req, yearId), TOP_LIMIT) };
      },
    );
    app.get(
      urlOf(api.getReturnsByDate),
      {
        config: { permission: readAccess },
        schema: {
          tags,
          summary: 'Returns of one date (from)',
          ...schemaOf(api.getReturnsByDate),
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const filter = { ...listFilter(req, yearId), from: req.query.from, to: req.query.from };
        return { data: await listReturns(app.db, filter, 2000) };
      },
    );
    app.get(
      urlOf(api.getReturnDetail),
      {
        config: { permission: readAccess },
        schema: {
          tags,
          summary: 'One return with its lines (return_ref)',
          ...schemaOf(api.getReturnDetail),
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const user = sessionUser(req);
        const doc = await readReturn(app.db, { storeId: user.store_id, kind, yearId, returnRef: req.query.return_ref });
        if (!doc) return sendError(reply, 'NOT_FOUND');
        const refused = readRefusal(user, doc);
        return refused ? sendError(reply, refused) : { data: [doc] };
      },
    );
    app.get(
      urlOf(api.checkExistingReturns),
      {
        config: { permission: readAccess },
        schema: {
          tags,
          summary: 'Per item of an invoice (original_pay_ref): what it had, what was returned, what is left',
          ...schemaOf(api.checkExistingReturns),
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const result = await existingReturns(
          app.db,
          sessionUser(req).store_id,
          kind,
          yearId,
          req.query.original_pay_ref,
        );
        return result.ok ? result.value : sendError(reply, result);
      },
    );
    // The return as the invoice screens read a document (the print page reads every kind this way).
    app.get(
      urlOf(api.readById),
      {
        config: { permission: readAccess },
        schema: {
          tags,
          summary: 'One return in the shape of an invoice, with its lines (the print page)',
          ...schemaOf(api.readById),
        },
      },
      async (req, reply) => {
        const user = sessionUser(req);
        const doc = await readDocument(app.db, user.store_id, kind, req.query.pay_id);
        if (!doc) return sendError(reply, 'NOT_FOUND');
        const refused = readRefusal(user, doc);
        return refused ? sendError(reply, refused) : { data: [doc] };
      },
    );
    app.get(
      urlOf(api.returnedByInvoice),
      {
        config: { permission: readAccess },
        schema: {
          tags,
          summary: 'For invoices of the record (pay_ids, comma-separated): what they had and what came back',
          ...schemaOf(api.returnedByInvoice),
        },
      },
      async (req) => {
        const ids = req.query.pay_ids.split(',').map(Number).slice(0, 200);
        return { data: await returnedByInvoice(app.db, sessionUser(req).store_id, ids) };
      },
    );
  };
}

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(returnRoutes('sales_returns', endpoints.sales_returns.getTopReturns));
  await app.register(returnRoutes('purchase_returns', endpoints.purchase_returns.getTopPurchaseReturns));
};
