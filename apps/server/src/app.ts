/** The server's table of contents: plugins, the error handler, then each feature's routes. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { fieldErrorOf, type RouteAccess } from '@mizan/contract';
import Fastify, { type FastifySchema } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TrustProxy } from './config.ts';
import type { Db } from './db/client.ts';
import type { WriteWatch } from './db/diskSpace.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { backupRoutes } from './features/backup/backup.routes.ts';
import type { BackupService } from './features/backup/backupSchedule.ts';
import { categoriesRoutes } from './features/categories/categories.routes.ts';
import { consolidatedRoutes } from './features/consolidated/consolidated.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { excelRoutes } from './features/excel/excel.routes.ts';
import { itemMovementRoutes } from './features/itemMovement/itemMovement.routes.ts';
import { itemsRoutes } from './features/items/items.routes.ts';
import { stockRoutes } from './features/items/stock.routes.ts';
import { journalRoutes } from './features/journal/journal.routes.ts';
import { journalTemplateRoutes } from './features/journal/journalTemplates.routes.ts';
import { logHistoryRoutes } from './features/logHistory/logHistory.routes.ts';
import { openingStockRoutes } from './features/openingStock/openingStock.routes.ts';
import { organisationRoutes } from './features/organisation/organisation.routes.ts';
import { priceListsRoutes } from './features/priceLists/priceLists.routes.ts';
import { reportsExportRoutes } from './features/reports/reports.export.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { returnsRoutes } from './features/returns/returns.routes.ts';
import { shiftsRoutes } from './features/shifts/shifts.routes.ts';
import { stockCountRoutes } from './features/stockCount/stockCount.routes.ts';
import { tradeRoutes } from './features/trade/trade.routes.ts';
import { transfersRoutes } from './features/transfers/transfers.routes.ts';
import { rolesRoutes } from './features/users/roles.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { vatRoutes } from './features/vat/vat.routes.ts';
import { vouchersRoutes } from './features/vouchers/vouchers.routes.ts';
import { answerClientError } from './lib/clientError.ts';
import { installErrorHandler } from './lib/errorHandler.ts';
import { rememberApiBase, toCanonicalUrl } from './lib/legacyPaths.ts';
import { type LogOptions, loggerOptions } from './lib/logging.ts';
import { errorBody, sendError } from './lib/sendError.ts';
import './plugins/permissions.ts';
import { sessionPlugin } from './plugins/session.ts';

// Every issue of zod's own checks is named by the contract's field error code (a schema's own message already is one),
// decided where the issue is made, while zod still has the input: a missing field is REQUIRED, a wrong one INVALID.
z.config({ customError: fieldErrorOf });

export type ApiRoute = {
  method: string;
  url: string;
  public: boolean;
  /** What the route declares a caller needs (plugins/permissions.ts). */
  permission?: RouteAccess;
  schema?: FastifySchema;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Every API route with whether it needs a session: the tests walk it to prove each one is guarded. */
    apiRoutes: ApiRoute[];
  }
}

export type AppOptions = {
  db: Db;
  /** The built web app to serve; omitted in API tests. */
  webDist?: string;
  /** Whether the database answers now, for `/api/health` (see `Database.check`). */
  checkDatabase?: () => Promise<boolean>;
  /** Whether the database cannot write for a full disk (`Database.writes`): health and the error handler ask it. */
  writes?: WriteWatch;
  /** Request and error logging; off when omitted (tests). */
  log?: LogOptions;
  /**
   * The proxies whose X-Forwarded-For gives the client's address (the sign-in limit counts per address): a count
   * of hops or their addresses. Default none: the socket's address counts and the header is ignored.
   */
  trustProxy?: TrustProxy;
  /** The server's automatic backups (features/backup); without them the backup calls are refused. */
  backups?: BackupService;
};

/**
 * Security headers on every answer (pages, files, API, errors). The policy allows what the web app uses and no
 * more: its own scripts, Ionic's inline styles, the logo and generated downloads as data:/blob: URLs, its service
 * worker. No page may frame ours (clickjacking). HSTS and upgrade-insecure-requests are left out on purpose: a
 * shop reaches the server over plain HTTP on its network, and HTTPS is the business of a proxy in front of it.
 */
