import { Company, dataOf, Store, StoreQuery, Year } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listStores, listYears, readCompany } from './organisation.queries.ts';

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the sign-in page fills its store picker from it before anyone is signed in.
  app.get(
    '/store/read',
    {
      config: { public: true },
      schema: { tags: ['store'], summary: 'The stores one can sign in to', response: { 200: dataOf(Store) } },
    },
    async () => ({ data: await listStores(app.db) }),
  );

  app.get(
    '/company/read',
    {
      schema: {
        tags: ['company'],
        summary: 'The company shown on prints and in settings',
        response: { 200: dataOf(Company) },
      },
    },
    async () => ({ data: await readCompany(app.db) }),
  );

  // Legacy clients send no parameters; a store_id, when sent, must be the session's (checked for every route).
  app.get(
    '/year/readByStoreByRef',
    {
      schema: {
        tags: ['year'],
        summary: "The store's accounting years; year 1 is served under /api/, the others under /api23/",
        querystring: StoreQuery.partial(),
        response: { 200: dataOf(Year) },
      },
    },
    async () => ({ data: await listYears(app.db) }),
  );
};
