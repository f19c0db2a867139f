import type { AnswerOf, CallInput, EndpointOf, Route } from '@mizan/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../app/api.ts';
import type { ListSort } from './table/DataTable.tsx';

type Page = { data: unknown[]; total: number; page: number; pageSize: number };
/** The paged form of an endpoint's answer (a read that also answers unpaged legacy clients has both). */
type PageOf<R extends Route> = Extract<AnswerOf<R>, Page>;
/** An endpoint's query without the paging and the order, which the list adds. */
export type Filters<R extends Route> =
  CallInput<EndpointOf<R>> extends { query: infer Q } ? Omit<Q, 'page' | 'pageSize' | 'sort' | 'order'> : never;

const isPage = (answer: unknown): answer is Page =>
  typeof answer === 'object' && answer !== null && 'total' in answer && 'page' in answer;

/**
 * A list paged on the server: pages of 20 from page 1, "load more" fetches the next one. Changing the filters or
 * the order a header asked for (both part of the key) starts again from page 1; the server sorts the whole list.
 * `firstPage` holds what a page carries beside its rows (such as the column sums of the whole filter).
 */
export function usePagedList<R extends Route>(key: readonly unknown[], route: R, filters: Filters<R>, pageSize = 20) {
  const [sort, setSort] = useState<ListSort | undefined>();
  const ordered = sort ? { ...filters, sort: sort.key, order: sort.order } : filters;
  const query = useInfiniteQuery({
    queryKey: [...key, ordered],
    queryFn: async ({ pageParam }) => {
      // The filters are the endpoint's query without its paging and order, which this adds back.
      const input = { query: { ...ordered, page: pageParam, pageSize } } as unknown as CallInput<EndpointOf<R>>;
      const answer: unknown = await call(route, ...([input] as [CallInput<EndpointOf<R>>]));
      // A paged read sent with `page` answers a page; anything else is the server breaking its contract.
      if (!isPage(answer)) throw new Error(`${route.path} answered without a page`);
      return answer as PageOf<R>;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const rows: PageOf<R>['data'] = query.data?.pages.flatMap((page) => page.data) ?? [];
  const firstPage = query.data?.pages[0];
  const total = firstPage?.total ?? 0;
  // What a DataTable needs to show "n of total", load the next page and sort by a column.
  const paging = {
    total,
    loading: query.isFetchingNextPage,
    error: query.isError ? query.error : undefined,
    onMore: () => void query.fetchNextPage(),
    sort,
    onSort: setSort,
  };
  return { query, rows, total, firstPage, paging };
}
