/**
 * `tswia/...` and `tswia_details/...`: the stock count's calls with the legacy paths and parameter names (api.md),
 * our one-call saves of `{ invoice, items }`, and the reads. Every call is year-scoped like the invoices' (the year
 * a call names, else year 1 under `/api/`, refused under `/api23/`) and scoped to the session's store; a read of a
 * record that is not there answers no rows.
 */
import {
  dataOf,
  endpoints,
  Id,
  LegacyStockCountHeader,
  LegacyStockCountLinesBody,
  LegacyStockCountUpdate,
  StockCountLine,
  StockCountQuery,
  StockCountWithLines,
} from '@mizan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asStoredTime, nowTime } from '../../lib/clock.ts';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { readableAuthor, readRefusal } from '../book/documentPermissions.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { addLegacyLines, removeLegacyLines, saveLegacyHeader } from './stockCount.legacy.ts';
import {
  type CountFilter,
  countedQuantityOfItem,
  countSheet,
  listCountLines,
  listCounts,
  readCount,
} from './stockCount.queries.ts';
import { deleteCount, saveCount } from './stockCount.service.ts';

const api = endpoints.tswia;
const tags = ['tswia'];
const detailTags = ['tswia_details'];
/** The legacy "top" read answers this many counts, newest first; a date read at most this many. */
const TOP_LIMIT = 100;
const DATE_LIMIT = 2000;
const Saved = dataOf(StockCountWithLines);

const answer = <T>(reply: FastifyReply, result: SaveResult<T>) =>
  result.ok ? { data: [result.value] } : sendError(reply, result);
const answerAll = <T>(reply: FastifyReply, result: SaveResult<T[]>) =>
  result.ok ? { data: result.value } : sendError(reply, result);

