import { hashKey, QueryClient } from '@tanstack/react-query';
import { ApiError, currentYearId } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused read (bad input, not found, signed out) will not succeed on retry; a network failure might.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status > 0),
      refetchOnWindowFocus: false,
      // The chosen accounting year is part of every cache key, so switching years never shows the other year's
      // figures: each year has its own entries, and a key's entry is only ever filled from its year's reads.
      queryKeyHashFn: (queryKey) => hashKey([{ yearId: currentYearId() }, ...queryKey]),
    },
  },
});
