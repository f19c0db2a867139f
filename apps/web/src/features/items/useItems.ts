import type { Item, ItemCategory, ItemInput } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type Params } from '../../app/api.ts';
import { refreshStore, storeKey } from '../../app/queryClient.ts';
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
export function filterParams(filters: ItemFilters): Params {
  return {
    search: filters.search.trim() || undefined,
    category_id: filters.category_id === 'all' ? undefined : filters.category_id,
    brand: filters.brand || undefined,
    model: filters.model || undefined,
  };
}

export const useItemList = (storeId: number, filters: ItemFilters) =>
  usePagedList<Item>(itemKeys.list(storeId), 'items/read', { store_id: storeId, ...filterParams(filters) });

export const useCategories = (storeId: number) =>
  useQuery({
    queryKey: categoryKeys.all(storeId),
    queryFn: () => apiGet<ItemCategory>('item_categories/read', { store_id: storeId }),
  });

export const useBrands = (storeId: number) =>
  useQuery({
    queryKey: itemKeys.brands(storeId),
    queryFn: () => apiGet<{ brand: string }>('items/readUniqueBrands', { store_id: storeId }),
  });

export const useModels = (storeId: number, brand: string) =>
  useQuery({
    queryKey: itemKeys.models(storeId, brand),
    queryFn: () =>
      apiGet<{ model: string }>('items/readUniqueModels', { store_id: storeId, brand: brand || undefined }),
  });

export const useSaveItem = (storeId: number) =>
  useMutation({
    mutationFn: (body: ItemInput & { id?: number }) =>
      apiPost<Item>(body.id ? 'items/update' : 'items/create', { ...body, store_id: storeId }),
    onSuccess: () => refreshStore(storeId),
  });

export const useDeleteItem = (storeId: number) =>
  useMutation({
    mutationFn: (id: number) => apiPost('items/delete', { id, store_id: storeId }),
    onSuccess: () => refreshStore(storeId),
  });

export const useCreateCategory = (storeId: number) =>
  useMutation({
    mutationFn: (category_name: string) =>
      apiPost<ItemCategory>('item_categories/create', { category_name, store_id: storeId }),
    onSuccess: () => refreshStore(storeId),
  });
