import { MAX_PAGE_SIZE, routes, type TrialSegment } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { yearKey } from '../../app/queryClient.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { type PeriodChoice, periodQuery } from './PeriodBar.tsx';

/** Reports are the year's figures: their keys sit under the year's, so a save anywhere refreshes them. */
export const reportKeys = { all: (storeId: number) => [...yearKey(storeId), 'reports'] as const };

export const useStatement = (storeId: number, accountId: number | undefined, period: PeriodChoice) =>
  usePagedList([...reportKeys.all(storeId), 'statement'], routes.balances.getStatementWithBalance, {
    store_id: storeId,
    account_id: accountId ?? 0,
    ...periodQuery(period),
  });

/**
 * The trial balance 200 accounts at a time: a shop's whole chart in one page (printed whole, as before), the large
 * store's 10,500 accounts with "load more" instead of drawn at once. The cards and sums are the whole list's.
 */
export const useTrialBalance = (
  storeId: number,
  query: { segment: TrialSegment; has_balance: boolean; has_movement?: boolean; search: string; period: PeriodChoice },
) =>
  usePagedList(
    [...reportKeys.all(storeId), 'trial'],
    routes.balances.getComprehensiveBalanceSheet,
    {
      store_id: storeId,
      segment: query.segment,
      has_balance: query.has_balance ? 'true' : undefined,
      has_movement: query.has_movement ? 'true' : undefined,
      search: query.search.trim() || undefined,
      ...periodQuery(query.period),
    },
    MAX_PAGE_SIZE,
  );

export const useProfitAndLoss = (
  storeId: number,
  period: PeriodChoice,
  compare: { from: string; to: string } | undefined,
) =>
  useQuery({
    queryKey: [...reportKeys.all(storeId), 'pnl', period, compare],
    queryFn: async () =>
      (
        await call(routes.reports.profitAndLoss, {
          query: {
            store_id: storeId,
            ...periodQuery(period),
            compare_from: compare?.from || undefined,
            compare_to: compare?.to || undefined,
          },
        })
      ).data,
  });

export const useBalanceSheet = (storeId: number, asOf: string) =>
  useQuery({
    queryKey: [...reportKeys.all(storeId), 'sheet', asOf],
    queryFn: async () =>
      (await call(routes.reports.balanceSheet, { query: { store_id: storeId, as_of: asOf || undefined } })).data[0],
  });

export const useCashBook = (storeId: number, accountId: number | undefined, period: PeriodChoice) =>
  usePagedList([...reportKeys.all(storeId), 'cashBook'], routes.reports.cashBook, {
    store_id: storeId,
    account_id: accountId,
    ...periodQuery(period),
  });

export const useGrossProfit = (storeId: number, by: 'item' | 'invoice', period: PeriodChoice) =>
  usePagedList([...reportKeys.all(storeId), 'grossProfit'], routes.reports.grossProfit, {
    store_id: storeId,
    by,
    ...periodQuery(period),
  });

export const useVatReport = (storeId: number, period: PeriodChoice) =>
  usePagedList([...reportKeys.all(storeId), 'vat'], routes.vat.report, { store_id: storeId, ...periodQuery(period) });

export const usePartySales = (storeId: number, side: 'sales' | 'purchases', period: PeriodChoice) =>
  usePagedList([...reportKeys.all(storeId), 'partySales'], routes.reports.partySales, {
    store_id: storeId,
    side,
    ...periodQuery(period),
  });

export const useAging = (storeId: number, side: 'receivable' | 'payable', asOf: string) =>
  usePagedList([...reportKeys.all(storeId), 'aging'], routes.reports.aging, {
    store_id: storeId,
    side,
    as_of: asOf || undefined,
  });

export const useActivity = (
  storeId: number,
  filters: { search: string; user_id: string; typee: string; from: string; to: string },
) =>
  usePagedList([...reportKeys.all(storeId), 'activity'], routes.logHistory.readAllByStore, {
    store_id: storeId,
    search: filters.search.trim() || undefined,
    user_id: filters.user_id || undefined,
    typee: filters.typee || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  });
