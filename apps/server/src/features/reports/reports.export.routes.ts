/**
 * Every report as a right-to-left .xlsx through the one sheet export (lib/sheetExport.ts): the screen's own query
 * without its page, the rows read page by page and streamed into the answer. A statement is read by keyset
 * (`statementPages`), so 100,000 lines are read once.
 */
import {
  agingBuckets,
  endpoints,
  type GrossProfitRow,
  type LogEntry,
  type PartySalesRow,
  type StatementLine,
  type TrialBalanceRow,
} from '@mizan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { pagesOf, type SheetColumn, sendSheet } from '../../lib/sheetExport.ts';
import { readLog } from '../logHistory/logHistory.reads.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { partySales } from './partySales.queries.ts';
import { requestPeriod } from './period.ts';
import { aging, balanceSheet, grossProfit, moneyAccounts, profitAndLoss, yearContaining } from './reports.queries.ts';
import { findStatementAccount, statementPages } from './statement.queries.ts';
import { readTrialBalance } from './trialBalance.queries.ts';

const tags = ['reports'];
const api = endpoints.reports;

const statementColumns: SheetColumn<StatementLine>[] = [
  { header: 'التاريخ', cell: (l) => l.line_date, width: 12 },
  { header: 'المستند', cell: (l) => l.j_type ?? l.source_kind },
  { header: 'المرجع', cell: (l) => l.reference, width: 16 },
  { header: 'البيان', cell: (l) => l.memo, width: 30 },
  { header: 'مدين', cell: (l) => l.debit, kind: 'money' },
  { header: 'دائن', cell: (l) => l.credit, kind: 'money' },
  { header: 'الرصيد', cell: (l) => l.running_balance, kind: 'money' },
];
/** A row of the general ledger: an account's opening, one of its lines, or its sums and closing. */
type LedgerRow = {
  account: string;
  date?: string;
  document?: string | null;
  reference?: string | null;
  memo?: string | null;
  debit?: string;
  credit?: string;
  balance?: string;
};
const ledgerColumns: SheetColumn<LedgerRow>[] = [
  { header: 'الحساب', cell: (r) => r.account, width: 28 },
  { header: 'التاريخ', cell: (r) => r.date, width: 12 },
  { header: 'المستند', cell: (r) => r.document },
  { header: 'المرجع', cell: (r) => r.reference, width: 16 },
  { header: 'البيان', cell: (r) => r.memo, width: 30 },
  { header: 'مدين', cell: (r) => r.debit, kind: 'money' },
  { header: 'دائن', cell: (r) => r.credit, kind: 'money' },
  { header: 'الرصيد', cell: (r) => r.balance, kind: 'money' },
];
type Line = { label: string; amount: string };
const lineColumns: SheetColumn<Line>[] = [
  { header: 'البند', cell: (l) => l.label, width: 34 },
  { header: 'المبلغ', cell: (l) => l.amount, kind: 'money' },
];
async function* once<Row>(rows: Row[]) {
  yield rows;
}

