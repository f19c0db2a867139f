import { type ItemWithStock, routes, type SetPricesBody } from '@mizan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo } from 'react';
import { call } from '../../app/api.ts';
import { refreshStore, storeKey } from '../../app/queryClient.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { type DraftInvoice, type PriceBook, repriceLines, startPrice } from '../invoices/invoiceForm.ts';

/** The price lists' reads, in the store's branch of the cache (a sale or an account saved marks them stale too). */
export const priceListKeys = {
  all: (storeId: number) => [...storeKey(storeId), 'priceLists'] as const,
  customer: (storeId: number, customerId: number) => [...priceListKeys.all(storeId), 'customer', customerId] as const,
};

/** The company's lists and the store's own. */
export const usePriceLists = (storeId: number) =>
  useQuery({
    queryKey: [...priceListKeys.all(storeId), 'lists'],
    queryFn: async () => (await call(routes.priceLists.read, { query: { store_id: storeId } })).data,
  });

/** A list's page of the store's items, its prices beside their own. */
export const useListPrices = (
  storeId: number,
  listId: number | undefined,
  filters: { search?: string | undefined; priced?: '1' | undefined },
) =>
  usePagedList([...priceListKeys.all(storeId), 'prices'], routes.priceLists.prices, {
    store_id: storeId,
    price_list_id: listId ?? 0,
    ...filters,
  });

/** Sets prices of a list; the lists' counts and every customer's prices are read again. */
export const useSetPrices = (storeId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPricesBody) => call(routes.priceLists.setPrices, { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...priceListKeys.all(storeId), 'lists'] }).then(() =>
        queryClient.invalidateQueries({
          queryKey: priceListKeys.all(storeId),
          predicate: (query) => query.queryKey.includes('customer'),
        }),
      ),
  });
};

type ListChange =
  | { action: 'create'; name: string; for_company: boolean }
  | { action: 'rename'; id: number; name: string }
  | { action: 'delete'; id: number };

/** Creates, renames or deletes a list. */
export const useChangeList = (storeId: number) =>
  useMutation({
    mutationFn: async (change: ListChange) => {
      if (change.action === 'create')
        return (await call(routes.priceLists.create, { body: { name: change.name, for_company: change.for_company } }))
          .data[0]?.id;
      if (change.action === 'rename')
        return (await call(routes.priceLists.update, { body: { id: change.id, name: change.name } })).data[0]?.id;
      return (await call(routes.priceLists.delete, { body: { id: change.id } })).data[0]?.id;
    },
    onSuccess: () => refreshStore(storeId),
  });

const noPrices: PriceBook = new Map();

/**
 * What items sell at to the chosen customer (his list's prices, read whole once per customer and kept), and the
 * sale's lines re-priced when he changes (`repriceLines`: only lines still at the price they were given). No
 * customer, the walk-in customer or an unreachable server: the items' own prices.
 */
export function useCustomerPricing(
  storeId: number,
  customerId: number | undefined,
  setDraft: Dispatch<SetStateAction<DraftInvoice>>,
) {
  const prices = useQuery({
    queryKey: priceListKeys.customer(storeId, customerId ?? 0),
    queryFn: async () =>
      (await call(routes.priceLists.customerPrices, { query: { store_id: storeId, customer_id: customerId ?? 0 } }))
        .data,
    enabled: customerId !== undefined,
    staleTime: 5 * 60_000,
  });
  const data = customerId === undefined ? undefined : prices.data;
  const book = useMemo<PriceBook>(
    () => (data?.length ? new Map(data.map((row) => [row.item_id, row.price])) : noPrices),
    [data],
  );
  useEffect(() => setDraft((current) => repriceLines(current, book)), [book, setDraft]);
  const priceOf = useCallback((item: Pick<ItemWithStock, 'id' | 'pay_price'>) => startPrice(book, item), [book]);
  return { priceOf, book };
}
