import type { Company, Store, StoreUser } from '@mizan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiUpload } from '../../app/api.ts';
import { storeKey } from '../../app/queryClient.ts';
import { yearsKey } from './useYears.ts';

export const settingsKeys = {
  company: ['company'] as const,
  stores: ['stores'] as const,
  users: (storeId: number) => [...storeKey(storeId), 'users'] as const,
  years: yearsKey,
};

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
