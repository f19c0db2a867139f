import {
  conversionEndpoints,
  type DeviceSale,
  DocumentListQuery,
  type DueKindToken,
  dataOf,
  endpoints,
  expandReference,
  Id,
  kindOf,
  kindPermission,
  ok,
  type RouteAccess,
  StockShortage,
  Text,
  type TradeKindToken,
  TradeLine,
  tradeKindTokens,
  ValidateStockBody,
  yearOf,
} from '@mizan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { readableAuthor, readRefusal } from '../book/documentPermissions.ts';
import { requestYear, requestYearId, sentYear } from '../organisation/currentYear.ts';
import { deviceCounters } from './deviceCounters.queries.ts';
import { saveDeviceSales } from './deviceSales.service.ts';
import { legacyTradeRoutes } from './trade.legacy.routes.ts';
import {
  type DocumentFilter,
  type LineFilter,
  listDocuments,
  listLines,
  pageDocuments,
  quantityOfItem,
  readDocument,
  storeOf,
} from './trade.queries.ts';
import { answerSave } from './trade.reply.ts';
import { checkStock, convertDocument, deleteDocument, saveDocument, updateDocument } from './trade.service.ts';

const LineQuery = DocumentListQuery.omit({ value_only: true, page: true, pageSize: true }).extend({
  item_id: Id.optional(),
  pay_ref: Text().max(100).optional(),
});