export const stockCountRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The request's year (see currentYear.ts); answered with the refusal when it has none. */
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
      config: { permission: 'stockCount.create' },
      schema: {
        tags,
        summary: 'Save a stock count with its lines, in one transaction',
        ...schemaOf(api.createWithItems),
      },
    },
    async (req, reply) => {
      const yearId = await yearOf(req, reply);
      if (yearId === undefined) return reply;
      const { invoice, items, idempotency_key } = req.body;
      return answer(
        reply,
        await saveCount(app.db, sessionUser(req), {
          header: { ...invoice, yearId },
          lines: items,
          idempotencyKey: idempotency_key ?? invoice.idempotency_key,
        }),
      );
    },
  );
  app.post(
    urlOf(api.updateWithItems),
    {
      config: { permission: 'stockCount.edit' },
      schema: {
        tags,
        summary: 'Replace a stock count: header and every line, system quantities computed again at its date',
        ...schemaOf(api.updateWithItems),
      },
    },
    async (req, reply) => {
      const yearId = await yearOf(req, reply);
      if (yearId === undefined) return reply;
      const { invoice, items } = req.body;
      return answer(
        reply,
        await saveCount(app.db, sessionUser(req), {
          header: { ...invoice, yearId },
          lines: items,
          payId: invoice.pay_id,
        }),
      );
    },
  );
  app.post(
    urlOf(api.deleteWithItems),
    {
      config: { permission: 'stockCount.delete' },
      schema: { tags, summary: 'Delete a stock count and what it posted', ...schemaOf(api.deleteWithItems) },
    },
    async (req, reply) => answer(reply, await deleteCount(app.db, sessionUser(req), req.body.pay_id)),
  );
  app.get(
    urlOf(api.readById),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'One stock count with its lines (pay_id)', ...schemaOf(api.readById) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      const count = await readCount(app.db, user.store_id, req.query.pay_id);
      if (!count) return { data: [] };
      const refused = readRefusal(user, count);
      return refused ? sendError(reply, refused) : { data: [count] };
    },
  );

  app.post(
    urlOf(api.sheet),
    {
      config: { permission: 'stockCount.create' },
      schema: {
        tags,
        summary:
          'Items (by ids or a category) with their system quantity and moving average at the count’s date and time',
        ...schemaOf(api.sheet),
      },
    },
    async (req) => {
      const { pay_date, pay_time, pay_id, item_ids, category_id } = req.body;
      // Without a time the count stands where a save now would: today's time of day (an edit keeps its own).
      const time = pay_time ? asStoredTime(pay_time) : nowTime();
      const place = { date: pay_date, time, payId: pay_id };
      return {
        data: await countSheet(app.db, sessionUser(req).store_id, place, {
          itemIds: item_ids,
          categoryId: category_id,
        }),
      };
    },
  );

  const countFilter = (req: FastifyRequest & { query: StockCountQuery }, yearId: number): CountFilter => ({
    storeId: sessionUser(req).store_id,
    yearId,
  });
  for (const [read, summary, dates, limit] of [
    ['getTopSales', 'The latest stock counts of the year', () => ({}), TOP_LIMIT],
    ['getSalesByDate', 'Stock counts of one date (from)', (q) => ({ from: q.from, to: q.from }), DATE_LIMIT],
    ['getSales2Date', 'Stock counts between two dates (from, to)', (q) => ({ from: q.from, to: q.to }), DATE_LIMIT],
  ] as const satisfies readonly [string, string, (q: StockCountQuery) => Partial<CountFilter>, number][]) {
    app.get(
      urlOf(api[read]),
      { config: { permission: 'signedIn' }, schema: { tags, summary, ...schemaOf(api[read]) } },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const filter = { ...countFilter(req, yearId), userId: readableAuthor(sessionUser(req)), ...dates(req.query) };
        return { data: await listCounts(app.db, filter, limit) };
      },
    );
  }

  // Legacy two-call saves (stockCount.legacy.ts).
  app.post(
    '/tswia/create',
    {
      config: { permission: 'stockCount.create' },
      schema: {
        tags,
        summary: 'Save a stock count header; its lines follow by tswia_details/createMulti',
        body: LegacyStockCountHeader,
        response: { 200: Saved },
      },
    },
    async (req, reply) => {
      const yearId = await yearOf(req, reply);
      if (yearId === undefined) return reply;
      return answerAll(reply, await saveLegacyHeader(app.db, sessionUser(req), { ...req.body, yearId }));
    },
  );
  app.post(
    '/tswia/update',
    {
      config: { permission: 'stockCount.edit' },
      schema: {
        tags,
        summary: 'Edit a stock count header; its lines stay, their system quantities computed again at its date',
        body: LegacyStockCountUpdate,
        response: { 200: Saved },
      },
    },
    async (req, reply) => {
      const yearId = await yearOf(req, reply);
      if (yearId === undefined) return reply;
      const header = { ...req.body, yearId };
      return answerAll(reply, await saveLegacyHeader(app.db, sessionUser(req), header, req.body.pay_id));
    },
  );
  app.delete(
    '/tswia/delete',
    {
      config: { permission: 'stockCount.delete' },
      schema: {
        tags,
        summary: 'Delete a stock count and what it posted',
        querystring: z.object({ pay_id: Id, store_id: Id.optional() }),
        response: { 200: api.deleteWithItems.response },
      },
    },
    async (req, reply) => answer(reply, await deleteCount(app.db, sessionUser(req), req.query.pay_id)),
  );
  app.post(
    '/tswia_details/createMulti',
    {
      config: { permission: 'stockCount.create' },
      schema: {
        tags: detailTags,
        summary: 'Add lines to their stock counts (by pay_ref), all or none; availQty is the server’s',
        body: LegacyStockCountLinesBody,
        response: { 200: Saved },
      },
    },
    async (req, reply) => {
      // Each line names its year; one that names none takes the request's (refused under /api23/).
      let lines = req.body as (z.output<typeof LegacyStockCountLinesBody>[number] & { yearId: number })[];
      if (req.body.some((line) => line.yearId === undefined)) {
        const year = await requestYear(app.db, { query: req.query, raw: req.raw, body: undefined });
        if (!year.ok) return sendError(reply, year);
        lines = req.body.map((line) => ({ ...line, yearId: line.yearId ?? year.value.id }));
      }
      return answerAll(reply, await addLegacyLines(app.db, sessionUser(req), lines));
    },
  );
  app.delete(
    '/tswia_details/deleteMultiServices',
    {
      config: { permission: 'stockCount.edit' },
      schema: {
        tags: detailTags,
        summary: "Delete a stock count's lines (the count stays, posting nothing, until new lines arrive)",
        querystring: StockCountQuery.required({ pay_ref: true }),
        response: { 200: Saved },
      },
    },
    async (req, reply) => {
      const yearId = await yearOf(req, reply);
      if (yearId === undefined) return reply;
      return answerAll(reply, await removeLegacyLines(app.db, sessionUser(req), req.query.pay_ref, yearId));
    },
  );

  // Line reads (the item movement report, edit-tswia).
  const lineReads: [string, string, (q: StockCountQuery) => Partial<CountFilter>][] = [
    // A reference is unique in its store; it is still looked up in the year asked for, never in another.
    ['readByStoreByRef', 'Lines of one count (pay_ref)', (q) => ({ payRef: q.pay_ref ?? '' })],
    ['readAllByStore', 'All count lines of the store and year', () => ({})],
    ['readAllByDate', 'Count lines of one date (from)', (q) => ({ from: q.from, to: q.from })],
    ['readAllByItemId', 'Count lines of one item', () => ({})],
    ['readAllByItemIdDate', 'Count lines of one item on one date', (q) => ({ from: q.from, to: q.from })],
    ['readAllByItemId2Date', 'Count lines of one item between two dates', (q) => ({ from: q.from, to: q.to })],
  ];
  for (const [read, summary, narrow] of lineReads) {
    app.get(
      `/tswia_details/${read}`,
      {
        config: { permission: 'signedIn' },
        schema: {
          tags: detailTags,
          summary,
          querystring: StockCountQuery,
          response: { 200: dataOf(StockCountLine) },
        },
      },
      async (req, reply) => {
        const yearId = await yearOf(req, reply);
        if (yearId === undefined) return reply;
        const filter = {
          ...countFilter(req, yearId),
          userId: readableAuthor(sessionUser(req)),
          itemId: req.query.item_id,
          ...narrow(req.query),
        };
        return { data: await listCountLines(app.db, filter) };
      },
    );
  }
  app.get(
    '/tswia_details/readQtyByItemId',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: detailTags,
        summary: 'Σ availQty − qtyReal of one item’s count lines (positive: more went out than came in)',
        querystring: StockCountQuery.required({ item_id: true }),
        response: { 200: dataOf(z.object({ quantity: z.string() })) },
      },
    },
    async (req, reply) => {
      const yearId = await yearOf(req, reply);
      if (yearId === undefined) return reply;
      const quantity = await countedQuantityOfItem(app.db, { ...countFilter(req, yearId), itemId: req.query.item_id });
      return { data: [{ quantity }] };
    },
  );
};
