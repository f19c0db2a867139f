import type {
  ExistingReturns,
  ReturnableLine,
  ReturnDocument,
  ReturnedByInvoice,
  ReturnKindToken,
  ReturnWithLines,
  TradeDocument,
} from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetPage, apiPost, type Page, type Params } from '../../app/api.ts';
import { refreshStore, yearKey } from '../../app/queryClient.ts';

/** Every read of returns lives under the year's branch: a save anywhere in the store refreshes them. */
export const returnKeys = {
  all: (storeId: number, kind: ReturnKindToken) => [...yearKey(storeId), 'returns', kind] as const,
};

/** The original invoice and, per item, what was returned and what can still come back. */
export const useExistingReturns = (storeId: number, kind: ReturnKindToken, originalRef: string) =>
  useQuery({
    queryKey: [...returnKeys.all(storeId, kind), 'existing', originalRef],
    // Not a page: the answer carries the original beside its lines (`original`), read whole.
    queryFn: () =>
      apiGetPage<ReturnableLine, Page<ReturnableLine> & ExistingReturns>(`${kind}/checkExistingReturns`, {
        store_id: storeId,
        original_pay_ref: originalRef,
      }),
    enabled: originalRef !== '',
    retry: false,
  });

export const useReturnDetail = (storeId: number, kind: ReturnKindToken, ref: string | undefined) =>
  useQuery({
    queryKey: [...returnKeys.all(storeId, kind), 'detail', ref],
    queryFn: async () =>
      (await apiGet<ReturnWithLines>(`${kind}/getReturnDetail`, { store_id: storeId, return_ref: ref }))[0],
    enabled: ref !== undefined,
  });

export const useReturnsList = (storeId: number, kind: ReturnKindToken, read: string, params: Params, enabled = true) =>
  useQuery({
    queryKey: [...returnKeys.all(storeId, kind), 'list', read, params],
    queryFn: () => apiGet<ReturnDocument>(`${kind}/${read}`, { store_id: storeId, ...params }),
    enabled,
  });

/** Invoices of a party or a date to take goods back from (the original's own record reads). */
export const useOriginalChoices = (storeId: number, originalKind: string, custId: number | undefined, date: string) =>
  useQuery({
    queryKey: [...yearKey(storeId), 'documents', 'returnChoices', originalKind, custId, date],
    queryFn: () =>
      apiGet<TradeDocument>(`${originalKind}/${date ? 'getSalesByDate' : 'getTopSales'}`, {
        store_id: storeId,
        cust_id: custId,
        from: date || undefined,
      }),
    enabled: custId !== undefined || date !== '',
  });

/** What came back from the invoices shown in a record (only those with returns answer). */
export const useReturnedByInvoice = (storeId: number, kind: ReturnKindToken | undefined, ids: number[]) =>
  useQuery({
    queryKey: [...yearKey(storeId), 'returns', kind, 'byInvoice', ids.join(',')],
    queryFn: () =>
      apiGet<ReturnedByInvoice>(`${kind}/returnedByInvoice`, { store_id: storeId, pay_ids: ids.join(',') }),
    enabled: kind !== undefined && ids.length > 0,
  });

export const useSaveReturn = (storeId: number) =>
  useMutation({
    mutationFn: ({ path, body }: { path: string; body: object }) => apiPost<ReturnWithLines>(path, body),
    onSuccess: () => void refreshStore(storeId),
  });

export const useDeleteReturn = (storeId: number) =>
  useMutation({
    mutationFn: ({ kind, return_id }: { kind: ReturnKindToken; return_id: number }) =>
      apiPost(`${kind}/deleteWithItems`, { return_id }),
    onSuccess: () => void refreshStore(storeId),
  });
