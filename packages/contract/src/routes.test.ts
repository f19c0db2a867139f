import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { routes } from './routes.ts';
import { routesFile, routesSource } from './writeRoutes.ts';

describe("the web app's routes", () => {
  it('are the endpoint table without its schemas, as `npm run routes` writes them (run it after adding a call)', () => {
    expect(readFileSync(routesFile, 'utf8')).toBe(routesSource());
  });

  it('carry each call’s method, path and upload field, and nothing of its schemas', () => {
    const table = endpoints as Record<string, Record<string, { method: string; path: string; upload?: string }>>;
    for (const [group, calls] of Object.entries(table))
      for (const [name, { method, path, upload }] of Object.entries(calls))
        expect((routes as Record<string, Record<string, unknown>>)[group]?.[name]).toEqual({
          method,
          path,
          ...(upload ? { upload } : {}),
        });
  });

  it('name every path once', () => {
    const paths = Object.values(routes).flatMap((calls) => Object.values(calls).map((route) => route.path));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
