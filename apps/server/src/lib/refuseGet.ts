import type { FastifyInstance } from 'fastify';
import { sendError } from './sendError.ts';

/**
 * The legacy client changed data by GET (`items/delete.php?id=`, `items/truncateItems.php`), which any link or
 * prefetch could trigger. Those paths now change data only by POST (or DELETE) with the anti-forgery header;
 * a GET is answered 405 and changes nothing.
 */
export function refuseGet(app: FastifyInstance, url: string, allow = 'POST') {
  app.get(url, { config: { permission: 'signedIn' }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('allow', allow);
    return sendError(reply, 'METHOD_NOT_ALLOWED');
  });
}
