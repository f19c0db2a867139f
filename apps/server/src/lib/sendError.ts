import { type ErrorBody, type ErrorCode, isPermission, messagesAr, permissionName, type Result } from '@mizan/contract';
import type { FastifyReply } from 'fastify';
import { httpStatus } from './httpStatus.ts';

export function errorBody(code: ErrorCode, fields?: Record<string, string>, missing?: string): ErrorBody {
  // A refusal for want of a permission says which, in the words of the role editor.
  const message =
    missing && isPermission(missing) ? `${messagesAr[code]}: ${permissionName(missing)}` : messagesAr[code];
  return { error: { code, message, ...(fields ? { fields } : {}), ...(missing ? { missing } : {}) } };
}

/**
 * Answers an expected failure: the status that fits its code and `{ error: { code, message, fields } }`; a refusal
 * for want of stock also lists the short items (`insufficient_items`), whichever operation was refused, and a
 * refusal because of an invoice's returns names them (`returns: [{ pay_id, pay_ref }]`).
 */
export function sendError(reply: FastifyReply, failure: Extract<Result<unknown>, { ok: false }> | ErrorCode) {
  const { code, fields, missing } =
    typeof failure === 'string' ? { code: failure, fields: undefined, missing: undefined } : failure;
  const shortages = typeof failure === 'object' && 'shortages' in failure ? failure.shortages : undefined;
  const returns = typeof failure === 'object' && 'returns' in failure ? failure.returns : undefined;
  const body = errorBody(code, fields, missing);
  return reply
    .code(httpStatus[code])
    .send({ ...body, ...(shortages ? { insufficient_items: shortages } : {}), ...(returns ? { returns } : {}) });
}
