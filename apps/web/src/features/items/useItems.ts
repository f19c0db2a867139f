import { type ItemInput, routes } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshStore, storeKey, yearKey } from '../../app/queryClient.ts';
import { usePagedList } from '../../ui/usePagedList.ts';

export const itemKeys = {
  all: (storeId: number) => [...storeKey(storeId), 'items'] as const,
  list: (storeId: number) => [...itemKeys.all(storeId), 'list'] as const,
  brands: (storeId: number) => [...itemKeys.all(storeId), 'brands'] as const,
  models: (storeId: number, brand: string) => [...itemKeys.all(storeId), 'models', brand] as const,
};
export const categoryKeys = { all: (storeId: number) => [...storeKey(storeId), 'categories'] as const };

export type ItemFilters = { search: string; category_id: string; brand: string; model: string };

/** Only filters with a value are sent: an empty search and the category 'all' mean "no filter" (seed 5). */
export function filterParams(filters: ItemFilters) {
  return {
    search: filters.search.trim() || undefined,
    category_id: filters.category_id === 'all' ? undefined : filters.category_id,
    brand: filters.brand || undefined,
    model: filters.model || undefined,
  };
}

export const useItemList = (storeId: number, filters: ItemFilters) =>
  usePagedList(itemKeys.list(storeId), routes.items.read, { store_id: storeId, ...filterParams(filters) });

/** One item with its stock in the chosen year: a form's chosen item, shown by its name and code. */
export const useItemWithStock = (storeId: number, id: number | undefined) =>
  useQuery({
    queryKey: [...yearKey(storeId), 'itemWithStock', id],
    queryFn: async () =>
      (await call(routes.items.readItemByIdQty, { query: { store_id: storeId, id } })).data[0] ?? null,
    enabled: id !== undefined,
  });

/**
 * What an item cost (`items/cost`): its own purchase price, its moving-average cost in the chosen year and its last
 * purchase. Asked only by a role that reads cost (`id` left out otherwise).
 */
export const useItemCost = (storeId: number, id: number | undefined) =>
  useQuery({
    queryKey: [...yearKey(storeId), 'itemCost', id],
    queryFn: async () => (await call(routes.items.cost, { query: { store_id: storeId, id: id ?? 0 } })).data[0] ?? null,
    enabled: id !== undefined,
  });

/** One item's stock, price and minimum in every store of the user, the session's store first (`items/storesStock`). */
export const useStoresStock = (storeId: number, itemId: number | undefined) =>
  useQuery({
    queryKey: [...storeKey(storeId), 'storesStock', itemId],
    queryFn: async () =>
      (await call(routes.itemStock.storesStock, { query: { store_id: storeId, item_id: itemId ?? 0 } })).data,
    enabled: itemId !== undefined,
  });

export const useCategories = (storeId: number) =>
  useQuery({
    queryKey: categoryKeys.all(storeId),
    queryFn: async () => (await call(routes.item_categories.read, { query: { store_id: storeId } })).data,
  });

export const useBrands = (storeId: number) =>
  useQuery({
    queryKey: itemKeys.brands(storeId),
    queryFn: async () => (await call(routes.items.readUniqueBrands, { query: { store_id: storeId } })).data,
  });

export const useModels = (storeId: number, brand: string) =>
  useQuery({
    queryKey: itemKeys.models(storeId, brand),
    queryFn: async () =>
      (await call(routes.items.readUniqueModels, { query: { store_id: storeId, brand: brand || undefined } })).data,
  });

export const useSaveItem = (storeId: number) =>
  useMutation({
    mutationFn: async ({ id, ...item }: ItemInput & { id?: number }) => {
      const body = { ...item, store_id: storeId };
      const saved = id
        ? await call(routes.items.update, { body: { ...body, id } })
        : await call(routes.items.create, { body });
      return saved.data;
    },
    onSuccess: () => refreshStore(storeId),
  });

export const useDeleteItem = (storeId: number) =>
  useMutation({
    mutationFn: async (id: number) => (await call(routes.items.delete, { body: { id } })).data,
    onSuccess: () => refreshStore(storeId),
  });

export const useCreateCategory = (storeId: number) =>
  useMutation({
    mutationFn: async (category_name: string) =>
      (await call(routes.item_categories.create, { body: { category_name, store_id: storeId } })).data,
    onSuccess: () => refreshStore(storeId),
  });
