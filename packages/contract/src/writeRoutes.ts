/**
 * Writes `routes.ts`, the endpoint table without its schemas, which the web app calls through: `npm run routes`
 * after a call is added to an `*.endpoints.ts`. The web app's first load then carries no zod, and no one keeps a
 * second table by hand: the compiler holds `routes.ts` to the table's keys, methods and paths, and `routes.test.ts`
 * fails while it is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Endpoint } from './endpoint.ts';
import { endpoints } from './endpoints.ts';

const quote = (text: string) => `'${text}'`;

/** The text of `routes.ts` for the endpoint table. */
export function routesSource(table: Record<string, Record<string, Endpoint>> = endpoints): string {
  const groups = Object.entries(table).map(([group, calls]) => {
    const lines = Object.entries(calls).map(([name, { method, path, upload }]) => {
      const route = upload
        ? `upload(${quote(path)}, ${quote(upload)})`
        : method === 'DELETE'
          ? `{ method: 'DELETE', path: ${quote(path)} }`
          : `${method === 'GET' ? 'get' : 'post'}(${quote(path)})`;
      return `    ${name}: ${route},`;
    });
    return [`  ${group}: {`, ...lines, '  },'].join('\n');
  });
  return `/**
 * Written by \`npm run routes\` from the endpoint table (endpoints.ts, gathered from the \`*.endpoints.ts\` files): do not
 * edit. The endpoint table without its schemas, for the web app: \`call(routes.items.read, { query })\` takes and
 * answers the types of \`endpoints.items.read\`, while the app's first load carries no zod.
 */
import type { RoutesOf } from './endpoint.ts';
import type { endpoints } from './endpoints.ts';

const get = <P extends string>(path: P) => ({ method: 'GET', path }) as const;
const post = <P extends string>(path: P) => ({ method: 'POST', path }) as const;
const upload = <P extends string, F extends string>(path: P, field: F) =>
  ({ method: 'POST', path, upload: field }) as const;

export const routes: RoutesOf<typeof endpoints> = {
${groups.join('\n')}
};
`;
}

export const routesFile = fileURLToPath(new URL('./routes.ts', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(routesFile, routesSource());
