/**
 * `logHistory/...`: the activity log's reads (the store's entries, newest first, paged and filtered) and the legacy
 * client's write (`createMulti`), which logs its rows as the session's user in the session's store: a client never
 * writes another user's or another store's history.
 */
import { endpoints, logSentence } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logHistory } from '../../db/schema.ts';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { resolveYearId } from '../organisation/currentYear.ts';
import { localTime, readLog } from './logHistory.reads.ts';

const tags = ['logHistory'];
const api = endpoints.logHistory;

export const logHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.readAllByStore),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: "The store's activity, newest first, paged", ...schemaOf(api.readAllByStore) },
    },
    async (req) => readLog(app.db, sessionUser(req).store_id, req.query),
  );
  app.get(
    urlOf(api.readByStore),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'The activity since a day (from)', ...schemaOf(api.readByStore) },
    },
    async (req) => readLog(app.db, sessionUser(req).store_id, req.query),
  );
  app.post(
    urlOf(api.createMulti),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "A legacy client's log rows, as the session's user", ...schemaOf(api.createMulti) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      if (req.body.some((row) => row.store_id !== undefined && row.store_id !== user.store_id))
        return sendError(reply, 'STORE_FORBIDDEN');
      const values = [];
      for (const row of req.body)
        values.push({
          store_id: user.store_id,
          user_id: user.id,
          // A legacy client's own tokens are kept as they are; the screen words the ones it knows.
          typee: row.typee,
          logToken: row.logToken,
          yearId: (await resolveYearId(app.db, row.yearId ?? undefined)) ?? null,
        });
      const written = await app.db.insert(logHistory).values(values).returning();
      const full_name = user.full_name ?? null;
      return {
        data: written.map((row) => {
          const logToken = row.logToken as Record<string, unknown>;
          return {
            id: row.id,
            store_id: row.store_id,
            userId: row.user_id,
            full_name,
            typee: row.typee,
            logToken,
            yearId: row.yearId,
            datee: localTime(row.dateCreated),
            text: logSentence({ full_name, typee: row.typee, logToken }),
          };
        }),
      };
    },
  );
};
