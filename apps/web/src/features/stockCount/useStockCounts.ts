import { type CountSheetBody, routes, type StockCountQuery } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshStore, yearKey } from '../../app/queryClient.ts';

const countKeys = {
  all: (storeId: number) => [...yearKey(storeId), 'stockCounts'] as const,
  one: (storeId: number, payId: number) => [...countKeys.all(storeId), 'one', payId] as const,
};

/** Items with their system quantity and average cost at the count's date (the server's `tswia/sheet`). */
export const readSheet = async (storeId: number, body: Omit<CountSheetBody, 'store_id'>) =>
  (await call(routes.tswia.sheet, { body: { ...body, store_id: storeId } })).data;

/** One saved count with its lines. */
export const useCount = (storeId: number, payId: number | undefined) =>
  useQuery({
    queryKey: countKeys.one(storeId, payId ?? 0),
    queryFn: async () =>
      (await call(routes.tswia.readById, { query: { store_id: storeId, pay_id: payId ?? 0 } })).data[0],
    enabled: payId !== undefined,
  });

export type CountRecordRead = 'getTopSales' | 'getSalesByDate' | 'getSales2Date';

/** The record: the latest counts, one date's, or a range's (the legacy reads). */
export const useCountRecord = (storeId: number, read: CountRecordRead, dates: Pick<StockCountQuery, 'from' | 'to'>) =>
  useQuery({
    queryKey: [...countKeys.all(storeId), 'record', read, dates],
    queryFn: async () => (await call(routes.tswia[read], { query: { store_id: storeId, ...dates } })).data,
  });

type CountLineBody = { item_id: number; qtyReal: string };
type CountHeader = { pay_date: string; payComment?: string | undefined };

/** Saves a new count or replaces a saved one (`pay_id`); every list of the store is read again after. */
export const useSaveCount = (storeId: number) =>
  useMutation({
    mutationFn: async ({ header, items, payId }: { header: CountHeader; items: CountLineBody[]; payId?: number }) =>
      payId === undefined
        ? (await call(routes.tswia.createWithItems, { body: { invoice: { ...header, store_id: storeId }, items } }))
            .data[0]
        : (
            await call(routes.tswia.updateWithItems, {
              body: { invoice: { ...header, store_id: storeId, pay_id: payId }, items },
            })
          ).data[0],
    onSuccess: () => void refreshStore(storeId),
  });

export const useDeleteCount = (storeId: number) =>
  useMutation({
    mutationFn: (payId: number) => call(routes.tswia.deleteWithItems, { body: { pay_id: payId } }),
    onSuccess: () => refreshStore(storeId),
  });
