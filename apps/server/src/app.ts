/** The server's table of contents: plugins, the error handler, then each feature's routes. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from './db/client.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { categoriesRoutes } from './features/categories/categories.routes.ts';
import { excelRoutes } from './features/excel/excel.routes.ts';
import { itemsRoutes } from './features/items/items.routes.ts';
import { openingStockRoutes } from './features/openingStock/openingStock.routes.ts';
import { organisationRoutes } from './features/organisation/organisation.routes.ts';
import { tradeRoutes } from './features/trade/trade.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { installErrorHandler } from './lib/errorHandler.ts';
import { toCanonicalUrl } from './lib/legacyPaths.ts';
import { errorBody } from './lib/sendError.ts';
import { sessionPlugin } from './plugins/session.ts';

// Validation messages in Arabic, for every schema of the contract.
z.config(z.locales.ar());

export type ApiRoute = { method: string; url: string; public: boolean };

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
  logger?: FastifyServerOptions['logger'];
  /** Behind a reverse proxy the client's address comes from X-Forwarded-For (needed for the sign-in limit). */
  trustProxy?: boolean;
};

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // Legacy clients call `items/read.php` and `/api23/...`: both reach the same routes (see legacyPaths.ts).
    rewriteUrl: (req) => toCanonicalUrl(req.url ?? '/'),
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });
  installErrorHandler(app);
  // Legacy clients post some arrays as a JSON string with text/plain (see `jsonArrayOf` in the contract).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  await app.register(fastifyCookie);
  // Uploads (logo, Excel sheets): one file per request, at most 5 MiB.
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Mizan API',
        version: '1.0.0',
        description:
          'Every path is also served with a `.php` suffix and under the secondary base `/api23/` (accounting years other than 1).',
      },
      servers: [{ url: '/api' }, { url: '/api23' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(sessionPlugin);

  await app.register(
    async (api) => {
      // Answered without touching the database: shows the server is alive even while a long report runs.
      api.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
      api.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      await api.register(authRoutes);
      await api.register(organisationRoutes);
      await api.register(categoriesRoutes);
      await api.register(itemsRoutes);
      await api.register(openingStockRoutes);
      await api.register(accountsRoutes);
      await api.register(usersRoutes);
      await api.register(excelRoutes);
      await api.register(tradeRoutes);
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
