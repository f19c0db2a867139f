/**
 * What the server may write to its log: a request is its method, the route pattern it matched, its status and
 * time; an error is its kind, the database's error code and where in the code it was thrown. Never a query
 * string, a body, a cookie, or a failed query's parameters (a new user's password hash, a customer's data):
 * drizzle and PostgreSQL put those in the error's message and detail, so those are left out.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

export type LogOptions = { level: string; stream?: DestinationStream };

type ErrorFields = { name?: unknown; code?: unknown; constraint?: unknown; statusCode?: unknown; stack?: unknown };

/** An error and the errors it wraps (drizzle keeps the driver's error in `cause`). */
function causeChain(error: unknown): ErrorFields[] {
  const chain: ErrorFields[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e as ErrorFields);
  }
  return chain;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** An error as it may be logged: the stack's frames without the messages, which can carry values. */
export function loggableError(error: unknown) {
  const chain = causeChain(error);
  const frames = chain.flatMap((e) => (text(e.stack) ?? '').split('\n').filter((line) => /^\s+at /.test(line)));
  return {
    type: chain.map((e) => text(e.name) ?? 'Error').join(' < '),
    // A PostgreSQL SQLSTATE (22P02, 23505...) or a system code (ECONNREFUSED): names, never values.
    code: chain.map((e) => text(e.code)).find(Boolean),
    constraint: chain.map((e) => text(e.constraint)).find(Boolean),
    statusCode: typeof chain[0]?.statusCode === 'number' ? chain[0].statusCode : undefined,
    stack: [...new Set(frames)].join('\n'),
  };
}

/** A request as it may be logged: the route pattern, not the URL (its query can hold a password, however spelled). */
function loggableRequest(req: FastifyRequest) {
  return { method: req.method, route: req.routeOptions?.url ?? '(no route)', remoteAddress: req.ip };
}

/**
 * Messages written as text by Fastify or a library may still quote a URL or a failed query: the query string and
 * everything from "params:" on are cut out.
 */
export function scrubMessage(message: string): string {
  const withoutParams = message.replace(/\bparams:[\s\S]*/i, 'params: (not logged)');
  return withoutParams.replace(/\?[^\s"'`]*/g, '?(query not logged)');
}

export function loggerOptions(log: LogOptions): FastifyServerOptions['logger'] {
  const options: LoggerOptions & { stream?: DestinationStream } = {
    level: log.level,
    serializers: {
      req: loggableRequest as (req: unknown) => unknown,
      err: loggableError,
    },
    // Whatever a future log call might pass under these names is dropped rather than written.
    redact: { paths: ['url', 'originalUrl', 'query', 'body', 'params', 'headers', 'cookies'], remove: true },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubMessage(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
    ...(log.stream ? { stream: log.stream } : {}),
  };
  return options as FastifyServerOptions['logger'];
}
