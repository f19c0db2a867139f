/**
 * `sales_returns/...` and `purchase_returns/...`, with the legacy paths and parameter names (api.md): saves of
 * `{ invoice, items }`, delete, the latest returns, the returns of a date, one return by reference, and what was
 * already returned from an invoice.
 */
import {
  CreateReturnBody,
  DeleteReturnBody,
  dataOf,
  ExistingReturns,
  Id,
  ReturnedByInvoice,
  type ReturnKindToken,
  ReturnQuery,
  ReturnWithLines,
  Text,
  TradeDocumentWithLines,
  UpdateReturnBody,
} from '@mizan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { readDocument, type SaveResult } from '../trade/trade.service.ts';
import { listReturns, returnedByInvoice } from './returns.queries.ts';
import { deleteReturn, existingReturns, readReturn, saveReturn } from './returns.service.ts';

const Saved = dataOf(ReturnWithLines);
const Deleted = dataOf(z.object({ return_id: z.number().int() }));
/** The legacy "top" read answers this many returns, newest first. */
const TOP_LIMIT = 100;

const answer = (reply: FastifyReply, result: SaveResult<ReturnWithLines>) =>
  result.ok ? { data: [result.value] } : sendError(reply, result);

function returnRoutes(kind: ReturnKindToken, topRead: string): FastifyPluginAsyncZod {
  const tags = [kind];
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
      `/${kind}/createWithItems`,
      {
        schema: {
          tags,
          summary: 'Save a return of an invoice, in one transaction',
          body: CreateReturnBody,
          response: { 200: Saved },
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
      `/${kind}/updateWithItems`,
      {
        schema: {
          tags,
          summary: 'Replace a return: header and lines',
          body: UpdateReturnBody,
          response: { 200: Saved },
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
      `/${kind}/deleteWithItems`,
      {
        schema: {
          tags,
          summary: 'Delete a return and what it posted',
          body: DeleteReturnBody,
          response: { 200: Deleted },
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
    });
    app.get(
      `/${kind}/${topRead}`,
      {
        schema: {
          tags,
          summary: 'The latest returns of the year',
          querystring: ReturnQuery,
          response: { 200: dataOf(ReturnWithLines.omit({ items: true })) },
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        return { data: await listReturns(app.db, listFilter(req, yearId), TOP_LIMIT) };
      },
    );
    app.get(
      `/${kind}/getReturnsByDate`,
      {
        schema: {
          tags,
          summary: 'Returns of one date (from)',
          querystring: ReturnQuery.required({ from: true }),
          response: { 200: dataOf(ReturnWithLines.omit({ items: true })) },
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
      `/${kind}/getReturnDetail`,
      {
        schema: {
          tags,
          summary: 'One return with its lines (return_ref)',
          querystring: ReturnQuery.required({ return_ref: true }),
          response: { 200: Saved },
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const storeId = sessionUser(req).store_id;
        const doc = await readReturn(app.db, { storeId, kind, yearId, returnRef: req.query.return_ref });
        return doc ? { data: [doc] } : sendError(reply, 'NOT_FOUND');
      },
    );
    app.get(
      `/${kind}/checkExistingReturns`,
      {
        schema: {
          tags,
          summary: 'Per item of an invoice (original_pay_ref): what it had, what was returned, what is left',
          querystring: ReturnQuery.required({ original_pay_ref: true }),
          response: { 200: ExistingReturns },
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
      `/${kind}/readById`,
      {
        schema: {
          tags,
          summary: 'One return in the shape of an invoice, with its lines (the print page)',
          querystring: z.object({ pay_id: Id, store_id: Id.optional() }),
          response: { 200: dataOf(TradeDocumentWithLines) },
        },
      },
      async (req, reply) => {
        const doc = await readDocument(app.db, sessionUser(req).store_id, kind, req.query.pay_id);
        return doc ? { data: [doc] } : sendError(reply, 'NOT_FOUND');
      },
    );
    app.get(
      `/${kind}/returnedByInvoice`,
      {
        schema: {
          tags,
          summary: 'For invoices of the record (pay_ids, comma-separated): what they had and what came back',
          querystring: z.object({
            pay_ids: Text()
              .max(2000)
              .regex(/^\d+(,\d+)*$/),
            store_id: Id.optional(),
          }),
          response: { 200: dataOf(ReturnedByInvoice) },
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
  await app.register(returnRoutes('sales_returns', 'getTopReturns'));
  await app.register(returnRoutes('purchase_returns', 'getTopPurchaseReturns'));
};
