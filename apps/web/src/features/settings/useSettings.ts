import type { Company, Store, StoreUser, Year } from '@mizan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload } from '../../app/api.ts';
import { storeKey } from '../../app/queryKeys.ts';

export const settingsKeys = {
  company: ['company'] as const,
  stores: ['stores'] as const,
  users: (storeId: number) => [...storeKey(storeId), 'users'] as const,
  // The store's years, not the chosen year's: the entry stays when the year changes, so the menu's switch keeps
  // its options (a year-keyed entry would empty them and detach an open popover's choices).
  years: (storeId: number) => [...storeKey(storeId), 'years'] as const,
};

export const useYears = (storeId: number) =>
  useQuery({
    queryKey: settingsKeys.years(storeId),
    queryFn: () => apiGet<Year>('year/readByStoreByRef', { store_id: storeId }),
  });

export const useCompany = () =>
  useQuery({ queryKey: settingsKeys.company, queryFn: () => apiGet<Company>('company/read') });
export const useStores = () => useQuery({ queryKey: settingsKeys.stores, queryFn: () => apiGet<Store>('store/read') });
export const useStoreUsers = (storeId: number) =>
  useQuery({
    queryKey: settingsKeys.users(storeId),
    queryFn: () => apiGet<StoreUser>('users/readByStore', { store_id: storeId }),
  });

/** A change whose answer refreshes one query. */
export function useSettingsChange<T>(path: string, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiPost(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiUpload('company/uploadLogo', 'logo', file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.company }),
  });
}
