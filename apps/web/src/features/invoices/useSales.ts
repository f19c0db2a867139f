import {
  type ItemWithStock,
  type KindToken,
  routes,
  type StockShortage,
  type TradeDocumentWithLines,
  type TradeKindToken,
} from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../app/api.ts';
import { refreshStore, yearKey } from '../../app/queryClient.ts';
import { searchCatalogue } from '../offline/deviceCache.rules.ts';
import { readCatalogue } from '../offline/deviceCache.ts';

import type { SaveStep } from './saveInvoice.ts';

export type { ItemWithStock };
export type SavedInvoice = TradeDocumentWithLines;
/** The kinds the invoice screens save: invoices and orders (returns have their own screens). */
export type DocKind = TradeKindToken;

export const salesKeys = {
  all: (storeId: number) => [...yearKey(storeId), 'documents'] as const,
  itemSearch: (storeId: number, term: string) => [...yearKey(storeId), 'itemsWithStock', term] as const,
  doc: (storeId: number, kind: KindToken | '', id: number) => [...salesKeys.all(storeId), kind, id] as const,
};

/**
 * The items a code or name finds: the server's answer, or, when the server gives none (no network), the device's
 * copy of the store's items (docs/offline.md), so the phone's sales screen sells offline too.
 */
export async function searchItems(storeId: number, search: string): Promise<ItemWithStock[]> {
  try {
    return (await call(routes.items.searchStock, { query: { store_id: storeId, search: search || undefined } })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return searchCatalogue(await readCatalogue(storeId), search);
    throw error;
  }
}

export const useItemSearch = (storeId: number, term: string) =>
  useQuery({
    queryKey: salesKeys.itemSearch(storeId, term.trim()),
    queryFn: () => searchItems(storeId, term.trim()),
    enabled: term.trim().length > 0,
    staleTime: 5_000,
    // Run without the network too: the device's copy answers then.
    networkMode: 'always',
  });

/**
 * One document with its lines: of any kind, since the print page reads returns this way too. Without a kind or an
 * id, nothing is read.
 */
export const useInvoice = (storeId: number, kind: KindToken | undefined, id: number | undefined) =>
  useQuery({
    queryKey: salesKeys.doc(storeId, kind ?? '', id ?? 0),
    queryFn: async () =>
      kind === undefined
        ? undefined
        : (await call(routes[kind].readById, { query: { pay_id: id, store_id: storeId } })).data[0],
    enabled: id !== undefined && kind !== undefined,
  });

/** The short items of a refused final sale (the server lists them beside the error). */
export const shortagesOf = (error: unknown): StockShortage[] =>
  error instanceof ApiError && error.code === 'STOCK_INSUFFICIENT'
    ? ((error.body?.insufficient_items as StockShortage[]) ?? [])
    : [];

export const useSaveInvoice = (storeId: number) =>
  useMutation({
    mutationFn: async (step: SaveStep) => (await step.send()).data,
    // Not awaited: the counter starts the next sale at once while the lists behind it are read again.
    onSuccess: () => void refreshStore(storeId),
  });

export const useDeleteInvoice = (storeId: number) =>
  useMutation({
    mutationFn: ({ kind, pay_id }: { kind: DocKind; pay_id: number }) =>
      call(routes[kind].deleteWithItems, { body: { pay_id } }),
    onSuccess: () => refreshStore(storeId),
  });
