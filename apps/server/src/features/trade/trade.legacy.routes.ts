/**
 * The legacy two-call paths (see `trade.legacy.ts`): headers by themselves, lines added to or deleted from a
 * document by its reference, and the offline-sync batch of headers. Our own screens save in one call.
 */
import {
  dataOf,
  endpoints,
  HeaderOnlyBatchBody,
  kindPermission,
  LegacyLinesBody,
  LegacyReferenceQuery,
  ok,
  TradeDocumentWithLines,
  tradeKindTokens,
} from '@mizan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { addLines, removeLines, saveHeader, saveHeaders } from './trade.legacy.ts';
import { answerSaved } from './trade.reply.ts';

const Saved = dataOf(TradeDocumentWithLines);

export const legacyTradeRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Rows of a legacy array (lines, offline headers) each name their year; a row that names none takes the
   * request's (year 1 under `/api/`, refused under `/api23/`).
   */
  const withYears = async <Row extends { yearId?: number | undefined }>(req: FastifyRequest, rows: Row[]) => {
    if (rows.every((row) => row.yearId !== undefined)) return ok(rows as (Row & { yearId: number })[]);
    const year = await requestYear(app.db, { query: req.query, raw: req.raw, body: undefined });
    return year.ok ? ok(rows.map((row) => ({ ...row, yearId: row.yearId ?? year.value.id }))) : year;
  };

  for (const kind of tradeKindTokens) {
    const tags = [kind];
    const details = `${kind}_details`;
    const api = endpoints[kind];
    app.post(
      urlOf(api.create),
      {
        config: { permission: kindPermission(kind, 'create') },
        schema: {
          tags,
          summary: 'Save a header without lines: a value-only invoice, or the first of the two legacy calls',
          ...schemaOf(api.create),
        },
      },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        return answerSaved(
          reply,
          await saveHeader(app.db, sessionUser(req), kind, { ...req.body, yearId: year.value.id }),
        );
      },
    );
    app.post(
      urlOf(api.update),
      {
        config: { permission: kindPermission(kind, 'edit') },
        schema: {
          tags,
          summary: 'Edit a header; a document with lines keeps them and its total is computed from them',
          ...schemaOf(api.update),
        },
      },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        const header = { ...req.body, yearId: year.value.id };
        return answerSaved(reply, await saveHeader(app.db, sessionUser(req), kind, header, req.body.pay_id));
      },
    );
    app.post(
      `/${details}/createMulti`,
      {
        config: { permission: kindPermission(kind, 'create') },
        schema: {
          tags: [details],
          summary: 'Add lines to their documents (by pay_ref), all or none; totals, stock and postings follow',
          body: LegacyLinesBody,
          response: { 200: Saved },
        },
      },
      async (req, reply) => {
        const lines = await withYears(req, req.body);
        if (!lines.ok) return sendError(reply, lines);
        return answerSaved(reply, await addLines(app.db, sessionUser(req), kind, lines.value));
      },
    );
    app.delete(
      `/${details}/deleteMultiServices`,
      {
        config: { permission: kindPermission(kind, 'edit') },
        schema: {
          tags: [details],
          summary: "Delete a document's lines (the header stays, value-only, until new lines arrive)",
          querystring: LegacyReferenceQuery,
          response: { 200: Saved },
        },
      },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        return answerSaved(reply, await removeLines(app.db, sessionUser(req), kind, req.query.pay_ref, year.value.id));
      },
    );
  }
  // Offline sync of invoice headers made on a phone without a connection.
  for (const kind of ['pay', 'perch'] as const) {
    app.post(
      `/${kind}/createMulti`,
      {
        config: { permission: kindPermission(kind, 'create') },
        schema: {
          tags: [kind],
          summary: 'Save several headers (offline sync), all or none; a header sent again is not saved twice',
          body: HeaderOnlyBatchBody,
          response: { 200: Saved },
        },
      },
      async (req, reply) => {
        const headers = await withYears(req, req.body);
        if (!headers.ok) return sendError(reply, headers);
        return answerSaved(reply, await saveHeaders(app.db, sessionUser(req), kind, headers.value));
      },
    );
  }
};