export const reportsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const statementSheet = async (
    req: FastifyRequest,
    reply: FastifyReply,
    accountId: number | undefined,
    name: string,
  ): Promise<unknown> => {
    const asked = await requestPeriod(app.db, req, reply);
    if (!asked) return reply;
    const storeId = sessionUser(req).store_id;
    let chosen = accountId;
    if (name === 'cash-book') {
      const money = await moneyAccounts(app.db, storeId, asked.period);
      chosen ??= money[0]?.id;
      if (!money.some((a) => a.id === chosen)) return sendError(reply, 'NOT_FOUND');
    }
    const account = chosen === undefined ? undefined : await findStatementAccount(app.db, storeId, chosen);
    if (!account) return sendError(reply, 'NOT_FOUND');
    return sendSheet(reply, {
      filename: `${name}.xlsx`,
      sheetName: account.sub_name,
      title: [`كشف حساب: ${account.sub_name}`, `${asked.period.start} - ${asked.period.end}`],
      columns: statementColumns,
      pages: statementPages(app.db, storeId, account, asked.period),
    });
  };

  app.get(
    urlOf(api.statementExport),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: "An account's statement as .xlsx", ...schemaOf(api.statementExport) },
    },
    (req, reply) => statementSheet(req, reply, req.query.account_id, 'statement'),
  );
  app.get(
    urlOf(api.cashBookExport),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'A money account line by line as .xlsx', ...schemaOf(api.cashBookExport) },
    },
    (req, reply) => statementSheet(req, reply, req.query.account_id, 'cash-book'),
  );

  app.get(
    urlOf(api.trialBalanceExport),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'The trial balance as .xlsx', ...schemaOf(api.trialBalanceExport) },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const { segment, has_balance, search } = req.query;
      const trial = await readTrialBalance(app.db, sessionUser(req).store_id, asked.period, {
        segment,
        hasBalance: has_balance,
        search,
      });
      const columns: SheetColumn<TrialBalanceRow>[] = [
        { header: 'اسم الحساب', cell: (r) => r.sub_name, width: 28 },
        { header: 'رقم الحساب', cell: (r) => r.sub_code },
        { header: 'الرصيد الافتتاحي', cell: (r) => r.opening_balance, kind: 'money' },
        { header: 'مدين', cell: (r) => r.debit, kind: 'money' },
        { header: 'دائن', cell: (r) => r.credit, kind: 'money' },
        { header: 'رصيد مدين', cell: (r) => r.display_debit, kind: 'money' },
        { header: 'رصيد دائن', cell: (r) => r.display_credit, kind: 'money' },
      ];
      return sendSheet(reply, {
        filename: 'trial-balance.xlsx',
        sheetName: 'ميزان المراجعة',
        title: ['ميزان المراجعة', `${trial.start_date} - ${trial.end_date}`],
        columns,
        pages: once(trial.data),
      });
    },
  );

  app.get(
    urlOf(api.generalLedgerExport),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: 'The general ledger as .xlsx: each account that opened with a balance or moved, line by line',
        ...schemaOf(api.generalLedgerExport),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const storeId = sessionUser(req).store_id;
      const { segment, has_balance, search } = req.query;
      const trial = await readTrialBalance(app.db, storeId, asked.period, {
        segment,
        hasBalance: has_balance,
        hasMovement: true,
        search,
      });
      return sendSheet(reply, {
        filename: 'general-ledger.xlsx',
        sheetName: 'دفتر الأستاذ العام',
        title: ['دفتر الأستاذ العام', `${trial.start_date} - ${trial.end_date}`],
        columns: ledgerColumns,
        pages: ledgerPages(trial.data, storeId, asked.period),
      });
    },
  );
  /**
   * Each account in the trial balance's order: a row with its opening balance, its statement's lines (read by
   * keyset, page after page: a 100,000-line cash box is read once) and a row with its sums and closing balance.
   */
  async function* ledgerPages(
    accounts: TrialBalanceRow[],
    storeId: number,
    period: Parameters<typeof statementPages>[3],
  ): AsyncGenerator<LedgerRow[]> {
    for (const row of accounts) {
      const account = await findStatementAccount(app.db, storeId, row.id);
      if (!account) continue;
      const name = `${row.sub_code ?? ''} ${row.sub_name}`.trim();
      yield [{ account: name, memo: 'الرصيد الافتتاحي', balance: row.opening_balance }];
      // Signed on the account's nature, as the statement's running balance is.
      let closing = row.opening_balance;
      for await (const lines of statementPages(app.db, storeId, account, period)) {
        closing = lines[lines.length - 1]?.running_balance ?? closing;
        yield lines.map((line) => ({
          account: name,
          date: line.line_date,
          document: line.j_type ?? line.source_kind,
          reference: line.reference,
          memo: line.memo,
          debit: line.debit,
          credit: line.credit,
          balance: line.running_balance,
        }));
      }
      yield [
        {
          account: name,
          memo: 'الإجمالي والرصيد الختامي',
          debit: row.debit,
          credit: row.credit,
          balance: closing,
        },
      ];
    }
  }

  app.get(
    urlOf(api.profitAndLossExport),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'Profit and loss as .xlsx', ...schemaOf(api.profitAndLossExport) },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const f = await profitAndLoss(app.db, sessionUser(req).store_id, asked.period);
      const rows: Line[] = [
        { label: 'المبيعات', amount: f.sales },
        { label: 'مرتجعات المبيعات', amount: f.returns },
        { label: 'الخصم المسموح به', amount: f.discounts },
        { label: 'صافي المبيعات', amount: f.net_sales },
        { label: 'تكلفة المبيعات', amount: f.cost_of_sales },
        { label: 'مجمل الربح', amount: f.gross_profit },
        ...f.expenses.map((e) => ({ label: e.sub_name, amount: e.amount })),
        { label: 'إجمالي المصروفات', amount: f.total_expenses },
        { label: 'صافي الربح', amount: f.net_profit },
      ];
      return sendSheet(reply, {
        filename: 'profit-and-loss.xlsx',
        sheetName: 'الأرباح والخسائر',
        title: ['الأرباح والخسائر', `${f.start_date} - ${f.end_date}`],
        columns: lineColumns,
        pages: once(rows),
      });
    },
  );

  app.get(
    urlOf(api.balanceSheetExport),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'The balance sheet as .xlsx', ...schemaOf(api.balanceSheetExport) },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const asOf = req.query.as_of ?? year.value.yearEnd;
      const inYear = (await yearContaining(app.db, asOf)) ?? year.value;
      const sheet = await balanceSheet(app.db, sessionUser(req).store_id, inYear, asOf);
      const section = (s: (typeof sheet.assets)[number]): Line[] => [
        { label: s.ac_name, amount: s.total },
        ...s.accounts.map((a) => ({ label: `   ${a.sub_name}`, amount: a.amount })),
      ];
      const rows: Line[] = [
        ...sheet.assets.flatMap(section),
        { label: 'إجمالي الأصول', amount: sheet.total_assets },
        ...sheet.liabilities.flatMap(section),
        { label: 'أرباح السنة حتى التاريخ', amount: sheet.current_profit },
        { label: 'إجمالي الخصوم وحقوق الملكية', amount: sheet.total_liabilities },
      ];
      return sendSheet(reply, {
        filename: 'balance-sheet.xlsx',
        sheetName: 'الميزانية العمومية',
        title: ['الميزانية العمومية', asOf],
        columns: lineColumns,
        pages: once(rows),
      });
    },
  );

  app.get(
    urlOf(api.grossProfitExport),
    {
      config: { permission: 'readCost' },
      schema: { tags, summary: 'Gross profit as .xlsx', ...schemaOf(api.grossProfitExport) },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const storeId = sessionUser(req).store_id;
      const columns: SheetColumn<GrossProfitRow>[] = [
        { header: req.query.by === 'item' ? 'الصنف' : 'الفاتورة', cell: (r) => r.name, width: 24 },
        ...(req.query.by === 'invoice'
          ? [
              { header: 'التاريخ', cell: (r: GrossProfitRow) => r.line_date },
              { header: 'العميل', cell: (r: GrossProfitRow) => r.party },
            ]
          : []),
        { header: 'الكمية', cell: (r) => r.quantity, kind: 'quantity' },
        { header: 'صافي البيع', cell: (r) => r.revenue, kind: 'money' },
        { header: 'التكلفة', cell: (r) => r.cost, kind: 'money' },
        { header: 'مجمل الربح', cell: (r) => r.profit, kind: 'money' },
      ];
      return sendSheet(reply, {
        filename: 'gross-profit.xlsx',
        sheetName: 'مجمل الربح',
        columns,
        pages: pagesOf(
          async (page, pageSize) =>
            (await grossProfit(app.db, storeId, asked.period, req.query.by, { page, pageSize })).data,
        ),
      });
    },
  );

  app.get(
    urlOf(api.agingExport),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'Aged receivables or payables as .xlsx', ...schemaOf(api.agingExport) },
    },
    async (req, reply) => {
      const year = await requestYear(app.db, req);
      if (!year.ok) return sendError(reply, year);
      const asOf = req.query.as_of ?? year.value.yearEnd;
      const storeId = sessionUser(req).store_id;
      const words = { d0_30: '0 - 30', d31_60: '31 - 60', d61_90: '61 - 90', over_90: 'أكثر من 90' };
      return sendSheet(reply, {
        filename: 'aging.xlsx',
        sheetName: 'أعمار الديون',
        title: ['أعمار الديون', asOf],
        columns: [
          { header: 'الحساب', cell: (r) => r.sub_name, width: 28 },
          { header: 'عدد الفواتير', cell: (r) => r.invoices, kind: 'integer' },
          ...agingBuckets.map((b) => ({
            header: words[b],
            cell: (r: { [k in typeof b]: string }) => r[b],
            kind: 'money' as const,
          })),
          { header: 'الإجمالي', cell: (r) => r.total, kind: 'money' },
        ],
        pages: pagesOf(
          async (page, pageSize) => (await aging(app.db, storeId, asOf, req.query.side, { page, pageSize })).data,
        ),
      });
    },
  );

  app.get(
    urlOf(api.partySalesExport),
    {
      config: { permission: 'readReports' },
      schema: {
        tags,
        summary: 'Sales by customer or purchases by supplier as .xlsx',
        ...schemaOf(api.partySalesExport),
      },
    },
    async (req, reply) => {
      const asked = await requestPeriod(app.db, req, reply);
      if (!asked) return reply;
      const storeId = sessionUser(req).store_id;
      const { side } = req.query;
      const title = side === 'sales' ? 'المبيعات حسب العميل' : 'المشتريات حسب المورد';
      const columns: SheetColumn<PartySalesRow>[] = [
        { header: side === 'sales' ? 'العميل' : 'المورد', cell: (r) => r.sub_name, width: 28 },
        { header: 'عدد الفواتير', cell: (r) => r.invoices, kind: 'integer' },
        { header: side === 'sales' ? 'المبيعات' : 'المشتريات', cell: (r) => r.sales, kind: 'money' },
        { header: 'عدد المرتجعات', cell: (r) => r.returns_count, kind: 'integer' },
        { header: 'المرتجعات', cell: (r) => r.returns, kind: 'money' },
        { header: 'الصافي قبل الضريبة', cell: (r) => r.net, kind: 'money' },
        { header: 'الضريبة', cell: (r) => r.vat, kind: 'money' },
        { header: 'الإجمالي شامل الضريبة', cell: (r) => r.total, kind: 'money' },
      ];
      return sendSheet(reply, {
        filename: side === 'sales' ? 'sales-by-customer.xlsx' : 'purchases-by-supplier.xlsx',
        sheetName: title,
        title: [title, `${asked.period.start} - ${asked.period.end}`],
        columns,
        pages: pagesOf(
          async (page, pageSize) => (await partySales(app.db, storeId, asked.period, side, { page, pageSize })).data,
        ),
      });
    },
  );

  app.get(
    urlOf(api.activityExport),
    {
      config: { permission: 'readReports' },
      schema: { tags, summary: 'The activity log as .xlsx', ...schemaOf(api.activityExport) },
    },
    (req, reply) => {
      const storeId = sessionUser(req).store_id;
      const columns: SheetColumn<LogEntry>[] = [
        { header: 'الوقت', cell: (e) => e.datee, width: 20 },
        { header: 'النشاط', cell: (e) => e.text, width: 60 },
      ];
      return sendSheet(reply, {
        filename: 'activity.xlsx',
        sheetName: 'أنشطة المستخدمين',
        columns,
        pages: pagesOf(
          async (page, pageSize) => (await readLog(app.db, storeId, { ...req.query, page, pageSize })).data,
        ),
      });
    },
  );
};
