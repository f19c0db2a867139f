/**
 * `shift/*` (docs/shifts.md): a cashier opens, moves cash in and out of and closes their own shift (`shift`); a
 * manager (`shiftsManage`) closes or reopens another's. Every change answers the shift's report as it stands after
 * it (the X report while open, the Z report once closed). Scoped to the session's store.
 */
import { endpoints, type Result } from '@mizan/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { findShift, pageShifts, shiftReport } from './shifts.queries.ts';
import { cashMove, closeShift, openShift, reopenShift } from './shifts.service.ts';

const { shift } = endpoints;
const tags = ['shifts'];

/** A change's answer: the shift's report after it, read once it is committed. */
async function answer(db: Db, reply: FastifyReply, storeId: number, result: Result<number>) {
  if (!result.ok) return sendError(reply, result);
  const report = await shiftReport(db, storeId, result.value);
  return report ? { data: [report] } : sendError(reply, 'NOT_FOUND');
}

export const shiftsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    urlOf(shift.open),
    {
      config: { permission: 'shift' },
      schema: { tags, summary: 'Open a shift on a till with its counted float', ...schemaOf(shift.open) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      return answer(app.db, reply, user.store_id, await openShift(app.db, user, req.body));
    },
  );
  app.get(
    urlOf(shift.current),
    {
      config: { permission: 'shift' },
      schema: {
        tags,
        summary: "The open shift of a till (or the user's own), with its figures so far; none: an empty list",
        ...schemaOf(shift.current),
      },
    },
    async (req) => {
      const user = sessionUser(req);
      const open = await findShift(app.db, user.store_id, { till: req.query.till, user_id: user.id });
      const report = open ? await shiftReport(app.db, user.store_id, open.id) : undefined;
      return { data: report ? [report] : [] };
    },
  );
  app.post(
    urlOf(shift.cashMove),
    {
      config: { permission: 'shift' },
      schema: { tags, summary: 'Pay money into or out of the drawer, with its reason', ...schemaOf(shift.cashMove) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      return answer(app.db, reply, user.store_id, await cashMove(app.db, user, req.body));
    },
  );
  app.post(
    urlOf(shift.close),
    {
      config: { permission: 'shift' },
      schema: {
        tags,
        summary: 'Close a shift with the cash counted; the difference is posted to cash over/short',
        ...schemaOf(shift.close),
      },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      return answer(app.db, reply, user.store_id, await closeShift(app.db, user, req.body));
    },
  );
  app.post(
    urlOf(shift.reopen),
    {
      config: { permission: 'shiftsManage' },
      schema: { tags, summary: 'Reopen a closed shift (its close is taken back)', ...schemaOf(shift.reopen) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      return answer(app.db, reply, user.store_id, await reopenShift(app.db, user, req.body.shift_id));
    },
  );
  app.get(
    urlOf(shift.readById),
    {
      config: { permission: 'shift' },
      schema: { tags, summary: 'One shift’s X report (open) or Z report (closed)', ...schemaOf(shift.readById) },
    },
    async (req, reply) => {
      const user = sessionUser(req);
      const report = await shiftReport(app.db, user.store_id, req.query.shift_id);
      if (!report) return sendError(reply, 'NOT_FOUND');
      // A cashier reads their own shifts; the record of everyone's is a manager's.
      if (report.user_id !== user.id && !user.permissions.includes('shiftsManage'))
        return sendError(reply, { ok: false, code: 'PERMISSION_DENIED', missing: 'shiftsManage' });
      return { data: [report] };
    },
  );
  app.get(
    urlOf(shift.list),
    {
      config: { permission: 'shiftsManage' },
      schema: { tags, summary: 'The record of the store’s shifts with their differences', ...schemaOf(shift.list) },
    },
    async (req) => pageShifts(app.db, sessionUser(req).store_id, req.query),
  );
};
