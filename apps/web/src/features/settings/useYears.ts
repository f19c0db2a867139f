import { routes } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { storeKey } from '../../app/queryClient.ts';

// The store's years, not the chosen year's: the entry stays when the year changes, so the menu's switch keeps its
// options (a year-keyed entry would empty them and detach an open popover's choices).
export const yearsKey = (storeId: number) => [...storeKey(storeId), 'years'] as const;

/** The store's accounting years. Its own module: the menu reads it on every screen's first load. */
export const useYears = (storeId: number) =>
  useQuery({
    queryKey: yearsKey(storeId),
    queryFn: async () => (await call(routes.year.readByStoreByRef, { query: { store_id: storeId } })).data,
  });
