/**
 * The account pickers' reads: the server searches the store's accounts as a name or code is typed, each found with
 * its balance (`readWithBalance?search=`), and the chosen account's balance is read alone; no picker loads the
 * store's every account (10,534 at the large store).
 */
import { type AccountPickerKind, routes, type SubAccount } from '@mizan/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { accountKeys } from './useAccounts.ts';

/** At most this many suggestions under a picker. */
const ACCOUNT_SUGGESTIONS = 20;

const searchKey = (storeId: number, only: AccountPickerKind | undefined, term: string) =>
  [...accountKeys.all(storeId), 'search', only ?? 'any', term] as const;

const searchAccounts = async (
  storeId: number,
  term: string,
  only: AccountPickerKind | undefined,
): Promise<SubAccount[]> =>
  (
    await call(routes.sub_accounts.readWithBalance, {
      query: { store_id: storeId, search: term, only, page: 1, pageSize: ACCOUNT_SUGGESTIONS },
    })
  ).data;

/** A picker's suggestions for a term, best first; the previous term's kept on screen while the next is asked. */
export const accountSearchQuery = (storeId: number, term: string, only: AccountPickerKind | undefined) =>
  queryOptions({
    queryKey: searchKey(storeId, only, term),
    queryFn: () => searchAccounts(storeId, term, only),
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Asks for a term's suggestions now (Enter or a save pressed before they came). */
export const fetchAccountSearch = (
  client: QueryClient,
  storeId: number,
  term: string,
  only: AccountPickerKind | undefined,
) =>
  client.fetchQuery({ queryKey: searchKey(storeId, only, term), queryFn: () => searchAccounts(storeId, term, only) });

/**
 * The first account a search of this year has brought that `wanted` accepts (among a kind's searches when `only`
 * says it): the chosen account's name shows though the suggestions on show no longer hold it, and a name or code
 * typed whole is chosen as soon as a search brings it.
 */
export function findKnownAccount(
  client: QueryClient,
  storeId: number,
  wanted: (account: SubAccount) => boolean,
  only?: AccountPickerKind | 'any',
): SubAccount | undefined {
  const queryKey = [...accountKeys.all(storeId), 'search', ...(only ? [only] : [])];
  for (const [, data] of client.getQueriesData<SubAccount[]>({ queryKey })) {
    const found = data?.find(wanted);
    if (found) return found;
  }
  return undefined;
}

/**
 * The cash boxes and banks (a voucher's money account: a handful), read alone with their balances rather than from
 * the store's every account.
 */
export const useMoneyAccounts = (storeId: number) =>
  useQuery({
    queryKey: [...accountKeys.all(storeId), 'money'],
    queryFn: async () =>
      (
        await call(routes.sub_accounts.readWithBalance, {
          query: { store_id: storeId, only: 'money', page: 1, pageSize: 100 },
        })
      ).data,
  });
