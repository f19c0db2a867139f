import type { Endpoint } from '@mizan/contract';

/** Where a contract endpoint is registered, under the `/api` prefix. */
export const urlOf = <E extends Endpoint>(endpoint: E) => `/${endpoint.path}` as `/${E['path']}`;

type SchemaOf<E extends Endpoint> = (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown) &
  (E extends { response: infer R } ? { response: { 200: R } } : unknown);

/**
 * A contract endpoint's schemas as Fastify takes them (`schema: { tags, ...schemaOf(endpoint) }`): the server
 * validates each request and answer with the very schemas the web app's calls are typed by.
 */
export function schemaOf<E extends Endpoint>(endpoint: E): SchemaOf<E> {
  return {
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.response && { response: { 200: endpoint.response } }),
  } as SchemaOf<E>;
}
