import { isFullStore, routes } from '@mizan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { storeKey } from '../../app/queryClient.ts';
import { yearsKey } from './useYears.ts';

export const settingsKeys = {
  company: ['company'] as const,
  stores: ['stores'] as const,
  users: (storeId: number) => [...storeKey(storeId), 'users'] as const,
  years: yearsKey,
  roles: ['roles'] as const,
};

/** The roles and what each permits (read by whoever manages users). */
export const useRoles = (enabled = true) =>
  useQuery({ queryKey: settingsKeys.roles, queryFn: async () => (await call(routes.roles.read)).data, enabled });

export const useCompany = () =>
  useQuery({ queryKey: settingsKeys.company, queryFn: async () => (await call(routes.company.read)).data });
/** The stores with their details (a signed-in user's list; before sign-in it carries names only). */
export const storesQuery = {
  queryKey: settingsKeys.stores,
  queryFn: async () => (await call(routes.store.read)).data.filter(isFullStore),
};
export const useStores = () => useQuery(storesQuery);
export const useStoreUsers = (storeId: number) =>
  useQuery({
    queryKey: settingsKeys.users(storeId),
    queryFn: async () => (await call(routes.users.readByStore, { query: { store_id: storeId } })).data,
  });

/** A change (`send` makes the call) whose answer refreshes one query. */
export function useSettingsChange<T>(send: (body: T) => Promise<unknown>, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => call(routes.company.uploadLogo, { file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.company }),
  });
}
