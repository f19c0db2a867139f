import type { Socket } from 'node:net';
import { errorBody } from './sendError.ts';

/**
 * Requests Node refuses before they reach a route (a URL or headers past the header limit, a request line it cannot
 * parse, a client too slow to send one): answered with the error envelope in Arabic, as every other refusal, instead
 * of Fastify's English default.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  // The client is gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'REQUEST_TOO_LARGE' as const]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'VALIDATION_FAILED' as const]
        : [400, 'Bad Request', 'VALIDATION_FAILED' as const];
  const body = JSON.stringify(errorBody(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
