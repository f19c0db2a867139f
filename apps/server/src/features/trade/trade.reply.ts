import { ok } from '@mizan/contract';
import type { FastifyReply } from 'fastify';
import { httpStatus } from '../../lib/httpStatus.ts';
import { errorBody } from '../../lib/sendError.ts';
import type { SavedDocument, SaveResult } from './trade.service.ts';

/**
 * The answer to a save: the saved documents, or the error shape plus, when stock was insufficient, the short
 * items (the screen lists them and offers to buy them).
 */
export function answerSaved(reply: FastifyReply, result: SaveResult<SavedDocument[]>) {
  if (result.ok) return { data: result.value };
  const body = errorBody(result.code, result.fields);
  return reply
    .code(httpStatus[result.code])
    .send(result.shortages ? { ...body, insufficient_items: result.shortages } : body);
}
export const answerSave = (reply: FastifyReply, result: SaveResult<SavedDocument>) =>
  answerSaved(reply, result.ok ? ok([result.value]) : result);
