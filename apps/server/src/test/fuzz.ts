/**
 * Property-based fuzzing of the API through the real HTTP layer. Every route of a family is found in the app's own
 * OpenAPI document; a valid request is built from its schema (field names say what a value is: an id, a date, an
 * amount, ...), then fields are replaced with bad or random input. Whatever is sent, the answer is never a 5xx, and
 * every 4xx is the error envelope `{ error: { code, message, fields } }`: its message in Arabic, its fields as codes.
 */
import { ErrorBody, errorCodes, isFieldErrorCode } from '@mizan/contract';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { TestClient } from './testApp.ts';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
};
type Operation = { parameters?: { in: string; name: string; schema: JsonSchema }[]; requestBody?: unknown };

export type FuzzRoute = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** `multipart/form-data` routes (uploads) take no JSON body. */
  multipart: boolean;
};

/** What a field holds, by its name (the contract's names are shared by every route). */
type Kind = 'id' | 'date' | 'time' | 'money' | 'quantity' | 'text' | 'flag' | 'other';

const kindByName: Record<string, Kind> = {};
for (const name of [
  'id',
  'store_id',
  'yearId',
  'year_id',
  'fq_year',
  'item_id',
  'cust_id',
  'pay_id',
  'j_id',
  'account_id',
  'ac_id',
  'cat_id',
  'category_id',
  'page',
  'pageSize',
  'limit',
]) {
  kindByName[name] = 'id';
}
for (const name of ['pay_date', 'j_date', 'nextPay', 'from', 'to']) kindByName[name] = 'date';
kindByName.pay_time = 'time';
for (const name of [
  'pay_price',
  'perch_price',
  'discount',
  'pay',
  'tot_pr',
  'sub_balance',
  'payval',
  'perchval',
  'debit',
  'credit',
]) {
  kindByName[name] = 'money';
}
for (const name of ['quantity', 'min_qty', 'firstQuantity']) kindByName[name] = 'quantity';
for (const name of ['value_only', 'has_balance', 'preview', 'is_admin', 'is_active']) kindByName[name] = 'flag';

const kindOf = (name: string, schema: JsonSchema): Kind =>
  kindByName[name] ?? (schema.type === 'string' && !schema.pattern && !schema.enum ? 'text' : 'other');

/** A valid value for a field, so that a request reaches the handler unless a fuzzed field stops it. */
function validValue(name: string, schema: JsonSchema, known: Record<string, unknown>): unknown {
  if (name in known) return known[name];
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (kindOf(name, schema)) {
    case 'id':
      return 1;
    case 'date':
      return '2026-03-01';
    case 'time':
      return '10:30';
    case 'money':
      return '10.00';
    case 'quantity':
      return '1';
    case 'flag':
      return false;
    case 'text':
      return `نص ${name}`;
    default:
      break;
  }
  const options = schema.anyOf?.filter((option) => option.type !== 'null') ?? [];
  if (options[0]) return validValue(name, options[0], known);
  if (schema.type === 'object') return validObject(schema, known);
  if (schema.type === 'array') return [validValue(name, schema.items ?? {}, known)];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return false;
  return `نص ${name}`;
}

function validObject(schema: JsonSchema, known: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, validValue(name, property, known)]),
  );
}

/** Every route of the app whose path starts with one of `prefixes`, with a valid request of each. */
export async function fuzzRoutes(
  app: App,
  prefixes: string[],
  known: Record<string, unknown> = {},
  skip: string[] = [],
): Promise<FuzzRoute[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!prefixes.some((prefix) => path.startsWith(prefix)) || skip.includes(path)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const query: Record<string, string> = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query')
          query[parameter.name] = String(validValue(parameter.name, parameter.schema, known));
      }
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      const jsonSchema = content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase() as FuzzRoute['method'],
        path: `/api${path}`,
        query,
        body: jsonSchema ? validValue('', jsonSchema, known) : undefined,
        multipart: path.startsWith('/upload') || path.endsWith('/uploadLogo'),
      });
    }
  }
  return routes;
}

/**
 * A fuzz test sends hundreds of requests: on a busy two-core machine that takes longer than vitest's 30 s default
 * (it takes a few seconds on an idle one).
 */
export const FUZZ_TIMEOUT = 180_000;

/* ------------------------------------------------------------------ bad input */