function documentRoutes(kind: TradeKindToken): FastifyPluginAsyncZod {
  const tags = [kind];
  const { yearScoped, logName: label, dueDates, party } = kindOf(kind);
  // A purchase's lines are its cost prices: read with the cost permission (docs/permissions.md); a sale's by anyone.
  const readAccess: RouteAccess = party === 'supplier' ? 'readCost' : 'signedIn';
  const api = endpoints[kind];
  return async (app) => {
    // Which year a read covers: the request's (see currentYear.ts); preliminary invoices and orders span years
    // unless a year is named.
    const readYear = async (req: FastifyRequest & { query: { yearId?: number; year_id?: number } }) => {
      if (!yearScoped) return ok<number | undefined>(yearOf(req.query));
      const year = await requestYear(app.db, req);
      return year.ok ? ok(year.value.id) : year;
    };

    app.post(
      urlOf(api.createWithItems),
      {
        config: { permission: kindPermission(kind, 'create') },
        schema: {
          tags,
          summary: `Save a ${label} document with its lines in one transaction`,
          ...schemaOf(api.createWithItems),
        },
      },
      async (req, reply) => {
        // The save reads the year (and refuses one that does not exist): only its id is taken here.
        const year = requestYearId(req);
        if (!year.ok) return sendError(reply, year);
        return answerSave(
          reply,
          await saveDocument(app.db, sessionUser(req), {
            kind,
            header: { ...req.body.invoice, yearId: year.value },
            lines: req.body.items,
            idempotencyKey: req.body.idempotency_key,
            device: req.body.device,
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
          summary:
            'Replace a document: header and all its lines, in one transaction; a line without a price keeps its price on the document',
          ...schemaOf(api.updateWithItems),
        },
      },
      async (req, reply) => {
        // The save reads the year (and refuses one that does not exist): only its id is taken here.
        const year = requestYearId(req);
        if (!year.ok) return sendError(reply, year);
        return answerSave(
          reply,
          await updateDocument(
            app.db,
            sessionUser(req),
            kind,
            req.body.invoice.pay_id,
            { ...req.body.invoice, yearId: year.value },
            req.body.items,
          ),
        );
      },
    );
    app.get(
      urlOf(api.readById),
      {
        config: { permission: readAccess },
        schema: { tags, summary: 'One document with its lines', ...schemaOf(api.readById) },
      },
      async (req, reply) => {
        const user = sessionUser(req);
        const doc = await readDocument(app.db, user.store_id, kind, req.query.pay_id);
        if (!doc) return sendError(reply, 'NOT_FOUND');
        const refused = readRefusal(user, doc);
        return refused ? sendError(reply, refused) : { data: [doc] };
      },
    );
    app.post(
      urlOf(api.deleteWithItems),
      { config: { permission: kindPermission(kind, 'delete') }, schema: { tags, ...schemaOf(api.deleteWithItems) } },
      async (req, reply) => {
        const result = await deleteDocument(app.db, sessionUser(req), kind, req.body.pay_id);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
    app.delete(
      `/${kind}/delete`,
      {
        config: { permission: kindPermission(kind, 'delete') },
        schema: { tags, querystring: z.object({ pay_id: Id }), response: { 200: api.deleteWithItems.response } },
      },
      async (req, reply) => {
        const result = await deleteDocument(app.db, sessionUser(req), kind, req.query.pay_id);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );

    const list = (read: 'getTopSales' | 'getSalesByDate' | 'getSales2Date', summary: string) =>
      ({
        config: { permission: readAccess },
        schema: {
          tags,
          summary: `${summary}; with \`page\`, one page plus the count and column sums of the whole filter`,
          ...schemaOf(api[read]),
        },
      }) as const;
    // The legacy clients call without `page` and keep their `{ data }` of at most `legacyLimit` documents.
    const answerList = async (query: DocumentListQuery, filter: DocumentFilter, legacyLimit: number) => {
      if (query.page === undefined) return { data: await listDocuments(app.db, filter, legacyLimit) };
      const { rows, total, sums } = await pageDocuments(app.db, filter, query);
      return { data: rows, total, page: query.page, pageSize: query.pageSize, sums };
    };
    const listFilter = async (req: FastifyRequest & { query: DocumentListQuery }, yearId: number | undefined) => ({
      storeId: sessionUser(req).store_id,
      kind,
      yearId,
      custId: req.query.cust_id,
      valueOnly: req.query.value_only,
      userId: readableAuthor(sessionUser(req)),
      recordsOnly: true,
      refIn: await typedReference(sessionUser(req).store_id, req.query.pay_ref),
    });
    // An invoice number as typed: exactly, or the full reference its short form stands for ("12" → SH-S-000012).
    const typedReference = async (storeId: number, typed: string | undefined) => {
      if (!typed) return undefined;
      const full = expandReference(typed, (await storeOf(app.db, storeId)).store_ref, kind);
      return full ? [typed, full] : [typed];
    };
    const dates = {
      getTopSales: () => ({}),
      getSalesByDate: (query: DocumentListQuery) => ({ from: query.from, to: query.from }),
      getSales2Date: (query: DocumentListQuery) => ({ from: query.from, to: query.to }),
    };
    for (const [read, summary] of [
      ['getTopSales', 'The latest documents'],
      ['getSalesByDate', 'Documents of one date (from)'],
      ['getSales2Date', 'Documents between two dates (from, to)'],
    ] as const) {
      app.get(urlOf(api[read]), list(read, summary), async (req, reply) => {
        const year = await readYear(req);
        if (!year.ok) return sendError(reply, year);
        const filter: DocumentFilter = { ...(await listFilter(req, year.value)), ...dates[read](req.query) };
        return answerList(req.query, filter, read === 'getTopSales' ? req.query.limit : 500);
      });
    }
    if (dueDates) {
      const due = endpoints[kind as DueKindToken].paynotif;
      app.get(
        urlOf(due),
        {
          config: { permission: readAccess },
          schema: {
            tags,
            summary: 'Documents with a next payment date whose remainder is still due',
            ...schemaOf(due),
          },
        },
        async (req, reply) => {
          const year = await readYear(req);
          if (!year.ok) return sendError(reply, year);
          const filter = {
            storeId: sessionUser(req).store_id,
            kind,
            yearId: year.value,
            userId: readableAuthor(sessionUser(req)),
            dueOnly: true,
            recordsOnly: true,
          };
          return { data: await listDocuments(app.db, filter, 500) };
        },
      );
    }

    const details = `/${kind}_details`;
    const lines = (summary: string) =>
      ({
        config: { permission: readAccess },
        schema: { tags: [`${kind}_details`], summary, querystring: LineQuery, response: { 200: dataOf(TradeLine) } },
      }) as const;
    type LineQuery = z.output<typeof LineQuery>;
    const lineReads: [string, string, (q: LineQuery) => Partial<LineFilter>][] = [
      // A reference is unique in its store; it is still looked up in the year asked for, never in another.
      ['readByStoreByRef', 'Lines of one document (pay_ref)', (q) => ({ payRef: q.pay_ref ?? '' })],
      ['readAllByStore', 'All lines of the store and year', () => ({})],
      ['readAllByDate', 'Lines of one date (from)', (q) => ({ from: q.from, to: q.from })],
      ['readAllByItemId', 'Lines of one item', () => ({})],
      ['readAllByItemIdDate', 'Lines of one item on one date', (q) => ({ from: q.from, to: q.from })],
      ['readAllByItemId2Date', 'Lines of one item between two dates', (q) => ({ from: q.from, to: q.to })],
    ];
    for (const [read, summary, narrow] of lineReads) {
      app.get(`${details}/${read}`, lines(summary), async (req, reply) => {
        const year = await readYear(req);
        if (!year.ok) return sendError(reply, year);
        const filter = {
          storeId: sessionUser(req).store_id,
          kind,
          yearId: year.value,
          itemId: req.query.item_id,
          userId: readableAuthor(sessionUser(req)),
        };
        return { data: await listLines(app.db, { ...filter, ...narrow(req.query) }) };
      });
    }
    app.get(
      `${details}/readQtyByItemId`,
      {
        config: { permission: readAccess },
        schema: {
          tags: [`${kind}_details`],
          summary: 'Total quantity of one item',
          querystring: LineQuery,
          response: { 200: dataOf(z.object({ quantity: z.string() })) },
        },
      },
      async (req, reply) => {
        const year = await readYear(req);
        if (!year.ok) return sendError(reply, year);
        const filter = { storeId: sessionUser(req).store_id, kind, yearId: year.value, itemId: req.query.item_id };
        return { data: [{ quantity: await quantityOfItem(app.db, filter) }] };
      },
    );
  };
}

export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of tradeKindTokens) await app.register(documentRoutes(kind));
  await app.register(legacyTradeRoutes);

  // Conversions, each in one transaction: a purchase order becomes a purchase invoice (stock and balance now
  // change) and a preliminary invoice a final one (with the stock check); the source is removed. A final sale is
  // stored back as preliminary by the preliminary kind's `back` call.
  for (const kind of tradeKindTokens) {
    const conversion = conversionEndpoints(kind);
    if (!conversion) continue;
    const { to, convert, back } = conversion;
    app.post(
      urlOf(convert),
      {
        config: { permission: kindPermission(to, 'create') },
        schema: {
          tags: [kind],
          summary: `Turn a ${kindOf(kind).logName} into a ${kindOf(to).logName}, in one transaction, dated today unless \`pay_date\` is given`,
          ...schemaOf(convert),
        },
      },
      async (req, reply) =>
        answerSave(
          reply,
          await convertDocument(app.db, sessionUser(req), kind, to, req.body.pay_id, { payDate: req.body.pay_date }),
        ),
    );
    if (!back) continue;
    app.post(
      urlOf(back),
      {
        config: { permission: kindPermission(kind, 'create') },
        schema: {
          tags: [kind],
          summary: `Store a ${kindOf(to).logName} as a ${kindOf(kind).logName} and delete it`,
          ...schemaOf(back),
        },
      },
      async (req, reply) =>
        answerSave(
          reply,
          await convertDocument(app.db, sessionUser(req), to, kind, req.body.invoice.pay_id, {
            header: req.body.invoice,
            lines: req.body.items,
          }),
        ),
    );
  }

  app.get(
    urlOf(endpoints.deviceSales.counters),
    {
      config: { permission: 'readReports' },
      schema: {
        tags: ['pay'],
        summary: "Per device, its sales' counters: count, max, and the numbers from 1 to max missing or held twice",
        description:
          'A device (the POS, a phone) numbers its sales 1, 2, 3, ... as they are made, offline too (docs/offline.md). `complete`: count = max and neither list has a number. A sale deleted afterwards leaves its number missing.',
        ...schemaOf(endpoints.deviceSales.counters),
      },
    },
    async (req) => ({ data: await deviceCounters(app.db, sessionUser(req).store_id, req.query.device_id) }),
  );

  app.post(
    urlOf(endpoints.deviceSales.send),
    {
      config: { permission: kindPermission('pay', 'create') },
      schema: {
        tags: ['pay'],
        summary: "A device's queued sales, oldest first, each saved as pay/createWithItems saves one, each answered",
        description:
          'Each sale is its own save (its own transaction, its key booked once); a refused sale is answered with its error and the next is tried; the server stops at a sale it could not try (503, 500), and the sales after it have no result (docs/offline.md). A booked sale is answered with its `pay_id` and `pay_ref`, and its whole invoice (`doc`) unless `invoices_for` is sent without its key.',
        ...schemaOf(endpoints.deviceSales.send),
      },
    },
    async (req) => {
      // The single call's year for each sale; looked up once per year named.
      const years = new Map<number | undefined, ReturnType<typeof requestYear>>();
      const yearOf = (sale: DeviceSale) => {
        const named = sentYear({ body: sale, query: req.query });
        const found = years.get(named) ?? requestYear(app.db, { body: sale, query: req.query, raw: req.raw });
        years.set(named, found);
        return found;
      };
      return {
        data: await saveDeviceSales(app.db, sessionUser(req), req.body.sales, yearOf, req.log, req.body.invoices_for),
      };
    },
  );

  app.post(
    '/items/validateStockQuantity',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['items'],
        summary: 'Whether a sale of these quantities would be saved (the same stock check, in both modes)',
        description:
          'With negative stock allowed, every known item is valid; an item the store does not have never is (`unknown_items`).',
        body: ValidateStockBody,
        response: {
          200: z.object({
            success: z.boolean(),
            valid: z.boolean(),
            insufficient_items: z.array(StockShortage),
            unknown_items: z.array(z.number().int()),
          }),
        },
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const { shortages, unknownItems } = await checkStock(
        app.db,
        sessionUser(req).store_id,
        year.value.id,
        req.body.itemList,
      );
      return {
        success: true,
        valid: shortages.length === 0 && unknownItems.length === 0,
        insufficient_items: shortages,
        unknown_items: unknownItems,
      };
    },
  );
};
