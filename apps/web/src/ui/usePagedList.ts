import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGetPage, type Page, type Params } from '../app/api.ts';
import type { ListSort } from './table/DataTable.tsx';

/**
 * A list paged on the server: pages of 20 from page 1, "load more" fetches the next one. Changing the filters or
 * the order a header asked for (both part of the key) starts again from page 1; the server sorts the whole list.
 * `firstPage` holds what a page carries beside its rows (such as the column sums of the whole filter).
 */
export function usePagedList<T, P extends Page<T> = Page<T>>(
  key: readonly unknown[],
  path: string,
  params: Params,
  pageSize = 20,
) {
  const [sort, setSort] = useState<ListSort | undefined>();
  const ordered = sort ? { ...params, sort: sort.key, order: sort.order } : params;
  const query = useInfiniteQuery({
    queryKey: [...key, ordered],
    queryFn: ({ pageParam }) => apiGetPage<T, P>(path, { ...ordered, page: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const firstPage = query.data?.pages[0];
  const total = firstPage?.total ?? 0;
  // What a DataTable needs to show "n of total", load the next page and sort by a column.
  const paging = {
    total,
    loading: query.isFetchingNextPage,
    onMore: () => void query.fetchNextPage(),
    sort,
    onSort: setSort,
  };
  return { query, rows, total, firstPage, paging };
}
