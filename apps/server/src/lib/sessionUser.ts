import type { SessionUser } from '@mizan/contract';
import type { FastifyRequest } from 'fastify';

/** The signed-in user of a guarded route (the session plugin has already refused anyone else). */
export function sessionUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new Error('sessionUser() called on a route without a session');
  return req.user;
}
