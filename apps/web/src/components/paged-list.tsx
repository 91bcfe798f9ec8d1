import { lazy, Suspense, type Key, type ReactNode } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { classifyError } from '../lib/query.js';
import { toast } from '../lib/toast.js';
import type { FetchPage, Page } from './paged-list-ops.js';
import type PagedListViewType from './paged-list-view.js';

export { opPages, pageOf, type FetchPage, type Page } from './paged-list-ops.js';
type Loaded<T> = Page<T> & { pageNum: number };

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * phonePage paging on useInfiniteQuery: page 1, 2, ... while pageNum < pageTotal; later pages wait 500 ms (spec 1
 * "infinite-list load delayed 500 ms"). `refresh` starts over at page 1 and keeps the list on screen meanwhile.
 */
export function usePagedQuery<T>(queryKey: QueryKey, fetchPage: FetchPage<T>) {
  const client = useQueryClient();
  const query = useInfiniteQuery<Loaded<T>, Error, InfiniteData<Loaded<T>, number>, QueryKey, number>({
    queryKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam > 1) await later(500);
      return { ...(await fetchPage(pageParam, signal)), pageNum: pageParam };
    },
    getNextPageParam: (last) => (last.pageNum < last.pageTotal ? last.pageNum + 1 : undefined),
  });
  async function refresh() {
    client.setQueryData<InfiniteData<Loaded<T>, number>>(queryKey, (data) =>
      data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
    );
    const result = await query.refetch();
    if (result.isError) toast(classifyError(result.error).message);
  }
  return { query, refresh, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

export type PagedQuery<T> = ReturnType<typeof usePagedQuery<T>>;

// The view (rows, pull-to-refresh, load-more) is a chunk of its own, so a first screen with a list does not put it
// into the entry bundle; the first page is fetched while the chunk loads.
const PagedListView = lazy(() => import('./paged-list-view.js')) as unknown as typeof PagedListViewType;

export interface PagedListProps<T> {
  queryKey: QueryKey;
  fetchPage: FetchPage<T>;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => Key;
  /** The spec's empty text; '暂无记录' by default. */
  empty?: ReactNode;
  /** Shown while the first page loads (antd-mobile Skeleton lines by default). */
  skeleton?: ReactNode;
  className?: string;
}

/** The one list with paging (spec 3 "General list behaviour"): pull-to-refresh, infinite scroll, '没有更多了', empty text. */
export function PagedList<T>({ queryKey, fetchPage, ...view }: PagedListProps<T>) {
  const paged = usePagedQuery(queryKey, fetchPage);
  return (
    <Suspense fallback={view.skeleton ?? null}>
      <PagedListView paged={paged} {...view} />
    </Suspense>
  );
}
