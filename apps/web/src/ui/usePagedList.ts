import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGetPage, type Page, type Params } from '../app/api.ts';

/**
 * A list paged on the server: pages of 20 from page 1, "load more" fetches the next one. Changing the filters
 * (part of the key) starts again from page 1. `firstPage` holds what a page carries beside its rows (such as the
 * column sums of the whole filter).
 */
export function usePagedList<T, P extends Page<T> = Page<T>>(
  key: readonly unknown[],
  path: string,
  params: Params,
  pageSize = 20,
) {
  const query = useInfiniteQuery({
    queryKey: [...key, params],
    queryFn: ({ pageParam }) => apiGetPage<T, P>(path, { ...params, page: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const firstPage = query.data?.pages[0];
  const total = firstPage?.total ?? 0;
  // What a DataTable needs to show "n of total" and load the next page.
  const paging = { total, loading: query.isFetchingNextPage, onMore: () => void query.fetchNextPage() };
  return { query, rows, total, firstPage, paging };
}