const securityHeaders = {
  global: true,
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' as const },
  frameguard: { action: 'deny' as const },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'data:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
};

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.log ? loggerOptions(options.log) : false,
    trustProxy: options.trustProxy ?? false,
    // Legacy clients call `items/read.php` and `/api23/...`: both reach the same routes (see legacyPaths.ts).
    // The base that was called is remembered first: it decides the year of a call that names none.
    rewriteUrl: (req) => {
      rememberApiBase(req);
      return toCanonicalUrl(req.url ?? '/');
    },
    bodyLimit: 5 * 1024 * 1024,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        permission: route.config?.permission,
        schema: route.schema,
      });
    }
  });
  installErrorHandler(app, options.writes);
  // Legacy clients post some arrays as a JSON string with text/plain (see `jsonArrayOf` in the contract).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  await app.register(fastifyHelmet, securityHeaders);
  await app.register(fastifyCookie);
  // Uploads (logo, Excel sheets): one file per request, at most 5 MiB.
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Mizan API',
        version: '1.0.0',
        description:
          'Every path is also served with a `.php` suffix and under the secondary base `/api23/` (accounting years other than 1). ' +
          'A year-scoped call names its year (`yearId`, `year_id` or `fq_year`); without one it is year 1 under `/api/` and refused (400 YEAR_REQUIRED) under `/api23/`.',
      },
      servers: [{ url: '/api' }, { url: '/api23' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(sessionPlugin);

  await app.register(
    async (api) => {
      // 200 only if the database answers too: a server whose database is down is not healthy (503 meanwhile), nor
      // one whose disk is full (503 DISK_FULL: it answers reads and refuses every save; docs/embedded-database.md).
      api.get('/health', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
        if (await options.writes?.diskFull()) return sendError(reply, 'DISK_FULL');
        const databaseUp = options.checkDatabase ? await options.checkDatabase() : true;
        if (!databaseUp) return sendError(reply, 'DATABASE_UNAVAILABLE');
        return { status: 'ok' };
      });
      api.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes);
      await api.register(organisationRoutes);
      await api.register(categoriesRoutes);
      await api.register(itemsRoutes);
      await api.register(stockRoutes);
      await api.register(openingStockRoutes);
      await api.register(accountsRoutes);
      await api.register(usersRoutes);
      await api.register(rolesRoutes);
      await api.register(excelRoutes);
      await api.register(tradeRoutes);
      await api.register(returnsRoutes);
      await api.register(journalRoutes);
      await api.register(stockCountRoutes);
      await api.register(reportsRoutes);
      await api.register(reportsExportRoutes);
      await api.register(vatRoutes);
      await api.register(journalTemplateRoutes);
      await api.register(logHistoryRoutes);
      await api.register(itemMovementRoutes);
      await api.register(vouchersRoutes);
      await api.register(backupRoutes(options.backups));
      await api.register(dashboardRoutes(options.backups));
      await api.register(consolidatedRoutes);
      await api.register(shiftsRoutes);
      await api.register(transfersRoutes);
      await api.register(priceListsRoutes);
    },
    { prefix: '/api' },
  );

  const indexHtml = options.webDist && join(options.webDist, 'index.html');
  if (options.webDist && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
      preCompressed: true,
      // Looked up per request, so a rebuilt web app is served without restarting the server.
      wildcard: true,
      setHeaders: (res, path) => {
        // Hashed assets never change; index.html and the service worker must be revalidated.
        const immutable = path.includes('/assets/');
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // A missing file (an asset of an older build) is a 404, never the app's page in its place.
    const isFile = /\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (req.url.startsWith('/api/') || req.method !== 'GET' || isFile || !indexHtml || !existsSync(indexHtml)) {
      return reply.code(404).send(errorBody('NOT_FOUND'));
    }
    // Any other page address is a route of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
