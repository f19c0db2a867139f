/**
 * The party picker's reads (issue 19): the server searches the store's parties as a name or code is typed, the
 * chosen party's balance is read alone, and the whole list of names is fetched only where the device keeps it for
 * selling offline (the POS, the phone's sales screen). Without the server, a search filters that kept list.
 */
import {
  type PartyName,
  type PartySide,
  partySides,
  routes,
  searchPartyNames,
  WALK_IN_CUSTOMER,
} from '@mizan/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../app/api.ts';
import { partiesKey, queryClient, yearKey } from '../../app/queryClient.ts';
import { restoreDeviceCache } from '../offline/deviceCache.ts';

const partySearchKey = (storeId: number, side: PartySide | undefined, term: string) =>
  [...partiesKey(storeId), 'search', side ?? 'both', term] as const;

const fetchPartyNames = async (storeId: number) =>
  (await call(routes.sub_accounts.partyNames, { query: { store_id: storeId } })).data;

/**
 * Fetches the store's whole list of party names for the device to keep (`isKeptOffline`), at most every 5 minutes:
 * the screens that sell offline call it when they open. No screen draws the list; a search falls back to it.
 */
export function useKeptPartyNames(storeId: number, keep: boolean) {
  useEffect(() => {
    if (!keep) return;
    void queryClient.prefetchQuery({
      queryKey: partiesKey(storeId),
      queryFn: () => fetchPartyNames(storeId),
      staleTime: 5 * 60_000,
    });
  }, [storeId, keep]);
}

/** The list the device kept (empty where no screen that sells offline was opened online). */
async function keptPartyNames(storeId: number): Promise<PartyName[]> {
  await restoreDeviceCache();
  return queryClient.getQueryData<PartyName[]>(partiesKey(storeId)) ?? [];
}

/**
 * The parties a term finds, best first (the server's search), or, offline or when the server does not answer, the
 * same search over the device's kept list (`searchPartyNames`), so a cashier still sells to a known party.
 */
export async function searchParties(storeId: number, term: string, side?: PartySide): Promise<PartyName[]> {
  const fromDevice = async () =>
    searchPartyNames(await keptPartyNames(storeId), term, { accountClass: side && partySides[side].accountClass });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return fromDevice();
  try {
    return (await call(routes.sub_accounts.partyNames, { query: { store_id: storeId, search: term, side } })).data;
  } catch {
    return fromDevice();
  }
}

/** The picker's suggestions for a term (20 at most), the previous term's kept on screen while the next is asked. */
export const partySearchQuery = (storeId: number, term: string, side: PartySide | undefined) =>
  queryOptions({
    queryKey: partySearchKey(storeId, side, term),
    queryFn: () => searchParties(storeId, term, side),
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    networkMode: 'always',
  });

/** Asks for a term's suggestions now (Enter pressed before they came). */
export const fetchPartySearch = (client: QueryClient, storeId: number, term: string, side: PartySide | undefined) =>
  client.fetchQuery({
    queryKey: partySearchKey(storeId, side, term),
    queryFn: () => searchParties(storeId, term, side),
    networkMode: 'always',
  });

/**
 * The walk-in customer (a new sale starts with him), found by a search for his name rather than the whole list;
 * offline, in the kept list. Null where the store has none (renamed): an unfound one is asked for again at once.
 */
export const useWalkInCustomer = (storeId: number, wanted: boolean) =>
  useQuery({
    queryKey: [...partiesKey(storeId), 'walkIn'],
    queryFn: async () =>
      (await searchParties(storeId, WALK_IN_CUSTOMER.sub_name, 'customer')).find(
        (p) => p.ac_id === WALK_IN_CUSTOMER.ac_id && p.sub_name === WALK_IN_CUSTOMER.sub_name,
      ) ?? null,
    enabled: wanted,
    staleTime: (query) => (query.state.data ? 60_000 : 0),
    networkMode: 'always',
  });

/**
 * The first party the app has read by name (a search's suggestions, the walk-in customer, the kept list) that
 * `wanted` accepts: the chosen party's name shows though it is not among the suggestions on show, and a name or code
 * typed whole is chosen as soon as any read has brought it.
 */
export function findKnownParty(
  client: QueryClient,
  storeId: number,
  wanted: (party: PartyName) => boolean,
): PartyName | undefined {
  for (const [, data] of client.getQueriesData<PartyName[] | PartyName | null>({ queryKey: partiesKey(storeId) })) {
    const found = Array.isArray(data) ? data.find(wanted) : data && wanted(data) ? data : undefined;
    if (found) return found;
  }
  return undefined;
}

/** A party the app has read by name, by its id (the name a receipt kept on the device prints). */
export const knownParty = (client: QueryClient, storeId: number, id: number | undefined) =>
  id === undefined ? undefined : findKnownParty(client, storeId, (p) => p.id === id);

/** One party's balance in the year read (the picker shows the chosen one's): a year's figure, refreshed by any save. */
export const usePartyBalance = (storeId: number, partyId: number | undefined) =>
  useQuery({
    queryKey: [...yearKey(storeId), 'partyBalance', partyId],
    queryFn: async () =>
      (await call(routes.sub_accounts.getAccountBalance, { query: { store_id: storeId, account_id: partyId ?? 0 } }))
        .data[0],
    enabled: partyId !== undefined,
  });