const LONE_SURROGATES = ['\uD800', 'a\uDFFFb', 'نص\uDBFF'];
const NUL_TEXTS = ['\u0000', 'نص\u0000نص', 'a\u0000'];
/** Values that the contract's primitives must refuse, or store safely, whatever the field. */
export const knownBadValues: Record<Kind | 'any', unknown[]> = {
  id: [
    2 ** 31,
    2 ** 31 - 1 + 1,
    '2147483648',
    2 ** 53,
    '99999999999999999999',
    -1,
    0,
    1.5,
    '1e3',
    '١',
    '',
    'abc',
    1e308,
  ],
  date: ['2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '0000-00-00', '99999-01-01', '2026-1-1', '٢٠٢٦-٠٣-٠١'],
  time: ['25:61', '24:00', '23:60', '99:99:99', '10:30:61', '1:2'],
  money: [
    '9'.repeat(30),
    '1e400',
    '99999999999999.99',
    '9999999999999.99',
    '-9999999999999.99',
    '١٠٠',
    '١٬٠٠٠٫٥',
    1e21,
    0.001,
    'NaN',
  ],
  quantity: ['9'.repeat(30), '999999999999.999', '1e400', '٣', '0.0001', -1, 1e21],
  text: [...NUL_TEXTS, ...LONE_SURROGATES, 'x'.repeat(100_000), '\u200f\u202e', '😀'],
  flag: ['maybe', 2, [], {}],
  other: [null, [], {}, true],
  any: [
    null,
    true,
    [],
    {},
    [[[]]],
    'x'.repeat(10_000),
    '\u0000',
    '\uD800',
    -1,
    2 ** 31,
    1e308,
    { nested: { deep: '\u0000' } },
  ],
};

/**
 * The few known bad values of each kind sent on every route (the random requests draw from all of them): one of
 * each way a value got past the contract before (issue 8), so that each route is tried with each at least once.
 */
const representativeBadValues: Record<'id' | 'date' | 'time' | 'money' | 'quantity' | 'text', unknown[]> = {
  id: [2 ** 31, '99999999999999999999', -1, '١٢'],
  date: ['2026-02-30', '2026-13-01', '٢٠٢٦-٠٣-٠١'],
  time: ['25:61'],
  money: ['9'.repeat(30), '9999999999999.99', '١٬٠٠٠٫٥'],
  quantity: ['999999999999.999', '٣'],
  text: ['نص\u0000نص', 'a\uD800', 'x'.repeat(20_000)],
};

const anyKindBad = fc.constantFrom(...Object.values(knownBadValues).flat());
/** Any value: the known bad ones, random JSON, strings with any code unit (lone surrogates included). */
const badValue = fc.oneof(
  { weight: 4, arbitrary: anyKindBad },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      maxLength: 20,
    }),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
);

type Leaf = { path: (string | number)[]; name: string };

function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  const last = [...path].reverse().find((part) => typeof part === 'string');
  return [{ path, name: String(last ?? '') }];
}

const REMOVE = Symbol('remove');

function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const child = replaced(copy[head], rest, next);
  if (child === REMOVE) delete copy[head];
  else copy[head] = child;
  return copy;
}

/** A request of the route with some of its fields replaced (or removed), or its whole body replaced. */
export type Mutation = { leaf: number; value: unknown; remove: boolean }[];

export function mutate(route: FuzzRoute, mutation: Mutation, wholeBody?: unknown) {
  let query: Record<string, unknown> = { ...route.query };
  let body = wholeBody !== undefined ? wholeBody : route.body;
  const queryLeaves = Object.keys(query);
  const bodyLeaves = route.body === undefined || wholeBody !== undefined ? [] : leavesOf(route.body);
  const count = queryLeaves.length + bodyLeaves.length;
  if (count === 0) return { query, body };
  for (const { leaf, value, remove } of mutation) {
    const at = leaf % count;
    if (at < queryLeaves.length) {
      const name = queryLeaves[at] as string;
      query = replaced(query, [name], remove ? REMOVE : value) as Record<string, unknown>;
    } else {
      const target = bodyLeaves[at - queryLeaves.length] as Leaf;
      body = replaced(body, target.path, remove ? REMOVE : value);
    }
  }
  return { query, body };
}

/** A field-by-kind corruption: every field of that kind gets the same bad value (deterministic coverage). */
export function corruptKind(route: FuzzRoute, kind: Kind, value: unknown) {
  const query: Record<string, unknown> = { ...route.query };
  for (const name of Object.keys(query)) if (kindOf(name, { type: 'string' }) === kind) query[name] = value;
  let body = route.body;
  if (body !== undefined) {
    for (const leaf of leavesOf(body)) {
      const current = leaf.path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body);
      const schema: JsonSchema = { type: typeof current === 'string' ? 'string' : 'other' };
      if (kindOf(leaf.name, schema) === kind) body = replaced(body, leaf.path, value);
    }
  }
  return { query, body };
}

