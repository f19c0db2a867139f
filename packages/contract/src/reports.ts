/**
 * Reports over the one ledger (docs/reports.md): the account statement, the trial balance, profit and loss, the
 * balance sheet, the cash book, gross profit, aged receivables and payables, and the activity log. Every figure is
 * a sum the server's SQL reads from `ledger_line`, `account_balance` and the documents' own rows; amounts travel as
 * strings with 2 decimals, a balance as its size and its side.
 */
import { z } from 'zod';
import { AccountNature } from './accounts.ts';
import { OptionalDate } from './dates.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE, QueryFlag } from './envelope.ts';
import { Id, PageNumber } from './scope.ts';
import { Text } from './text.ts';

const Amount = z.string();
const Side = AccountNature.nullable();
const YearParams = { store_id: Id.optional(), yearId: Id.optional(), year_id: Id.optional() };
const Size = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);
/** Pages: ours send `pageSize`, the legacy statement sends `limit`. */
const Paging = { page: PageNumber.default(1), pageSize: Size.optional(), limit: Size.optional() };
export const pageSizeOf = (query: { pageSize?: number | undefined; limit?: number | undefined }) =>
  query.pageSize ?? query.limit ?? PAGE_SIZE;

/**
 * The period a report reads: `search_type` 0 the whole year, 1 one day (`start_date`), 2 a range (`start_date`,
 * `end_date`), as the legacy statement sends it; `from` and `to` are our names for the same dates.
 */
const Period = {
  search_type: z.coerce.number().int().min(0).max(2).default(0),
  start_date: OptionalDate.optional(),
  end_date: OptionalDate.optional(),
  from: OptionalDate.optional(),
  to: OptionalDate.optional(),
};

export const StatementQuery = z.object({ ...YearParams, ...Period, ...Paging, account_id: Id });
export type StatementQuery = z.output<typeof StatementQuery>;

