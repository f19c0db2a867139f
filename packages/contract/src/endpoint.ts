import type { z } from 'zod';

type Method = 'GET' | 'POST' | 'DELETE';

/** One call of the API: where it goes, and the schemas of what it takes and what it answers. */
export type Endpoint = {
  method: Method;
  /** Relative to the API base (`/api/` or `/api23/`), without the `.php` legacy clients add. */
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The multipart field of a file upload (the body is then that file, not JSON). */
  upload?: string;
  /** The JSON answer; an endpoint without one answers a file (an .xlsx). */
  response?: z.ZodType;
};

export type EndpointGroups = Record<string, Record<string, Endpoint>>;

/**
 * What the web app holds of an endpoint at run time: its method and path (and upload field), no schema, so its
 * first load carries no zod. The endpoint's types ride along in `types`, which is never set.
 */
export type Route<E extends Endpoint = Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly upload?: E['upload'];
  readonly types?: E;
};

/** The routes of a table of endpoints: the compiler holds each route to its endpoint's method and path. */
export type RoutesOf<T extends EndpointGroups> = { [G in keyof T]: { [N in keyof T[G]]: Route<T[G][N]> } };

/**
 * What a call sends: the query and the body as the server's schemas accept them (before their transforms), or
 * the file of an upload.
 */
export type CallInput<E extends Endpoint> = (E extends { query: z.ZodType }
  ? { query: z.input<E['query']> }
  : unknown) &
  (E extends { body: z.ZodType } ? { body: z.input<E['body']> } : unknown) &
  (E extends { upload: string } ? { file: Blob } : unknown);

/** What a call answers: the response schema's output, or a file. */
type CallAnswer<E extends Endpoint> = E extends { response: z.ZodType } ? z.output<E['response']> : Blob;

/** The endpoint a route (or a union of routes, such as one call of several document kinds) stands for. */
export type EndpointOf<R extends Route> = NonNullable<R['types']>;
/** What a call of a route sends as its query. */
export type QueryOf<R extends Route> =
  EndpointOf<R> extends { query: z.ZodType } ? z.input<EndpointOf<R>['query']> : never;
/** What a call of a route sends as its JSON body. */
export type BodyOf<R extends Route> =
  EndpointOf<R> extends { body: z.ZodType } ? z.input<EndpointOf<R>['body']> : never;
/** What a call of a route answers. */
export type AnswerOf<R extends Route> = CallAnswer<EndpointOf<R>>;
