import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { optionalSessionUser } from '../../plugins/session.ts';
import { setYearClosed, yearsOfStore } from '../book/yearLock.ts';
import { listStores, readCompany, readLogo } from './organisation.queries.ts';
import { MAX_LOGO_BYTES, saveLogo, updateCompany, updateStore } from './organisation.service.ts';

const { store, company, year } = endpoints;

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the sign-in page fills its store picker from it before anyone is signed in; until then it carries the
  // stores' names only, not their locations or settings.
  app.get(
    urlOf(store.read),
    {
      config: { public: true },
      schema: {
        tags: ['store'],
        summary: 'The stores one can sign in to (before sign-in: id and name only)',
        ...schemaOf(store.read),
      },
    },
    async (req) => {
      const stores = await listStores(app.db);
      if (await optionalSessionUser(app.db, req)) return { data: stores };
      return { data: stores.map(({ id, store_name }) => ({ id, store_name })) };
    },
  );
  app.post(
    urlOf(store.update),
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['store'],
        summary: "The signed-in store's name and location (administrators)",
        ...schemaOf(store.update),
      },
    },
    async (req, reply) => {
      const result = await updateStore(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  app.get(
    urlOf(company.read),
    {
      config: { permission: 'signedIn' },
      schema: { tags: ['company'], summary: 'The company shown on prints and in settings', ...schemaOf(company.read) },
    },
    async () => ({ data: await readCompany(app.db) }),
  );
  app.post(
    urlOf(company.update),
    {
      config: { permission: 'settings' },
      schema: { tags: ['company'], summary: 'Edit the company (administrators)', ...schemaOf(company.update) },
    },
    async (req, reply) => {
      const result = await updateCompany(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.post(
    urlOf(company.uploadLogo),
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['company'],
        summary: 'Upload the logo (multipart, field "logo"; PNG, JPEG or WebP up to 1 MiB; administrators)',
        ...schemaOf(company.uploadLogo),
      },
    },
    async (req, reply) => {
      const file = await req.file({ limits: { fileSize: MAX_LOGO_BYTES + 1 } });
      if (!file) return sendError(reply, { ok: false, code: 'VALIDATION_FAILED', fields: { logo: 'FILE_REQUIRED' } });
      const bytes = await file.toBuffer();
      const result = await saveLogo(app.db, sessionUser(req), bytes, file.mimetype);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.get(
    '/company/logo',
    { config: { permission: 'signedIn' }, schema: { tags: ['company'], summary: 'The logo image' } },
    async (_req, reply) => {
      const logo = await readLogo(app.db);
      if (!logo) return sendError(reply, 'NOT_FOUND');
      // The URL changes with the image (?v=hash), so it may be cached for long.
      return reply.type(logo.type).header('cache-control', 'private, max-age=31536000, immutable').send(logo.bytes);
    },
  );

  // Legacy clients send no parameters; a store_id, when sent, must be the session's (checked for every route).
  app.get(
    urlOf(year.readByStoreByRef),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['year'],
        summary: "The store's accounting years; year 1 is served under /api/, the others under /api23/",
        ...schemaOf(year.readByStoreByRef),
      },
    },
    async (req) => ({ data: await yearsOfStore(app.db, sessionUser(req).store_id) }),
  );
  for (const [endpoint, close] of [
    [year.close, true],
    [year.reopen, false],
  ] as const)
    app.post(
      urlOf(endpoint),
      {
        config: { permission: 'yearClose' },
        schema: {
          tags: ['year'],
          summary: close
            ? 'Closes a year for the store (administrators): nothing dated in it is saved, edited or deleted (409 YEAR_CLOSED)'
            : 'Reopens a closed year for the store (administrators)',
          ...schemaOf(endpoint),
        },
      },
      async (req, reply) => {
        const result = await setYearClosed(app.db, sessionUser(req), req.body.yearId, close);
        return result.ok ? { data: [result.value] } : sendError(reply, result);
      },
    );
};
