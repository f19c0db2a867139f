import { type BodyOf, type ReturnKindToken, routes } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshStore, yearKey } from '../../app/queryClient.ts';
import type { ReturnScreen } from './returnScreens.ts';

/** Every read of returns lives under the year's branch: a save anywhere in the store refreshes them. */
export const returnKeys = {
  all: (storeId: number, kind: ReturnKindToken) => [...yearKey(storeId), 'returns', kind] as const,
};

/** The original invoice and, per item, what was returned and what can still come back. */
export const useExistingReturns = (storeId: number, kind: ReturnKindToken, originalRef: string) =>
  useQuery({
    queryKey: [...returnKeys.all(storeId, kind), 'existing', originalRef],
    // The answer carries the original beside its lines (`original`), read whole.
    queryFn: () =>
      call(routes[kind].checkExistingReturns, { query: { store_id: storeId, original_pay_ref: originalRef } }),
    enabled: originalRef !== '',
    retry: false,
  });

export const useReturnDetail = (storeId: number, kind: ReturnKindToken, ref: string | undefined) =>
  useQuery({
    queryKey: [...returnKeys.all(storeId, kind), 'detail', ref],
    queryFn: async () =>
      (await call(routes[kind].getReturnDetail, { query: { store_id: storeId, return_ref: ref ?? '' } })).data[0],
    enabled: ref !== undefined,
  });

/** The returns of a record: the latest of the year, or those of one date (`from`); for one party or all. */
export const useReturnsList = (
  storeId: number,
  screen: ReturnScreen,
  filters: { from: string | undefined; cust_id: number | undefined },
) =>
  useQuery({
    queryKey: [...returnKeys.all(storeId, screen.kind), 'list', filters],
    queryFn: async () => {
      const { from, cust_id } = filters;
      const answer =
        from === undefined
          ? await call(screen.latest, { query: { store_id: storeId, cust_id } })
          : await call(routes[screen.kind].getReturnsByDate, { query: { store_id: storeId, cust_id, from } });
      return answer.data;
    },
  });

/** Invoices of a party or a date to take goods back from (the original's own record reads). */
export const useOriginalChoices = (
  storeId: number,
  originalKind: ReturnScreen['originalKind'],
  custId: number | undefined,
  date: string,
) =>
  useQuery({
    queryKey: [...yearKey(storeId), 'documents', 'returnChoices', originalKind, custId, date],
    queryFn: async () => {
      const api = routes[originalKind];
      const query = { store_id: storeId, cust_id: custId };
      const answer = date
        ? await call(api.getSalesByDate, { query: { ...query, from: date } })
        : await call(api.getTopSales, { query });
      return answer.data;
    },
    enabled: custId !== undefined || date !== '',
  });

/** What came back from the invoices shown in a record (only those with returns answer). */
export const useReturnedByInvoice = (storeId: number, kind: ReturnKindToken | undefined, ids: number[]) =>
  useQuery({
    queryKey: [...yearKey(storeId), 'returns', kind, 'byInvoice', ids.join(',')],
    queryFn: async () =>
      kind
        ? (await call(routes[kind].returnedByInvoice, { query: { store_id: storeId, pay_ids: ids.join(',') } })).data
        : [],
    enabled: kind !== undefined && ids.length > 0,
  });

/** A save of a return: a new one, or (with `return_id` in its header) a change of a saved one. */
export type ReturnSave =
  | { kind: ReturnKindToken; created: BodyOf<typeof routes.sales_returns.createWithItems> }
  | { kind: ReturnKindToken; changed: BodyOf<typeof routes.sales_returns.updateWithItems> };

export const useSaveReturn = (storeId: number) =>
  useMutation({
    mutationFn: async (save: ReturnSave) => {
      const api = routes[save.kind];
      const answer =
        'changed' in save
          ? await call(api.updateWithItems, { body: save.changed })
          : await call(api.createWithItems, { body: save.created });
      return answer.data;
    },
    onSuccess: () => void refreshStore(storeId),
  });

export const useDeleteReturn = (storeId: number) =>
  useMutation({
    mutationFn: ({ kind, return_id }: { kind: ReturnKindToken; return_id: number }) =>
      call(routes[kind].deleteWithItems, { body: { return_id } }),
    onSuccess: () => void refreshStore(storeId),
  });
