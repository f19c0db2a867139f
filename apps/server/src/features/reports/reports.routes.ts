/**
 * The reports (docs/reports.md): the legacy balance reads (`sub_accounts/getStatementWithBalance`,
 * `getComprehensiveBalanceSheet`, `balanceSheetByStore`) and our own under `reports/`. Every read is the session's
 * store (a `store_id` of another store is refused before it arrives here) in the request's year.
 */
import { endpoints, pageSizeOf, TrialBalanceQuery } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { partySales } from './partySales.queries.ts';
import { bookPeriod, requestPeriod } from './period.ts';
import { aging, balanceSheet, grossProfit, moneyAccounts, profitAndLoss, yearContaining } from './reports.queries.ts';
import { findStatementAccount, readStatement } from './statement.queries.ts';
import { readTrialBalance } from './trialBalance.queries.ts';

const tags = ['reports'];
const api = endpoints.balances;

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    urlOf(api.getStatementWithBalance),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: "An account's statement: opening balance, every movement with the balance after it, closing balance",
        ...schemaOf(api.getStatementWithBalance),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const { period } = asked;
      const storeId = sessionUser(req).store_id;
      const account = await findStatementAccount(app.db, storeId, req.query.account_id);
      if (!account) return sendError(reply, 'NOT_FOUND');
      const { statement: _s, role: _r, ...shown } = account;
      const statement = await readStatement(app.db, storeId, account, period, {
        page: req.query.page,
        pageSize: pageSizeOf(req.query),
      });
      return { ...statement, account: shown };
    },
  );

  for (const [url, summary] of [
    [urlOf(api.getComprehensiveBalanceSheet), 'The trial balance: every account, its movements and closing balance'],
    ['/sub_accounts/balanceSheetByStore', 'The trial balance of the whole year (the legacy read)'],
  ] as const) {
    app.get(
      url,
      {
        config: { permission: 'readReports' },
        schema: {
          tags,
          summary,
          querystring: TrialBalanceQuery,
          response: schemaOf(api.getComprehensiveBalanceSheet).response,
        },
      },
      async (req, reply) => {
        const asked = await requestPeriod(app.db, req, reply);
        if (!asked) return reply;
        const { segment, has_balance, has_movement, search, page } = req.query;
        return readTrialBalance(
          app.db,
          sessionUser(req).store_id,
          asked.period,
          { segment, hasBalance: has_balance, hasMovement: has_movement, search },
          page ? { page, pageSize: pageSizeOf(req.query) } : undefined,
        );
      },
    );
  }

  const reports = endpoints.reports;
  app.get(
    urlOf(reports.profitAndLoss),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: 'Profit and loss of a period (across years as asked), and of a period to compare with',
        ...schemaOf(reports.profitAndLoss),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const { year, period } = asked;
      const storeId = sessionUser(req).store_id;
      const data = [await profitAndLoss(app.db, storeId, period)];
      const { compare_from, compare_to } = req.query;
      if (compare_from && compare_to) {
        if (compare_from > compare_to)
          return sendError(reply, {
            ok: false,
            code: 'DATE_RANGE_REVERSED',
            fields: { compare_to: 'DATE_RANGE_REVERSED' },
          });
        const compared = await bookPeriod(app.db, { start: compare_from, end: compare_to }, year);
        data.push(await profitAndLoss(app.db, storeId, compared));
      }
      return { data };
    },
  );
  app.get(
    urlOf(reports.balanceSheet),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'The balance sheet at the end of a day', ...schemaOf(reports.balanceSheet) },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const asOf = req.query.as_of ?? year.value.yearEnd;
      const inYear = (await yearContaining(app.db, asOf)) ?? year.value;
      return { data: [await balanceSheet(app.db, sessionUser(req).store_id, inYear, asOf)] };
    },
  );
  app.get(
    urlOf(reports.cashBook),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: 'The cash boxes and banks over a period, and one of them line by line with its running balance',
        ...schemaOf(reports.cashBook),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const { period } = asked;
      const storeId = sessionUser(req).store_id;
      const accounts = await moneyAccounts(app.db, storeId, period);
      const chosen = req.query.account_id ?? accounts[0]?.id;
      const account = chosen === undefined ? undefined : await findStatementAccount(app.db, storeId, chosen);
      if (!account || !accounts.some((a) => a.id === account.id)) return sendError(reply, 'NOT_FOUND');
      const { statement: _s, role: _r, ...shown } = account;
      const statement = await readStatement(app.db, storeId, account, period, {
        page: req.query.page,
        pageSize: pageSizeOf(req.query),
      });
      return { ...statement, account: shown, accounts };
    },
  );
  app.get(
    urlOf(reports.grossProfit),
    {
      config: { permission: 'readCost' },
      schema: {
        tags,
        summary: 'Gross profit by item or by invoice, from the costs the lines kept',
        ...schemaOf(reports.grossProfit),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const { period } = asked;
      return grossProfit(app.db, sessionUser(req).store_id, period, req.query.by, {
        page: req.query.page,
        pageSize: pageSizeOf(req.query),
      });
    },
  );
  app.get(
    urlOf(reports.partySales),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: "Sales by customer or purchases by supplier: each party's invoices and returns of a period",
        ...schemaOf(reports.partySales),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      return partySales(app.db, sessionUser(req).store_id, asked.period, req.query.side, {
        page: req.query.page,
        pageSize: pageSizeOf(req.query),
      });
    },
  );
  app.get(
    urlOf(reports.aging),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: 'Aged receivables or payables at the end of a day: 0-30, 31-60, 61-90, over 90 days',
        ...schemaOf(reports.aging),
      },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const asOf = req.query.as_of ?? year.value.yearEnd;
      return aging(app.db, sessionUser(req).store_id, asOf, req.query.side, {
        page: req.query.page,
        pageSize: pageSizeOf(req.query),
      });
    },
  );
};
