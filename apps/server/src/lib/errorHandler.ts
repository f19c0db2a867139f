import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody, sendError } from './sendError.ts';

/**
 * One place that turns anything thrown into the error shape. Bad input is a 400 with a message per field;
 * anything else thrown is a bug: logged with the request id, answered with a generic Arabic message.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
        fields[path] ??= issue.message ?? '';
      }
      return sendError(reply, { ok: false, code: 'VALIDATION_FAILED', fields });
    }
    // Fastify's own refusals of a request (malformed JSON, wrong content type, body too large) are bad input.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody('VALIDATION_FAILED'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
}
