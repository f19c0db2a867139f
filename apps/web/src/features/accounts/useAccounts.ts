import { routes, type SubAccountInput } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshParties, refreshStore, storeKey, yearKey } from '../../app/queryClient.ts';
import { usePagedList } from '../../ui/usePagedList.ts';

export const accountKeys = {
  // Balances are the year's.
  all: (storeId: number) => [...yearKey(storeId), 'accounts'] as const,
  list: (storeId: number) => [...accountKeys.all(storeId), 'list'] as const,
  everything: (storeId: number) => [...accountKeys.all(storeId), 'everything'] as const,
};
export const chartKeys = {
  main: ['chart', 'main'] as const,
  categories: (storeId: number) => [...storeKey(storeId), 'accountCategories'] as const,
};

export type AccountFilters = {
  search: string;
  cat_id: string;
  sub_type: string;
  balance_type: string;
  has_balance: boolean;
};
export const noFilters: AccountFilters = {
  search: '',
  cat_id: 'all',
  sub_type: '',
  balance_type: '',
  has_balance: false,
};

/** Only filters with a value are sent (seed 5: empty search and 'all' are not). */
export const accountFilterParams = (f: AccountFilters) => ({
  search: f.search.trim() || undefined,
  cat_id: f.cat_id === 'all' ? undefined : f.cat_id,
  sub_type: f.sub_type || undefined,
  balance_type: f.balance_type || undefined,
  has_balance: f.has_balance ? 'true' : undefined,
});

export const useAccountList = (storeId: number, filters: AccountFilters) =>
  usePagedList(accountKeys.list(storeId), routes.sub_accounts.readWithBalance, {
    store_id: storeId,
    ...accountFilterParams(filters),
  });

export const useAllAccounts = (storeId: number) =>
  useQuery({
    queryKey: accountKeys.everything(storeId),
    queryFn: async () => (await call(routes.sub_accounts.readAllStore, { query: { store_id: storeId } })).data,
  });

/** One account's balance now (the print shows the party's). */
export const useAccountBalance = (storeId: number, accountId: number | undefined) =>
  useQuery({
    queryKey: [...accountKeys.all(storeId), 'balance', accountId],
    queryFn: async () =>
      (await call(routes.sub_accounts.getAccountBalance, { query: { account_id: accountId, store_id: storeId } }))
        .data[0],
    enabled: accountId !== undefined,
  });

export const useMainAccounts = () =>
  useQuery({
    queryKey: chartKeys.main,
    queryFn: async () => (await call(routes.accounts.readByStore)).data,
    staleTime: Infinity,
  });
export const useAccountCategories = (storeId: number) =>
  useQuery({
    queryKey: chartKeys.categories(storeId),
    queryFn: async () => (await call(routes.account_category.readByStore, { query: { store_id: storeId } })).data,
    staleTime: Infinity,
  });

export const useSaveAccount = (storeId: number) =>
  useMutation({
    mutationFn: async ({ id, ...account }: SubAccountInput & { id?: number }) => {
      const body = { ...account, store_id: storeId };
      const saved = id
        ? await call(routes.sub_accounts.update, { body: { ...body, id } })
        : await call(routes.sub_accounts.create, { body });
      return saved.data;
    },
    // The party picker's names too: a party added, renamed or given a code.
    onSuccess: () => Promise.all([refreshStore(storeId), refreshParties(storeId)]),
  });

export const useDeleteAccount = (storeId: number) =>
  useMutation({
    mutationFn: async (id: number) => (await call(routes.sub_accounts.delete, { body: { id } })).data,
    onSuccess: () => Promise.all([refreshStore(storeId), refreshParties(storeId)]),
  });
