import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused read (bad input, not found, signed out) will not succeed on retry; a network failure might.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status > 0),
      refetchOnWindowFocus: false,
      // Keys are built from one tree rooted at the store and the year: see queryKeys.ts.
    },
  },
});