/** One movement of an account, with its document and the balance after it. */
export const StatementLine = z.object({
  id: z.number().int(),
  line_date: z.string(),
  /** The posting document: a trade kind's token (`pay`, `sales_returns`, ...), `journal`, `tswia` or `firstq`. */
  source_kind: z.string(),
  source_id: z.number().int(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  /** A journal's type (`سند قبض`, `سند دفع`, a template's name). */
  j_type: z.string().nullable(),
  /** The legacy screen's word for the row: `sales`, `purchases`, or the source kind. */
  source_type: z.string(),
  debit: Amount,
  credit: Amount,
  /** The balance after this line, signed on the account's nature (negative: on the other side). */
  running_balance: Amount,
  /** Its size and side. */
  balance: Amount,
  balance_type: Side,
});
export type StatementLine = z.infer<typeof StatementLine>;

export const StatementAccount = z.object({
  id: z.number().int(),
  sub_name: z.string(),
  sub_code: z.string().nullable(),
  sub_type: AccountNature,
  ac_id: z.number().int(),
  ac_name: z.string(),
  cat_name: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  sub_balance: Amount,
});

export const Statement = z.object({
  data: z.array(StatementLine),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  account: StatementAccount,
  start_date: z.string(),
  end_date: z.string(),
  /** The balance before the first day, signed on the account's nature. */
  opening_balance: Amount,
  opening_balance_type: Side,
  /** Sums of the whole period (every page). */
  total_debit: Amount,
  total_credit: Amount,
  /** The balance after the last day: opening + the period's lines; the account's balance on that day. */
  closing_balance: Amount,
  closing_balance_type: Side,
  /** The legacy screen's names: the rows, the closing balance's size and side, and the pages. */
  transactions: z.array(StatementLine),
  current_balance: Amount,
  balance_status: Side,
  pagination: z.object({ total_count: z.number().int(), has_more: z.boolean() }),
});
export type Statement = z.infer<typeof Statement>;

/** The trial balance's segments (screens.md: all, customers, suppliers, sales, purchases, others). */
export const trialSegments = ['all', 'customers', 'suppliers', 'sales', 'purchases', 'others'] as const;
export type TrialSegment = (typeof trialSegments)[number];

export const TrialBalanceQuery = z.object({
  ...YearParams,
  ...Period,
  segment: z.preprocess((value) => (value === '' ? undefined : value), z.enum(trialSegments).default('all')),
  /** Only accounts whose closing balance is not zero. */
  has_balance: QueryFlag,
  /** Only accounts that opened with a balance or moved in the period (the general ledger's accounts). */
  has_movement: QueryFlag,
  search: Text().trim().max(100).optional(),
  /** A page of the accounts; without it every account (the legacy clients). The count and sums are the whole list's. */
  page: PageNumber.optional(),
  pageSize: Size.optional(),
});
export type TrialBalanceQuery = z.output<typeof TrialBalanceQuery>;

export const TrialBalanceRow = z.object({
  id: z.number().int(),
  sub_name: z.string(),
  sub_code: z.string().nullable(),
  sub_type: AccountNature,
  ac_id: z.number().int(),
  ac_name: z.string(),
  cat_id: z.number().int().nullable(),
  role: z.string().nullable(),
  /** Before the period, signed on the account's nature. */
  opening_balance: Amount,
  /** The period's movements. */
  debit: Amount,
  credit: Amount,
  /** The closing balance on its side (one of them is 0). */
  display_debit: Amount,
  display_credit: Amount,
  current_balance: Amount,
  balance_status: Side,
});
export type TrialBalanceRow = z.infer<typeof TrialBalanceRow>;

export const TrialBalance = z.object({
  data: z.array(TrialBalanceRow),
  /** The accounts of the whole list (as `count`), and the page answered (without `page`: 1, and every account). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  count: z.number().int(),
  /** Σ of the closing balances on each side, and their difference (0 over all accounts). */
  total_debit: Amount,
  total_credit: Amount,
  difference: Amount,
  /** Σ of the period's movements. */
  movement_debit: Amount,
  movement_credit: Amount,
});
export type TrialBalance = z.infer<typeof TrialBalance>;

export const ReportPeriodQuery = z.object({ ...YearParams, ...Period });
export type ReportPeriodQuery = z.output<typeof ReportPeriodQuery>;

export const ProfitAndLossQuery = ReportPeriodQuery.extend({
  /** A second period to compare with (both or neither). */
  compare_from: OptionalDate.optional(),
  compare_to: OptionalDate.optional(),
});
export type ProfitAndLossQuery = z.output<typeof ProfitAndLossQuery>;

/** One figure of profit and loss: the accounts behind a line of the report, each with its amount. */
export const ProfitAndLossFigures = z.object({
  start_date: z.string(),
  end_date: z.string(),
  sales: Amount,
  returns: Amount,
  discounts: Amount,
  net_sales: Amount,
  cost_of_sales: Amount,
  gross_profit: Amount,
  /** Every other profit-and-loss account: positive an expense, negative an income. */
  expenses: z.array(z.object({ id: z.number().int(), sub_name: z.string(), amount: Amount })),
  total_expenses: Amount,
  net_profit: Amount,
});
export type ProfitAndLossFigures = z.infer<typeof ProfitAndLossFigures>;

export const ProfitAndLoss = z.object({ data: z.array(ProfitAndLossFigures) });

export const BalanceSheetQuery = z.object({ ...YearParams, as_of: OptionalDate.optional() });
export const BalanceSheetSection = z.object({
  ac_id: z.number().int(),
  ac_name: z.string(),
  total: Amount,
  accounts: z.array(z.object({ id: z.number().int(), sub_name: z.string(), amount: Amount })),
});
export const BalanceSheet = z.object({
  data: z.array(
    z.object({
      as_of: z.string(),
      assets: z.array(BalanceSheetSection),
      liabilities: z.array(BalanceSheetSection),
      /** This year's profit up to the day: not yet in any account. */
      current_profit: Amount,
      total_assets: Amount,
      total_liabilities: Amount,
    }),
  ),
});
export type BalanceSheet = z.infer<typeof BalanceSheet>;

export const CashBookQuery = z.object({ ...YearParams, ...Period, ...Paging, account_id: Id.optional() });
export const MoneyAccountSummary = z.object({
  id: z.number().int(),
  sub_name: z.string(),
  opening_balance: Amount,
  debit: Amount,
  credit: Amount,
  closing_balance: Amount,
});
export const CashBook = Statement.extend({ accounts: z.array(MoneyAccountSummary) });
export type CashBook = z.infer<typeof CashBook>;

export const GrossProfitQuery = z.object({
  ...YearParams,
  ...Period,
  ...Paging,
  by: z.enum(['item', 'invoice']).default('item'),
});
export const GrossProfitRow = z.object({
  key: z.number().int(),
  /** The item's name, or the invoice's reference. */
  name: z.string(),
  party: z.string().nullable(),
  line_date: z.string().nullable(),
  quantity: z.string().nullable(),
  revenue: Amount,
  cost: Amount,
  profit: Amount,
  /** profit ÷ revenue in percent, 2 decimals; null without revenue. */
  margin: z.string().nullable(),
});
export const GrossProfit = z.object({
  data: z.array(GrossProfitRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sums: z.object({ revenue: Amount, cost: Amount, profit: Amount }),
});
export type GrossProfitRow = z.infer<typeof GrossProfitRow>;

export const AgingQuery = z.object({
  ...YearParams,
  ...Paging,
  as_of: OptionalDate.optional(),
  side: z.enum(['receivable', 'payable']).default('receivable'),
});
export const agingBuckets = ['d0_30', 'd31_60', 'd61_90', 'over_90'] as const;
export const AgingRow = z.object({
  cust_id: z.number().int(),
  sub_name: z.string(),
  invoices: z.number().int(),
  d0_30: Amount,
  d31_60: Amount,
  d61_90: Amount,
  over_90: Amount,
  total: Amount,
});
export const Aging = z.object({
  data: z.array(AgingRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  as_of: z.string(),
  sums: AgingRow.omit({ cust_id: true, sub_name: true }),
});
export type AgingRow = z.infer<typeof AgingRow>;

/**
 * Sales by customer or purchases by supplier (docs/reports.md, issue 35 finding 9): for a period, each party's
 * invoices and returns, before VAT and with it.
 */
export const PartySalesQuery = z.object({
  ...YearParams,
  ...Period,
  ...Paging,
  side: z.enum(['sales', 'purchases']).default('sales'),
});
export const PartySalesRow = z.object({
  cust_id: z.number().int(),
  sub_name: z.string(),
  /** How many invoices (final sales, or purchases) and returns of the period. */
  invoices: z.number().int(),
  returns_count: z.number().int(),
  /** The invoices' amount before VAT (after their discount), and the returns' (what they took back). */
  sales: Amount,
  returns: Amount,
  /** sales − returns: what the party bought (or sold us) in the period, before VAT. */
  net: Amount,
  /** The invoices' VAT less what the returns took back. */
  vat: Amount,
  /** net + vat: the invoices' totals with VAT less the returns'. */
  total: Amount,
});
export type PartySalesRow = z.infer<typeof PartySalesRow>;
export const PartySales = z.object({
  data: z.array(PartySalesRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  sums: PartySalesRow.omit({ cust_id: true, sub_name: true }),
});
export type PartySales = z.infer<typeof PartySales>;

/** The VAT report (docs/vat.md): a period's output and input VAT and the documents behind them. */
export const VatReportQuery = z.object({ ...YearParams, ...Period, ...Paging });
export const VatDocumentRow = z.object({
  pay_id: z.number().int(),
  /** `pay`, `sales_returns` (output VAT), `perch`, `purchase_returns` (input VAT). */
  kind: z.string(),
  pay_ref: z.string(),
  pay_date: z.string(),
  party: z.string(),
  /** Which VAT it moves: what sales charged (output) or what purchases paid (input). */
  side: z.enum(['output', 'input']),
  /** Its amount before VAT, and its VAT; negative for a return (it takes VAT back). */
  taxable: Amount,
  vat: Amount,
  total_with_vat: Amount,
});
export type VatDocumentRow = z.infer<typeof VatDocumentRow>;
export const VatReport = z.object({
  data: z.array(VatDocumentRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The period's VAT from the ledger's VAT accounts: output (what sales charged less what their returns took back),
   * input (what purchases paid less their returns), and net = output − input (owed to the tax authority when
   * positive); the taxable amounts from the documents.
   */
  sums: z.object({
    output_vat: Amount,
    input_vat: Amount,
    net_vat: Amount,
    output_taxable: Amount,
    input_taxable: Amount,
  }),
});
export type VatReport = z.infer<typeof VatReport>;
