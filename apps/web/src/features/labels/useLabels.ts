import { routes } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshStore, storeKey } from '../../app/queryClient.ts';

export const labelsKeys = {
  items: (storeId: number, ids: number[]) => [...storeKey(storeId), 'labels', ids.join(',')] as const,
};

/** The items the labels print, in the order asked (an id of no item of the store is left out). */
export const useLabelItems = (storeId: number, ids: number[]) =>
  useQuery({
    queryKey: labelsKeys.items(storeId, ids),
    queryFn: async () =>
      (await call(routes.items.readByIds, { query: { store_id: storeId, ids: ids.join(',') } })).data,
    enabled: ids.length > 0,
  });

/** Gives the items without a barcode the store's own; everything of the store shown after reads them again. */
export const useAssignBarcodes = (storeId: number) =>
  useMutation({
    mutationFn: async (itemIds: number[]) =>
      (await call(routes.items.assignBarcodes, { body: { store_id: storeId, item_ids: itemIds } })).data,
    onSuccess: () => refreshStore(storeId),
  });
