import { useCallback, useRef, useState } from 'react';

export interface Page<T> {
  items: T[];
  /** Number of pages (the contract's phonePage.pageTotal). */
  pageTotal: number;
}

/**
 * A paged list for antd-mobile's PullToRefresh + InfiniteScroll: `loadMore` fetches the next page, `refresh` starts
 * over at page 1; an answer that arrives after a refresh started is dropped.
 */
export function usePagedList<T>(fetchPage: (pageNum: number) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const next = useRef(1);
  const generation = useRef(0);

  const load = useCallback(
    async (pageNum: number) => {
      const gen = generation.current;
      const page = await fetchPage(pageNum);
      if (gen !== generation.current) return;
      next.current = pageNum + 1;
      setItems((prev) => (pageNum === 1 ? page.items : [...prev, ...page.items]));
      setHasMore(pageNum < page.pageTotal);
    },
    [fetchPage],
  );

  const loadMore = useCallback(() => load(next.current), [load]);
  const refresh = useCallback(async () => {
    generation.current += 1;
    await load(1);
  }, [load]);

  return { items, setItems, hasMore, loadMore, refresh };
}
