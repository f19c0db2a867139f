/**
 * Starts the real app on a fresh database for a test file: embedded PGlite always, and a PostgreSQL server
 * when TEST_DATABASE_URL is set (each test file gets its own new database there, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type App, type AppOptions, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { openBook } from '../features/book/openBook.ts';
import { seedDemoIfEmpty } from '../features/demo/demo.seed.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestContext = { app: App; database: Database };

/** A new, empty database on the PostgreSQL server of `TEST_DATABASE_URL`, with its own random name. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `mizan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type TestAppOptions = {
  demo?: boolean;
  /** Extra routes under /api, registered before the app is ready (to test plugins with a route of their own). */
  routes?: (app: App) => void;
  webDist?: string;
  trustProxy?: AppOptions['trustProxy'];
  log?: AppOptions['log'];
};

export async function startTestApp(
  kind: DatabaseKind,
  { demo = true, routes, webDist, trustProxy, log }: TestAppOptions = {},
) {
  const server = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const database = await openBook(server ? { url: server.url } : { dataDir: undefined });
  if (demo) await seedDemoIfEmpty(database.db);
  const app = await buildApp({ db: database.db, checkDatabase: database.check, webDist, trustProxy, log });
  routes?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await server?.drop();
    },
  };
}

/**
 * Runs the suite once per database kind, each with its own app. `ctx()` gives the running app inside tests.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: () => TestContext) => void,
  options: TestAppOptions = {},
) {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let started: Awaited<ReturnType<typeof startTestApp>> | undefined;
      beforeAll(async () => {
        started = await startTestApp(kind, options);
      }, 60_000);
      afterAll(async () => {
        await started?.close();
      }, 30_000);
      suite(() => {
        if (!started) throw new Error('the test app did not start');
        return started;
      });
    });
  }
}

/** A browser-like client: keeps cookies between calls and echoes the anti-forgery token on changes. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(
    private app: App,
    private ip = '127.0.0.1',
  ) {}

  get sessionCookie() {
    return this.cookies.get(SESSION_COOKIE);
  }

  async request(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const xsrf = this.cookies.get(XSRF_COOKIE);
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      cookies: Object.fromEntries(this.cookies),
      headers: { ...(method !== 'GET' && xsrf ? { [XSRF_HEADER]: xsrf } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.keepCookies(response);
    return response;
  }

  private keepCookies(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get = (url: string) => this.request('GET', url);
  upload = (url: string, file: ReturnType<typeof multipartFile>) =>
    this.request('POST', url, file.payload, file.headers);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});

  /** Signs in; the first GET fetches the anti-forgery cookie as a browser's first page load would. */
  async signIn(user_name = 'admin', password = 'admin123', store_id = 1) {
    if (!this.cookies.has(XSRF_COOKIE)) await this.get('/api/store/read');
    return this.post('/api/users/login', { user_name, password, store_id, level: 'user' });
  }
}

/** A multipart/form-data body with one file, as a browser's FormData upload sends it. */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----mizan${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
