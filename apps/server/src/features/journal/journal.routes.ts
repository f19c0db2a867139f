/**
 * `journal/...`: our one-call save, edit and delete of a journal (`{ invoice, items }`), one journal with its lines,
 * and the legacy record reads (the latest, one date's, two dates'). The legacy three-call save is
 * `journal.legacy.routes.ts`.
 */
import { endpoints, type JournalListQuery, type JournalWithLines, type Result } from '@mizan/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { readableAuthor, readRefusal } from '../book/documentPermissions.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { legacyJournalRoutes } from './journal.legacy.routes.ts';
import { listJournals, readJournal } from './journal.queries.ts';
import { deleteJournal, saveJournal } from './journal.service.ts';

const tags = ['journal'];
const api = endpoints.journal;

export const answerJournal = (reply: FastifyReply, result: Result<JournalWithLines>) =>
  result.ok ? { data: [result.value] } : sendError(reply, result);

export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    urlOf(api.createWithItems),
    {
      config: { permission: 'journal.create' },
      schema: {
        tags,
        summary:
          'Save a journal with its lines in one transaction; refused unless its two sides are equal and non-zero',
        ...schemaOf(api.createWithItems),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const { invoice, items, idempotency_key } = req.body;
      return answerJournal(
        reply,
        await saveJournal(app.db, sessionUser(req), {
          header: { ...invoice, yearId: year.value.id },
          lines: items,
          idempotencyKey: idempotency_key,
        }),
      );
    },
  );
  app.post(
    urlOf(api.updateWithItems),
    {
      config: { permission: 'journal.edit' },
      schema: { tags, summary: 'Replace a journal: its header and every line', ...schemaOf(api.updateWithItems) },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const { invoice, items } = req.body;
      return answerJournal(
        reply,
        await saveJournal(app.db, sessionUser(req), {
          header: { ...invoice, yearId: year.value.id },
          lines: items,
          jId: invoice.j_id,
        }),
      );
    },
  );
  app.post(
    urlOf(api.deleteWithItems),
    {
      config: { permission: 'journal.delete' },
      schema: { tags, summary: 'Delete a journal and what it posted', ...schemaOf(api.deleteWithItems) },
    },
    async (req, reply) => {
      const result = await deleteJournal(app.db, sessionUser(req), req.body.j_id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.get(
    urlOf(api.read_single),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'One journal with its lines (both sides)', ...schemaOf(api.read_single) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      const found = await readJournal(app.db, user.store_id, req.query.j_id);
      if (!found) return sendError(reply, 'NOT_FOUND');
      const refused = readRefusal(user, found);
      return refused ? sendError(reply, refused) : { data: [found] };
    },
  );

  const dates = {
    getTopSales: () => ({}),
    getSalesByDate: (query: JournalListQuery) => ({ from: query.from, to: query.from }),
    getSales2Date: (query: JournalListQuery) => ({ from: query.from, to: query.to }),
  };
  for (const [read, summary] of [
    ['getTopSales', 'The latest journals of the year (posted or not), newest first'],
    ['getSalesByDate', 'Journals of one date (from)'],
    ['getSales2Date', 'Journals between two dates (from, to)'],
  ] as const) {
    app.get(
      urlOf(api[read]),
      { config: { permission: 'readReports' }, schema: { tags, summary, ...schemaOf(api[read]) } },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        const user = sessionUser(req);
        const filter = {
          storeId: user.store_id,
          yearId: year.value.id,
          userId: readableAuthor(user),
          ...dates[read](req.query),
        };
        return { data: await listJournals(app.db, filter, read === 'getTopSales' ? req.query.limit : 2000) };
      },
    );
  }

  await app.register(legacyJournalRoutes);
};
