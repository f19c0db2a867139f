/**
 * The reports' calls (docs/reports.md): the legacy balance reads under `sub_accounts/` (their paths kept exactly,
 * api.md) and our own reads under `reports/`.
 */

import { LogQuery } from './logHistory.ts';
import {
  Aging,
  AgingQuery,
  BalanceSheet,
  BalanceSheetQuery,
  CashBook,
  CashBookQuery,
  GrossProfit,
  GrossProfitQuery,
  PartySales,
  PartySalesQuery,
  ProfitAndLoss,
  ProfitAndLossQuery,
  Statement,
  StatementQuery,
  TrialBalance,
  TrialBalanceQuery,
} from './reports.ts';

const unpaged = { page: true, pageSize: true, limit: true } as const;

export const reportsEndpoints = {
  balances: {
    getStatementWithBalance: {
      method: 'GET',
      path: 'sub_accounts/getStatementWithBalance',
      query: StatementQuery,
      response: Statement,
    },
    getComprehensiveBalanceSheet: {
      method: 'GET',
      path: 'sub_accounts/getComprehensiveBalanceSheet',
      query: TrialBalanceQuery,
      response: TrialBalance,
    },
  },
  reports: {
    profitAndLoss: { method: 'GET', path: 'reports/profitAndLoss', query: ProfitAndLossQuery, response: ProfitAndLoss },
    balanceSheet: { method: 'GET', path: 'reports/balanceSheet', query: BalanceSheetQuery, response: BalanceSheet },
    cashBook: { method: 'GET', path: 'reports/cashBook', query: CashBookQuery, response: CashBook },
    grossProfit: { method: 'GET', path: 'reports/grossProfit', query: GrossProfitQuery, response: GrossProfit },
    aging: { method: 'GET', path: 'reports/aging', query: AgingQuery, response: Aging },
    partySales: { method: 'GET', path: 'reports/partySales', query: PartySalesQuery, response: PartySales },
    /** Each report's rows as a right-to-left .xlsx, streamed (the screen's own query without its page). */
    statementExport: { method: 'GET', path: 'reports/statementExport', query: StatementQuery.omit(unpaged) },
    trialBalanceExport: {
      method: 'GET',
      path: 'reports/trialBalanceExport',
      query: TrialBalanceQuery.omit({ page: true, pageSize: true }),
    },
    /** The general ledger: every account that opened with a balance or moved, its opening, lines and closing. */
    generalLedgerExport: {
      method: 'GET',
      path: 'reports/generalLedgerExport',
      query: TrialBalanceQuery.omit({ page: true, pageSize: true }),
    },
    profitAndLossExport: { method: 'GET', path: 'reports/profitAndLossExport', query: ProfitAndLossQuery },
    balanceSheetExport: { method: 'GET', path: 'reports/balanceSheetExport', query: BalanceSheetQuery },
    cashBookExport: { method: 'GET', path: 'reports/cashBookExport', query: CashBookQuery.omit(unpaged) },
    grossProfitExport: { method: 'GET', path: 'reports/grossProfitExport', query: GrossProfitQuery.omit(unpaged) },
    agingExport: { method: 'GET', path: 'reports/agingExport', query: AgingQuery.omit(unpaged) },
    partySalesExport: { method: 'GET', path: 'reports/partySalesExport', query: PartySalesQuery.omit(unpaged) },
    activityExport: {
      method: 'GET',
      path: 'reports/activityExport',
      query: LogQuery.omit({ page: true, pageSize: true }),
    },
  },
} as const;
