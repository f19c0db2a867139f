import {
  AccountQuery,
  AccountUsage,
  CreateSubAccountsBody,
  CUSTOMERS_CLASS,
  dataOf,
  endpoints,
  Id,
  IdQuery,
  PARTY_SEARCH_LIMIT,
  partySides,
  StoreYearQuery,
  SUPPLIERS_CLASS,
  SubAccount,
  SubAccountWithSeed,
} from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { refuseGet } from '../../lib/refuseGet.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import {
  findSubAccount,
  listAccountCategories,
  listAccountsOfClasses,
  listMainAccounts,
  listPartyNames,
  listSubAccounts,
  searchPartyNames,
  withSeedFields,
} from './accounts.queries.ts';
import { accountUsage, createSubAccounts, deleteSubAccount, updateSubAccount } from './accounts.service.ts';

const tags = ['accounts'];
const api = endpoints.sub_accounts;

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The store's accounts of some classes (all: undefined) with the seed's fields. */
  const accountsOfClasses = async (storeId: number, classes: number[] | undefined, yearId: number) =>
    withSeedFields(app.db, storeId, yearId, await listAccountsOfClasses(app.db, storeId, classes, yearId));

  app.get(
    urlOf(endpoints.accounts.readByStore),
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'Main accounts (classes) of the chart', ...schemaOf(endpoints.accounts.readByStore) },
    },
    async () => ({
      data: await listMainAccounts(app.db),
    }),
  );
  app.get(
    urlOf(endpoints.account_category.readByStore),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(endpoints.account_category.readByStore) } },
    async () => ({ data: await listAccountCategories(app.db) }),
  );

  app.get(
    '/sub_accounts/readByStore',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "The store's accounts of one class (ac_id 1 customers, 2 suppliers, 3 expenses), or all",
        querystring: StoreYearQuery.partial().extend({ ac_id: Id.optional() }),
        response: { 200: dataOf(SubAccountWithSeed) },
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const classes = req.query.ac_id ? [req.query.ac_id] : undefined;
      return { data: await accountsOfClasses(sessionUser(req).store_id, classes, year.value.id) };
    },
  );
  app.get(
    urlOf(api.readAllStore),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(api.readAllStore) } },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      return { data: await accountsOfClasses(sessionUser(req).store_id, undefined, year.value.id) };
    },
  );
  app.get(
    urlOf(api.getAllCustomerSupplier),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(api.getAllCustomerSupplier) } },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const classes = [CUSTOMERS_CLASS, SUPPLIERS_CLASS];
      return { data: await accountsOfClasses(sessionUser(req).store_id, classes, year.value.id) };
    },
  );

  app.get(
    urlOf(api.partyNames),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(api.partyNames) } },
    async (req) => {
      const storeId = sessionUser(req).store_id;
      const { search, side, limit } = req.query;
      // Without a term, every party: legacy clients and the list a device keeps for selling offline read it so.
      if (search === undefined) return { data: await listPartyNames(app.db, storeId) };
      const accountClass = side && partySides[side].accountClass;
      return {
        data: await searchPartyNames(app.db, storeId, {
          term: search,
          accountClass,
          limit: limit ?? PARTY_SEARCH_LIMIT,
        }),
      };
    },
  );

  for (const [url, positive] of [
    [urlOf(api.readWithBalance), false],
    ['/sub_accounts/readWithBalancePositive', true],
  ] as const) {
    app.get(
      url,
      {
        config: { permission: 'signedIn' },
        schema: {
          tags,
          summary: positive
            ? 'Accounts with a non-zero balance, paged'
            : 'Accounts with their current balance, paged and filtered',
          ...schemaOf(api.readWithBalance),
        },
      },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        const asked = { ...req.query, yearId: year.value.id, year_id: undefined };
        const query = positive ? { ...asked, has_balance: true } : asked;
        const storeId = sessionUser(req).store_id;
        const { rows, total } = await listSubAccounts(app.db, storeId, query);
        const data = await withSeedFields(app.db, storeId, year.value.id, rows);
        return { data, total, page: query.page, pageSize: query.pageSize };
      },
    );
  }

  app.get(
    urlOf(api.getAccountBalance),
    { config: { permission: 'signedIn' }, schema: { tags, ...schemaOf(api.getAccountBalance) } },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const storeId = sessionUser(req).store_id;
      const found = await findSubAccount(app.db, storeId, req.query.account_id, year.value.id);
      return found.length
        ? { data: await withSeedFields(app.db, storeId, year.value.id, found) }
        : sendError(reply, 'NOT_FOUND');
    },
  );

  app.get(
    '/sub_accounts/checkUsage',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Whether an account may be deleted',
        querystring: AccountQuery,
        response: { 200: dataOf(AccountUsage) },
      },
    },
    async (req, reply) => {
      const usage = await accountUsage(app.db, sessionUser(req).store_id, req.query.account_id);
      return usage ? { data: [usage] } : sendError(reply, 'NOT_FOUND');
    },
  );

  app.post(
    urlOf(api.create),
    { config: { permission: 'accounts' }, schema: { tags, ...schemaOf(api.create) } },
    async (req, reply) => {
      const result = await createSubAccounts(app.db, sessionUser(req), [req.body]);
      return result.ok ? { data: result.value } : sendError(reply, result);
    },
  );
  app.post(
    '/sub_accounts/createMulti',
    {
      config: { permission: 'accounts' },
      schema: {
        tags,
        summary: 'Create several accounts: all or none',
        body: CreateSubAccountsBody,
        response: { 200: dataOf(SubAccount) },
      },
    },
    async (req, reply) => {
      const result = await createSubAccounts(app.db, sessionUser(req), req.body);
      return result.ok ? { data: result.value } : sendError(reply, result);
    },
  );
  app.post(
    urlOf(api.update),
    { config: { permission: 'accounts' }, schema: { tags, ...schemaOf(api.update) } },
    async (req, reply) => {
      const result = await updateSubAccount(app.db, sessionUser(req), req.body);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );

  const Deleted = dataOf(z.object({ id: z.number().int() }));
  const deleteSummary =
    'Refused with 409 ACCOUNT_IN_USE (ledger lines) or SYSTEM_ACCOUNT (cash box, bank, sales, purchases)';
  app.post(
    urlOf(api.delete),
    { config: { permission: 'accounts' }, schema: { tags, summary: deleteSummary, ...schemaOf(api.delete) } },
    async (req, reply) => {
      const result = await deleteSubAccount(app.db, sessionUser(req), req.body.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  app.delete(
    '/sub_accounts/delete',
    {
      config: { permission: 'accounts' },
      schema: { tags, summary: deleteSummary, querystring: IdQuery, response: { 200: Deleted } },
    },
    async (req, reply) => {
      const result = await deleteSubAccount(app.db, sessionUser(req), req.query.id);
      return result.ok ? { data: [result.value] } : sendError(reply, result);
    },
  );
  refuseGet(app, '/sub_accounts/delete', 'POST, DELETE');
};
