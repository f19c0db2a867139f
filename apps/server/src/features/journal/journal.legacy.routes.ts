/**
 * The legacy client's journal calls (api.md `journal`, `jdetails_from`, `jdetails_to`), see `journal.legacy.ts`:
 * the header alone, each side's lines added, one line or the header edited, each side's lines or the whole journal
 * deleted by reference, and each side's line reads. Our own screens save in one call (`journal.routes.ts`).
 */
import {
  dataOf,
  JournalIdQuery,
  JournalLine,
  JournalListQuery,
  JournalRefQuery,
  type JournalSide,
  JournalWithLines,
  LegacyJournalHeaderBody,
  LegacyJournalHeaderUpdateBody,
  LegacyJournalLinesBody,
  LegacyJournalLineUpdateBody,
  ok,
} from '@mizan/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { readableAuthor } from '../book/documentPermissions.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { addLines, createHeader, deleteByRef, removeLines, updateHeader, updateLine } from './journal.legacy.ts';
import { listLines } from './journal.queries.ts';

const Journals = dataOf(JournalWithLines);
const Deleted = dataOf(z.object({ j_id: z.number().int() }));
/** The legacy reply to `journal/create`: the new journal's id in `message`, as the old server answered. */
const Created = Journals.extend({ message: z.number().int() });

/** The legacy tables of each side: `jdetails_from` holds the debit lines, `jdetails_to` the credit lines. */
const sides: [JournalSide, string][] = [
  ['from', 'jdetails_from'],
  ['to', 'jdetails_to'],
];

export const legacyJournalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['journal'];
  app.post(
    '/journal/create',
    {
      config: { permission: 'journal.create' },
      schema: {
        tags,
        summary: 'Save a journal header; its lines follow (jdetails_from, then jdetails_to). `message` is the new j_id',
        body: LegacyJournalHeaderBody,
        response: { 200: Created },
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const result = await createHeader(app.db, sessionUser(req), { ...req.body, yearId: year.value.id });
      return result.ok ? { data: [result.value], message: result.value.j_id } : sendError(reply, result);
    },
  );
  app.post(
    '/journal/update',
    {
      config: { permission: 'journal.edit' },
      schema: {
        tags,
        summary: "Edit a journal's header; its lines stay, and it posts again on its date if it balances",
        body: LegacyJournalHeaderUpdateBody,
        response: { 200: Journals },
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const header = { ...req.body, yearId: year.value.id };
      const result = await updateHeader(app.db, sessionUser(req), req.body.j_id, header);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.delete(
    '/journal/deleteMultiServices',
    {
      config: { permission: 'journal.delete' },
      schema: {
        tags,
        summary: 'Delete the journal a reference names, with its lines and what it posted',
        querystring: JournalRefQuery,
        response: { 200: Deleted },
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const result = await deleteByRef(app.db, sessionUser(req), req.query.j_ref, year.value.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  /** Lines of a legacy array each name their year; a line that names none takes the request's. */
  const withYears = async <Row extends { yearId?: number | undefined }>(req: FastifyRequest, rows: Row[]) => {
    if (rows.every((row) => row.yearId !== undefined)) return ok(rows as (Row & { yearId: number })[]);
    const year = await requestYear(app.db, { query: req.query, raw: req.raw, body: undefined });
    return year.ok ? ok(rows.map((row) => ({ ...row, yearId: row.yearId ?? year.value.id }))) : year;
  };

  for (const [side, table] of sides) {
    const sideTags = [table];
    const words = side === 'from' ? 'debit' : 'credit';
    app.post(
      `/${table}/createMulti`,
      {
        config: { permission: 'journal.create' },
        schema: {
          tags: sideTags,
          summary: `Add ${words} lines to their journals (by j_id or j_ref), all or none; a journal posts once it balances`,
          body: LegacyJournalLinesBody,
          response: { 200: Journals },
        },
      },
      async (req, reply) => {
        const lines = await withYears(req, req.body);
        if (!lines.ok) return sendError(reply, lines);
        const result = await addLines(app.db, sessionUser(req), side, lines.value);
        return result.ok ? { data: result.value } : sendError(reply, result);
      },
    );
    app.post(
      `/${table}/update`,
      {
        config: { permission: 'journal.edit' },
        schema: {
          tags: sideTags,
          summary: `Replace one ${words} line (by id); the journal posts again if, and only if, it balances`,
          body: LegacyJournalLineUpdateBody,
          response: { 200: Journals },
        },
      },
      async (req, reply) => {
        const result = await updateLine(app.db, sessionUser(req), side, req.body);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
    app.delete(
      `/${table}/deleteMultiServices`,
      {
        config: { permission: 'journal.edit' },
        schema: {
          tags: sideTags,
          summary: `Delete the ${words} lines of the journal a reference names (none when the journal is gone)`,
          querystring: JournalRefQuery,
          response: { 200: Journals },
        },
      },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        const result = await removeLines(app.db, sessionUser(req), side, req.query.j_ref, year.value.id);
        return result.ok ? { data: result.value } : sendError(reply, result);
      },
    );
    app.get(
      `/${table}/readByJournalId`,
      {
        config: { permission: 'readReports' },
        schema: {
          tags: sideTags,
          summary: `The ${words} lines of one journal`,
          querystring: JournalIdQuery,
          response: { 200: dataOf(JournalLine) },
        },
      },
      async (req) => ({
        // Another user's journal reads as none to a role without `readOthers`, as a legacy read of nothing does.
        data: await listLines(app.db, {
          storeId: sessionUser(req).store_id,
          jId: req.query.j_id,
          side,
          userId: readableAuthor(sessionUser(req)),
        }),
      }),
    );
    const dated: [string, string, (q: JournalListQuery) => { from?: string; to?: string }, z.ZodType][] = [
      ['getTopSales', `The latest ${words} lines of the year`, () => ({}), JournalListQuery],
      [
        'getSalesByDate',
        `${words} lines of the journals of one date (from)`,
        (q) => ({ from: q.from, to: q.from }),
        JournalListQuery.required({ from: true }),
      ],
      [
        'getSales2Date',
        `${words} lines of the journals between two dates (from, to)`,
        (q) => ({ from: q.from, to: q.to }),
        JournalListQuery.required({ from: true, to: true }),
      ],
    ];
    for (const [read, summary, range, querystring] of dated) {
      app.get(
        `/${table}/${read}`,
        {
          config: { permission: 'readReports' },
          schema: { tags: sideTags, summary, querystring, response: { 200: dataOf(JournalLine) } },
        },
        async (req, reply) => {
          const year = await requestYear(app.db, req);
          if (!year.ok) return sendError(reply, year);
          const query = req.query as JournalListQuery;
          const filter = {
            storeId: sessionUser(req).store_id,
            yearId: year.value.id,
            side,
            userId: readableAuthor(sessionUser(req)),
            ...range(query),
          };
          return { data: await listLines(app.db, filter, read === 'getTopSales' ? query.limit : 5000) };
        },
      );
    }
  }
};
