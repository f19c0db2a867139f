/**
 * `transfer/*` (docs/transfers.md): a store sends goods to another (`transfer.create`, an edit `transfer.edit`, a
 * delete `transfer.delete`), the receiving store receives them (`transfer.create` there), the sender takes back what
 * never arrived. Each change answers the transfer as the session's store reads it after it. Scoped to the session's
 * store: a store reads the transfers it sent or receives.
 */
import { endpoints, type Result, type TransferWithLines } from '@mizan/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { listTransfers, readTransfer } from './transfers.queries.ts';
import { deleteReceipt, deleteTransfer, receiveTransfer, saveTransfer } from './transfers.service.ts';

const { transfer } = endpoints;
const tags = ['transfers'];

const answer = (reply: FastifyReply, result: Result<TransferWithLines>) =>
  result.ok ? { data: [result.value] } : sendError(reply, result);

export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    urlOf(transfer.createWithItems),
    {
      config: { permission: 'transfer.create' },
      schema: {
        tags,
        summary: 'Send goods to another store: they leave at the moving average into transit',
        ...schemaOf(transfer.createWithItems),
      },
    },
    async (req, reply) => answer(reply, await saveTransfer(app.db, sessionUser(req), req.body)),
  );
  app.post(
    urlOf(transfer.updateWithItems),
    {
      config: { permission: 'transfer.edit' },
      schema: {
        tags,
        summary: 'Replace a transfer nothing of which was received',
        ...schemaOf(transfer.updateWithItems),
      },
    },
    async (req, reply) => answer(reply, await saveTransfer(app.db, sessionUser(req), req.body)),
  );
  app.post(
    urlOf(transfer.deleteWithItems),
    {
      config: { permission: 'transfer.delete' },
      schema: {
        tags,
        summary: 'Delete a transfer nothing of which was received',
        ...schemaOf(transfer.deleteWithItems),
      },
    },
    async (req, reply) => answer(reply, await deleteTransfer(app.db, sessionUser(req), req.body.pay_id)),
  );
  app.post(
    urlOf(transfer.receive),
    {
      config: { permission: 'transfer.create' },
      schema: {
        tags,
        summary: 'Receive all or part of a transfer (or send back what never arrived) at the cost that left',
        ...schemaOf(transfer.receive),
      },
    },
    async (req, reply) => answer(reply, await receiveTransfer(app.db, sessionUser(req), req.body)),
  );
  app.post(
    urlOf(transfer.deleteReceipt),
    {
      config: { permission: 'transfer.delete' },
      schema: {
        tags,
        summary: 'Take a receipt back: its goods are in transit again',
        ...schemaOf(transfer.deleteReceipt),
      },
    },
    async (req, reply) => answer(reply, await deleteReceipt(app.db, sessionUser(req), req.body.receipt_id)),
  );
  app.get(
    urlOf(transfer.readById),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'One transfer with its lines and receipts', ...schemaOf(transfer.readById) },
    },
    async (req) => {
      const user = sessionUser(req);
      const found = await readTransfer(app.db, user.store_id, req.query.pay_id, user.permissions.includes('readCost'));
      return { data: found ? [found] : [] };
    },
  );
  app.get(
    urlOf(transfer.list),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'The store’s transfers, sent and received, newest first', ...schemaOf(transfer.list) },
    },
    async (req) => {
      const user = sessionUser(req);
      return listTransfers(app.db, user.store_id, req.query, user.permissions.includes('readCost'));
    },
  );
};