const queryString = (query: Record<string, unknown>) =>
  Object.entries(query)
    .map(([name, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      // encodeURIComponent refuses lone surrogates; send their UTF-8 replacement bytes as a browser would.
      const wellFormed = text.replace(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        '\uFFFD',
      );
      return `${encodeURIComponent(name)}=${encodeURIComponent(wellFormed)}`;
    })
    .join('&');

/** Any Arabic letter: the message a person reads is in Arabic. */
const ARABIC = /[\u0600-\u06ff]/;

export type Sent = { status: number; json: unknown; text: string; description: string };

/** Sends one request as the signed-in client; returns what came back with a description for failure messages. */
export async function send(
  client: TestClient,
  route: FuzzRoute,
  request: { query: Record<string, unknown>; body: unknown },
  headers: Record<string, string> = {},
): Promise<Sent> {
  const qs = queryString(request.query);
  const url = `${route.path}${qs ? `?${qs}` : ''}`;
  const bodyText = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const payload =
    route.method === 'GET' || request.body === undefined
      ? undefined
      : typeof request.body === 'string' && headers['content-type']
        ? request.body
        : bodyText;
  const response = await client.request(route.method, url, payload, {
    ...(payload !== undefined && !headers['content-type'] ? { 'content-type': 'application/json' } : {}),
    ...headers,
  });
  let json: unknown;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  const shown = (bodyText ?? '').length > 400 ? `${(bodyText ?? '').slice(0, 400)}…` : bodyText;
  return {
    status: response.statusCode,
    json,
    text: response.body.slice(0, 300),
    description: `${route.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url} ${shown ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`,
  };
}

/** The promise of every answer: no 5xx, and a 4xx is the error envelope with Arabic messages. */
export function expectNoServerError(sent: Sent) {
  expect(sent.status, sent.description).toBeLessThan(500);
  if (sent.status >= 400) {
    const parsed = ErrorBody.safeParse(sent.json);
    expect(parsed.success, `not the error envelope: ${sent.description}`).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.error.message, sent.description).toMatch(ARABIC);
    for (const code of Object.values(parsed.data.error.fields ?? {})) {
      // A field names its problem by a code only (the screen words it): a field code or an API error code.
      const known = isFieldErrorCode(code) || (errorCodes as readonly string[]).includes(code);
      expect(known, `a field error that is no code (${code}): ${sent.description}`).toBe(true);
    }
  }
}

/** Every kind's known bad values on every field of that kind, one request each, then whole-body junk. */
export async function sendKnownBadInput(client: TestClient, routes: FuzzRoute[]) {
  const failures: string[] = [];
  const check = (sent: Sent) => {
    try {
      expectNoServerError(sent);
    } catch {
      failures.push(sent.description);
    }
  };
  for (const route of routes) {
    if (route.multipart) continue;
    for (const kind of ['id', 'date', 'time', 'money', 'quantity', 'text'] as const) {
      for (const value of representativeBadValues[kind]) {
        const request = corruptKind(route, kind, value);
        if (JSON.stringify(request) === JSON.stringify({ query: route.query, body: route.body })) continue;
        check(await send(client, route, request));
      }
    }
    if (route.method !== 'GET') {
      for (const body of [[], 'نص', null, [route.body]]) {
        check(await send(client, route, { query: route.query, body }));
      }
      check(await send(client, route, { query: route.query, body: '{"a":' }, { 'content-type': 'application/json' }));
      check(
        await send(
          client,
          route,
          { query: route.query, body: 'a=1' },
          { 'content-type': 'application/x-www-form-urlencoded' },
        ),
      );
      check(await send(client, route, { query: route.query, body: '<a/>' }, { 'content-type': 'application/xml' }));
      check(await send(client, route, { query: route.query, body: '\u0000' }, { 'content-type': 'text/plain' }));
    }
  }
  return failures;
}

/** Random requests: any route of the family, some fields replaced or removed, sometimes the whole body. */
export function randomRequests(routes: FuzzRoute[]) {
  const mutation = fc.array(fc.record({ leaf: fc.nat(200), value: badValue, remove: fc.nat(4).map((n) => n === 0) }), {
    minLength: 1,
    maxLength: 4,
  });
  return fc.record({
    route: fc.constantFrom(...routes.filter((route) => !route.multipart)),
    mutation,
    wholeBody: fc.option(badValue, { freq: 8, nil: undefined }),
  });
}

export async function signedInAdmin(app: App) {
  const client = new TestClient(app);
  const signedIn = await client.signIn('admin', 'admin123', 1);
  if (signedIn.statusCode !== 200) throw new Error(`admin sign-in failed: ${signedIn.body}`);
  return client;
}

/**
 * The check every fuzz suite makes: each known bad value, then `numRuns` random mutations, never
 * answer a 5xx and every refusal is the Arabic error envelope.
 */
export async function expectNoServerErrorOnBadInput(client: TestClient, routes: FuzzRoute[], numRuns: number) {
  expect(await sendKnownBadInput(client, routes)).toEqual([]);
  await fc.assert(
    fc.asyncProperty(randomRequests(routes), async ({ route, mutation, wholeBody }) => {
      expectNoServerError(await send(client, route, mutate(route, mutation, wholeBody)));
    }),
    { numRuns },
  );
}
