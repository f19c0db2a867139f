import { ok } from '@mizan/contract';
import type { FastifyReply } from 'fastify';
import { sendError } from '../../lib/sendError.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import type { SavedDocument } from './trade.queries.ts';

/**
 * The answer to a save: the saved documents, or the error shape plus, when stock was insufficient, the short
 * items (the screen lists them and offers to buy them).
 */
export function answerSaved(reply: FastifyReply, result: SaveResult<SavedDocument[]>) {
  return result.ok ? { data: result.value } : sendError(reply, result);
}
export const answerSave = (reply: FastifyReply, result: SaveResult<SavedDocument>) =>
  answerSaved(reply, result.ok ? ok([result.value]) : result);
