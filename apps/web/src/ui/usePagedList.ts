import type { AnswerOf, CallInput, EndpointOf, Route } from '@mizan/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../app/api.ts';

type Page = { data: unknown[]; total: number; page: number; pageSize: number };
/** The paged form of an endpoint's answer (a read that also answers unpaged legacy clients has both). */
type PageOf<R extends Route> = Extract<AnswerOf<R>, Page>;
/** An endpoint's query without the paging, which the list adds. */
export type Filters<R extends Route> =
  CallInput<EndpointOf<R>> extends { query: infer Q } ? Omit<Q, 'page' | 'pageSize'> : never;

const isPage = (answer: unknown): answer is Page =>
  typeof answer === 'object' && answer !== null && 'total' in answer && 'page' in answer;

/**
 * A list paged on the server: pages of 20 from page 1, "load more" fetches the next one. Changing the filters
 * (part of the key) starts again from page 1. `firstPage` holds what a page carries beside its rows (such as the
 * column sums of the whole filter).
 */
export function usePagedList<R extends Route>(key: readonly unknown[], route: R, filters: Filters<R>, pageSize = 20) {
  const query = useInfiniteQuery({
    queryKey: [...key, filters],
    queryFn: async ({ pageParam }) => {
      // The filters are the endpoint's query without its paging, which this adds back.
      const input = { query: { ...filters, page: pageParam, pageSize } } as unknown as CallInput<EndpointOf<R>>;
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
  // What a DataTable needs to show "n of total" and load the next page.
  const paging = { total, loading: query.isFetchingNextPage, onMore: () => void query.fetchNextPage() };
  return { query, rows, total, firstPage, paging };
}
