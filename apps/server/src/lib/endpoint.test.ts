import { type Endpoint, endpoints, routes } from '@mizan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/testApp.ts';

let started: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  started = await startTestApp(undefined, { demo: false });
}, 60_000);
afterAll(() => started.close(), 30_000);

const table = Object.entries(endpoints as Record<string, Record<string, Endpoint>>).flatMap(([group, calls]) =>
  Object.entries(calls).map(([name, endpoint]) => ({ name: `${group}.${name}`, endpoint })),
);
const registered = (endpoint: Endpoint) =>
  started.app.apiRoutes.find((route) => route.method === endpoint.method && route.url === `/api/${endpoint.path}`);

describe("the contract's endpoint table", () => {
  it('every endpoint the web app calls is a route of the server, with the same method and path', () => {
    const missing = table
      .filter(({ endpoint }) => !started.app.hasRoute({ method: endpoint.method, url: `/api/${endpoint.path}` }))
      .map(({ name, endpoint }) => `${name}: ${endpoint.method} ${endpoint.path}`);
    expect(missing, started.app.printRoutes({ commonPrefix: false })).toEqual([]);
  });

  it("the server validates each call and answer with the table's own schemas", () => {
    const differing = table
      .filter(({ endpoint }) => {
        const schema = registered(endpoint)?.schema;
        const answer = (schema?.response as Record<number, unknown> | undefined)?.[200];
        return schema?.querystring !== endpoint.query || schema?.body !== endpoint.body || answer !== endpoint.response;
      })
      .map(({ name }) => name);
    expect(differing).toEqual([]);
  });

  it('the web app has a route, with the same method and path, for every endpoint', () => {
    const mirrored = Object.entries(routes).flatMap(([group, calls]) =>
      Object.entries(calls).map(([name, route]) => ({
        name: `${group}.${name}`,
        method: route.method,
        path: route.path,
      })),
    );
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(mirrored.sort(byName)).toEqual(
      table.map(({ name, endpoint }) => ({ name, method: endpoint.method, path: endpoint.path })).sort(byName),
    );
  });
});
