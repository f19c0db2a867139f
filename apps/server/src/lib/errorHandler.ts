import { type FieldErrors, fieldErrorOf } from '@mizan/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { WriteWatch } from '../db/diskSpace.ts';
import { isDatabaseUnavailable, isDataException, isDiskFull } from './dbErrors.ts';
import { errorBody, sendError } from './sendError.ts';

/**
 * A multipart body the parser could not read: cut short, or without its boundary. The parser (busboy) throws plain
 * errors without a status; they are the client's, not a fault of the server.
 */
function isUnreadableUpload(error: FastifyError, req: FastifyRequest) {
  const multipart = /^multipart\//i.test(req.headers['content-type'] ?? '');
  return multipart && !error.statusCode && /multipart|boundary|part header|end of form/i.test(error.message);
}

/**
 * One place that turns anything thrown into the error shape. Bad input is a 400 with a message per field;
 * anything else thrown is a bug: logged with the request id (its kind, code and stack frames, never its message,
 * which can quote a failed query's parameters; see logging.ts), answered with a generic Arabic message.
 *
 * A full disk is answered 503 DISK_FULL, whichever way PostgreSQL met it: a refused statement (dbErrors.ts
 * `isDiskFull`), or a database gone mid-request or not accepting connections while the disk is full (a WAL write
 * failed: PostgreSQL stopped and is starting again). `writes` is told of each refusal, and of each change answered
 * below 400, so that health can say whether the database writes (db/diskSpace.ts).
 */
export function installErrorHandler(app: FastifyInstance, writes?: WriteWatch) {
  if (writes) {
    app.addHook('onResponse', async (req, reply) => {
      if (req.method === 'POST' && reply.statusCode < 400) writes.saved();
    });
  }
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
        // The plugin hands the zod issue over as keyword (its code), message and params (the rest of it).
        fields[path] ??= fieldErrorOf({ ...issue.params, code: issue.keyword, message: issue.message });
      }
      return sendError(reply, { ok: false, code: 'VALIDATION_FAILED', fields });
    }
    // Fastify's own refusals of a request (malformed JSON, wrong content type, body too large) are bad input.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.statusCode === 413 ? 'REQUEST_TOO_LARGE' : 'VALIDATION_FAILED';
      return reply.code(error.statusCode).send(errorBody(code));
    }
    if (isUnreadableUpload(error, req)) return sendError(reply, 'UPLOAD_UNREADABLE');
    if (isDataException(error)) {
      // A hole in the contract: the input is refused, and the hole is logged so that it gets closed.
      req.log.warn({ err: error }, 'the database refused a value the contract accepted');
      return sendError(reply, 'VALIDATION_FAILED');
    }
    if (isDiskFull(error)) {
      writes?.refused();
      req.log.error({ err: error }, 'disk full: the save was refused whole');
      return sendError(reply, 'DISK_FULL');
    }
    if (isDatabaseUnavailable(error)) {
      if (await writes?.diskFull()) {
        req.log.error({ err: error }, 'database unavailable while the disk is full (a WAL write failed?)');
        return sendError(reply, 'DISK_FULL');
      }
      req.log.error({ err: error }, 'database unavailable');
      return sendError(reply, 'DATABASE_UNAVAILABLE');
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
}
