/** `j_type/readByStore` and `j_typeDetails/readByStoreByRef`: the store's journal templates and their accounts. */
import { endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { listTemplateAccounts, listTemplates } from './journalTemplates.ts';

const tags = ['journal'];

export const journalTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(endpoints.j_type.readByStore),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "The store's journal templates", ...schemaOf(endpoints.j_type.readByStore) },
    },
    async (req) => ({ data: await listTemplates(app.db, sessionUser(req).store_id) }),
  );
  app.get(
    urlOf(endpoints.j_typeDetails.readByStoreByRef),
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "The accounts of the store's journal templates (debit rows, credit rows)",
        ...schemaOf(endpoints.j_typeDetails.readByStoreByRef),
      },
    },
    async (req) => ({ data: await listTemplateAccounts(app.db, sessionUser(req).store_id) }),
  );
};
