/**
 * Starts the real app on a fresh database for a test file. The run has one database server (the embedded
 * PostgreSQL, or the server of TEST_DATABASE_URL: test/globalSetup.ts); each test file gets its own database there,
 * cloned from the run's migrated template and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@mizan/contract';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { type App, type AppOptions, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { startBackups } from '../features/backup/backupSchedule.ts';
import { openBook } from '../features/book/openBook.ts';
import { seedDemoIfEmpty } from '../features/demo/demo.seed.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { databaseUrl } from './globalSetup.ts';

export type DatabaseKind = 'embedded' | 'postgres';

/** The run's one database server: the embedded engine, or the PostgreSQL server of TEST_DATABASE_URL. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['postgres'] : ['embedded'];

export type TestContext = { app: App; database: Database };

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: inject('testServer') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database of its own on the run's server, with a random name: empty, or (`migrated`) a clone of the run's
 * migrated template. `drop` removes it.
 */
export async function createTestDatabase({
  migrated = false,
} = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mizan_test_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}${migrated ? ` template ${inject('testTemplate')}` : ''}`);
  return {
    url: databaseUrl(inject('testServer'), name),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

/** A new, empty database on the run's server (migration tests, backups restored into nothing). */
export const createPostgresDatabase = () => createTestDatabase();

const quiet = { info: () => {}, error: () => {} };

export type TestAppOptions = {
  demo?: boolean;
  /** Extra routes under /api, registered before the app is ready (to test plugins with a route of their own). */
  routes?: (app: App) => void;
  webDist?: string;
  trustProxy?: AppOptions['trustProxy'];
  log?: AppOptions['log'];
  /** The automatic backups into this folder (no schedule: `backup/now` makes one). */
  backupFolder?: string;
};

/** `kind` names the run's server in test titles; every test file's database is on it. */
export async function startTestApp(
  _kind: DatabaseKind = databaseKinds[0] ?? 'embedded',
  { demo = true, routes, webDist, trustProxy, log, backupFolder }: TestAppOptions = {},
) {
  const server = await createTestDatabase({ migrated: true });
  const database = await openBook({ url: server.url });
  if (demo) await seedDemoIfEmpty(database.db);
  const backups = backupFolder
    ? startBackups({ connectionString: server.url, folder: backupFolder, everyMinutes: 0, log: quiet })
    : undefined;
  const app = await buildApp({
    db: database.db,
    checkDatabase: database.check,
    writes: database.writes,
    webDist,
    trustProxy,
    log,
    backups,
  });
  routes?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await backups?.stop();
      await database.close();
      await server.drop();
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

/**
 * Sign-ins for a file's tests, each from an address of its own under `network` (the sign-in limit counts per
 * address, so many sign-ins of one user are not taken for guessing); the sign-in must succeed.
 */
export function signIns(ctx: () => TestContext, network: string) {
  let ip = 0;
  return async (user: string, password: string, store = 1) => {
    const c = new TestClient(ctx().app, `${network}.${++ip}`);
    const res = await c.signIn(user, password, store);
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };
}

/** A call that must answer 200: its JSON (the body is shown when it does not). */
export async function answered(call: Promise<LightMyRequestResponse>) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
