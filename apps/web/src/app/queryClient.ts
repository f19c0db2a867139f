import { QueryClient } from '@tanstack/react-query';
import { ApiError, currentYearId } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused read (bad input, not found, signed out) will not succeed on retry; a network failure might.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status > 0),
      refetchOnWindowFocus: false,
      // Keys are built from one tree rooted at the store and the year: see below.
    },
  },
});

/**
 * One cache tree. Every read of a store lives under `['store', storeId]`; what belongs to an accounting year
 * (documents, balances, stock, notifications, prints) under `['store', storeId, 'year', yearId]`, so a year has
 * its own entries and switching back and forth never shows the other year's figures. Only what no store owns
 * (the store list, the company, the chart of main accounts) and the party names (below) sit outside the tree.
 *
 * After anything is saved or deleted in a store, `refreshStore` marks its whole branch stale: every list,
 * balance, stock figure, notification and print shown from then on is read again (the screens on show at once).
 * One call that cannot forget a list is worth the few extra reads it costs.
 */

export const storeKey = (storeId: number) => ['store', storeId] as const;
export const yearKey = (storeId: number) => [...storeKey(storeId), 'year', currentYearId()] as const;

export const refreshStore = (storeId: number) => queryClient.invalidateQueries({ queryKey: storeKey(storeId) });

/**
 * The store's party names sit beside the tree, not in it: the picker's searches, the walk-in customer and the whole
 * list the device keeps for selling offline (features/invoices/useParties.ts). A sale marks the whole store stale,
 * and names do not change with a sale. Only a change of accounts refreshes them (`refreshParties`); the chosen
 * party's balance is a year's read, in the tree.
 */
export const partiesKey = (storeId: number) => ['parties', storeId] as const;
export const refreshParties = (storeId: number) => queryClient.invalidateQueries({ queryKey: partiesKey(storeId) });
