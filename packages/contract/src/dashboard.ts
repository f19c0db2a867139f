/**
 * The owner's morning dashboard (docs/dashboard.md): one call answers every tile, each equal to the report it links
 * to. Amounts are strings with 2 decimals.
 */
import { z } from 'zod';
import { OptionalDate } from './dates.ts';
import { Id } from './scope.ts';

const Amount = z.string();

export const DashboardQuery = z.object({
  store_id: Id.optional(),
  yearId: Id.optional(),
  year_id: Id.optional(),
  /** The day the dashboard is of (the device's today); the server's today without it. */
  date: OptionalDate.optional(),
});
export type DashboardQuery = z.output<typeof DashboardQuery>;

/** One day's trading: sales less returns, net of discounts and VAT, as the gross-profit report reads them. */
export const DashboardDay = z.object({
  date: z.string(),
  net_sales: Amount,
  /** Null for a user who may not read costs (`readCost`): gross profit tells the cost. */
  gross_profit: Amount.nullable(),
  /** Sales documents of the day (returns are not sales). */
  sales_count: z.number().int(),
  /** Net sales over the number of sales (0.00 without any). */
  average_sale: Amount,
});
export type DashboardDay = z.infer<typeof DashboardDay>;

const PartyOwing = z.object({ cust_id: z.number().int(), sub_name: z.string(), total: Amount, overdue: Amount });

/** What parties owe (or are owed) at the day's end, as the aging report reads it; overdue: more than 30 days. */
const Owing = z.object({ total: Amount, overdue: Amount, parties: z.number().int() });

export const Dashboard = z.object({
  ...DashboardDay.shape,
  yesterday: DashboardDay,
  /** The same weekday a week before. */
  last_week: DashboardDay,
  /** Every money account (cash boxes, banks) with its balance at the day's end, as the cash book closes it. */
  money: z.array(z.object({ id: z.number().int(), sub_name: z.string(), balance: Amount })),
  receivables: Owing.extend({ top_debtors: z.array(PartyOwing) }),
  payables: Owing.extend({
    /**
     * The purchase invoices falling due by `until` (the date and six days on, late ones included): the payment-due
     * list's (`perch/paynotif`) remainders up to that day and how many invoices they are.
     */
    due_this_week: z.object({ until: z.string(), total: Amount, documents: z.number().int() }),
  }),
  stock: z.object({
    /** Items with no stock (zero or below), as item-stock counts them with its zero and negative filters. */
    out_of_stock: z.number().int(),
    /** Items under their minimum quantity (item-stock's below-minimum filter). */
    below_minimum: z.number().int(),
  }),
  /** The store's open till shifts, each with the cash its X report expects in its drawer now (docs/shifts.md). */
  open_shifts: z.array(
    z.object({
      id: z.number().int(),
      till: z.string(),
      user_name: z.string().nullable(),
      opened_at: z.string(),
      expected_cash: Amount,
    }),
  ),
  /** The last verified backup, for a user who administers every store (null otherwise or before the first). */
  last_backup: z.object({ at: z.string(), file: z.string() }).nullable(),
  /** The 30 days up to the date, oldest first, every day present. */
  chart: z.array(DashboardDay.pick({ date: true, net_sales: true, gross_profit: true, sales_count: true })),
});
export type Dashboard = z.infer<typeof Dashboard>;
