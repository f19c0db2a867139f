import {
  CreateWithItemsBody,
  DeleteDocumentBody,
  DocumentListQuery,
  DocumentPage,
  dataOf,
  Id,
  StockShortage,
  TradeDocument,
  TradeDocumentWithLines,
  TradeLine,
  UpdateWithItemsBody,
  ValidateStockBody,
  yearOf,
} from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentKind } from '../../db/schema.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import { kinds } from './trade.kinds.ts';
import { legacyTradeRoutes } from './trade.legacy.routes.ts';
import { type DocumentFilter, listDocuments, listLines, pageDocuments, quantityOfItem } from './trade.queries.ts';
import { answerSave } from './trade.reply.ts';
import { checkStock, convertDocument, deleteDocument, readDocument, saveDocument } from './trade.service.ts';

const Saved = dataOf(TradeDocumentWithLines);
const Deleted = dataOf(z.object({ pay_id: z.number().int() }));
const LineQuery = DocumentListQuery.omit({ value_only: true, page: true, pageSize: true }).extend({
  item_id: Id.optional(),
  pay_ref: z.string().optional(),
});
// The paged form first: the legacy form would also match a page and strip its count and sums.
const DocumentListAnswer = z.union([DocumentPage, dataOf(TradeDocument)]);

function documentRoutes(kind: DocumentKind): FastifyPluginAsyncZod {
  const tags = [kind];
  const { yearScoped, label } = kinds[kind];
  return async (app) => {
    // Which year a read covers: the one asked for, else the current one; preliminary invoices and orders span years.
    const readYear = async (query: { yearId?: number; year_id?: number }) =>
      yearScoped ? await resolveYearId(app.db, yearOf(query)) : yearOf(query);

    app.post(
      `/${kind}/createWithItems`,
      {
        schema: {
          tags,
          summary: `Save a ${label} document with its lines in one transaction`,
          body: CreateWithItemsBody,
          response: { 200: Saved },
        },
      },
      async (req, reply) =>
        answerSave(
          reply,
          await saveDocument(app.db, sessionUser(req), {
            kind,
            header: req.body.invoice,
            lines: req.body.items,
            idempotencyKey: req.body.idempotency_key,
          }),
        ),
    );
    app.post(
      `/${kind}/updateWithItems`,
      {
        schema: {
          tags,
          summary: 'Replace a document: header and all its lines, in one transaction',
          body: UpdateWithItemsBody,
          response: { 200: Saved },
        },
      },
      async (req, reply) =>
        answerSave(
          reply,
          await saveDocument(app.db, sessionUser(req), {
            kind,
            header: req.body.invoice,
            lines: req.body.items,
            payId: req.body.invoice.pay_id,
          }),
        ),
    );
    app.get(
      `/${kind}/readById`,
      {
        schema: {
          tags,
          summary: 'One document with its lines',
          querystring: z.object({ pay_id: Id, store_id: Id.optional() }),
          response: { 200: Saved },
        },
      },
      async (req, reply) => {
        const doc = await readDocument(app.db, sessionUser(req).store_id, kind, req.query.pay_id);
        return doc ? { data: [doc] } : sendError(reply, 'NOT_FOUND');
      },
    );
    app.post(
      `/${kind}/deleteWithItems`,
      { schema: { tags, body: DeleteDocumentBody, response: { 200: Deleted } } },
      async (req, reply) => {
        const result = await deleteDocument(app.db, sessionUser(req), kind, req.body.pay_id);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
    app.delete(
      `/${kind}/delete`,
      { schema: { tags, querystring: z.object({ pay_id: Id }), response: { 200: Deleted } } },
      async (req, reply) => {
        const result = await deleteDocument(app.db, sessionUser(req), kind, req.query.pay_id);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );

    const list = (summary: string) =>
      ({
        schema: {
          tags,
          summary: `${summary}; with \`page\`, one page plus the count and column sums of the whole filter`,
          querystring: DocumentListQuery,
          response: { 200: DocumentListAnswer },
        },
      }) as const;
    // The legacy clients call without `page` and keep their `{ data }` of at most `legacyLimit` documents.
    const answerList = async (query: DocumentListQuery, filter: DocumentFilter, legacyLimit: number) => {
      if (query.page === undefined) return { data: await listDocuments(app.db, filter, legacyLimit) };
      const { rows, total, sums } = await pageDocuments(app.db, filter, query.page, query.pageSize);
      return { data: rows, total, page: query.page, pageSize: query.pageSize, sums };
    };
    const listFilter = async (query: DocumentListQuery, storeId: number): Promise<DocumentFilter> => ({
      storeId,
      kind,
      yearId: await readYear(query),
      custId: query.cust_id,
      valueOnly: query.value_only,
    });
    app.get(`/${kind}/getTopSales`, list('The latest documents'), async (req) =>
      answerList(req.query, await listFilter(req.query, sessionUser(req).store_id), req.query.limit),
    );
    app.get(`/${kind}/getSalesByDate`, list('Documents of one date (from)'), async (req) =>
      answerList(
        req.query,
        { ...(await listFilter(req.query, sessionUser(req).store_id)), from: req.query.from, to: req.query.from },
        500,
      ),
    );
    app.get(`/${kind}/getSales2Date`, list('Documents between two dates (from, to)'), async (req) =>
      answerList(
        req.query,
        { ...(await listFilter(req.query, sessionUser(req).store_id)), from: req.query.from, to: req.query.to },
        500,
      ),
    );
    if (kind === 'pay' || kind === 'perch') {
      app.get(
        `/${kind}/paynotif`,
        {
          schema: {
            tags,
            summary: 'Documents with a next payment date whose remainder is still due',
            querystring: DocumentListQuery,
            response: { 200: dataOf(TradeDocument) },
          },
        },
        async (req) => ({
          data: await listDocuments(app.db, { storeId: sessionUser(req).store_id, kind, dueOnly: true }, 500),
        }),
      );
    }

    const details = `/${kind}_details`;
    const lines = (summary: string) =>
      ({
        schema: { tags: [`${kind}_details`], summary, querystring: LineQuery, response: { 200: dataOf(TradeLine) } },
      }) as const;
    const lineFilter = async (q: z.output<typeof LineQuery>, storeId: number) => ({
      storeId,
      kind,
      yearId: await readYear(q),
      itemId: q.item_id,
    });
    app.get(`${details}/readByStoreByRef`, lines('Lines of one document (pay_ref)'), async (req) => ({
      data: await listLines(app.db, {
        ...(await lineFilter(req.query, sessionUser(req).store_id)),
        yearId: undefined,
        payRef: req.query.pay_ref ?? '',
      }),
    }));
    app.get(`${details}/readAllByStore`, lines('All lines of the store and year'), async (req) => ({
      data: await listLines(app.db, await lineFilter(req.query, sessionUser(req).store_id)),
    }));
    app.get(`${details}/readAllByDate`, lines('Lines of one date (from)'), async (req) => ({
      data: await listLines(app.db, {
        ...(await lineFilter(req.query, sessionUser(req).store_id)),
        from: req.query.from,
        to: req.query.from,
      }),
    }));
    app.get(`${details}/readAllByItemId`, lines('Lines of one item'), async (req) => ({
      data: await listLines(app.db, await lineFilter(req.query, sessionUser(req).store_id)),
    }));
    app.get(`${details}/readAllByItemIdDate`, lines('Lines of one item on one date'), async (req) => ({
      data: await listLines(app.db, {
        ...(await lineFilter(req.query, sessionUser(req).store_id)),
        from: req.query.from,
        to: req.query.from,
      }),
    }));
    app.get(`${details}/readAllByItemId2Date`, lines('Lines of one item between two dates'), async (req) => ({
      data: await listLines(app.db, {
        ...(await lineFilter(req.query, sessionUser(req).store_id)),
        from: req.query.from,
        to: req.query.to,
      }),
    }));
    app.get(
      `${details}/readQtyByItemId`,
      {
        schema: {
          tags: [`${kind}_details`],
          summary: 'Total quantity of one item',
          querystring: LineQuery,
          response: { 200: dataOf(z.object({ quantity: z.string() })) },
        },
      },
      async (req) => ({
        data: [{ quantity: await quantityOfItem(app.db, await lineFilter(req.query, sessionUser(req).store_id)) }],
      }),
    );
  };
}

export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of Object.keys(kinds) as DocumentKind[]) await app.register(documentRoutes(kind));
  await app.register(legacyTradeRoutes);

  // A purchase order becomes a purchase invoice (stock and balance now change); the order is removed.
  app.post(
    '/perchOrder/convertToPurchase',
    {
      schema: {
        tags: ['perchOrder'],
        summary: 'Turn a purchase order into a purchase invoice, in one transaction',
        body: z.object({ pay_id: Id }),
        response: { 200: Saved },
      },
    },
    async (req, reply) =>
      answerSave(reply, await convertDocument(app.db, sessionUser(req), 'perchOrder', 'perch', req.body.pay_id)),
  );

  // Preliminary → final (with the stock check), and final → preliminary, each in one transaction.
  app.post(
    '/payinit/convertToFinal',
    {
      schema: {
        tags: ['payinit'],
        summary: 'Turn a preliminary invoice into a final one',
        body: z.object({ pay_id: Id }),
        response: { 200: Saved },
      },
    },
    async (req, reply) =>
      answerSave(reply, await convertDocument(app.db, sessionUser(req), 'payinit', 'pay', req.body.pay_id)),
  );
  app.post(
    '/payinit/saveWithItemsAndDeletePay',
    {
      schema: {
        tags: ['payinit'],
        summary: 'Store a final invoice as preliminary and delete the final one',
        body: UpdateWithItemsBody,
        response: { 200: Saved },
      },
    },
    async (req, reply) =>
      answerSave(
        reply,
        await convertDocument(
          app.db,
          sessionUser(req),
          'pay',
          'payinit',
          req.body.invoice.pay_id,
          req.body.invoice,
          req.body.items,
        ),
      ),
  );

  app.post(
    '/items/validateStockQuantity',
    {
      schema: {
        tags: ['items'],
        summary: 'Whether the store has the quantities of a list of items (the final-sale stock rule)',
        body: ValidateStockBody,
        response: {
          200: z.object({ success: z.boolean(), valid: z.boolean(), insufficient_items: z.array(StockShortage) }),
        },
      },
    },
    async (req) => {
      const shortages = await checkStock(app.db, sessionUser(req).store_id, req.body.yearId, req.body.itemList);
      return { success: true, valid: shortages.length === 0, insufficient_items: shortages };
    },
  );
};
