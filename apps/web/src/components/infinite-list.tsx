import { useCallback, useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import './infinite-list.css';

export interface Batch<T> {
  items: T[];
  /** Whether another batch may follow. */
  more: boolean;
}
/** Answers the next batch each time it is called; after a failure it is called again for the same batch. */
export type Source<T> = () => Promise<Batch<T>>;

/** The pages of a phonePage call as a Source: 1, 2, ... while pageNum < pageTotal (the number of pages). */
export function pagesOf<T>(fetchPage: (pageNum: number) => Promise<{ items: T[]; pageTotal: number }>): Source<T> {
  let next = 1;
  return async () => {
    const page = await fetchPage(next);
    const more = next < page.pageTotal;
    next += 1;
    return { items: page.items, more };
  };
}

interface Props<T> {
  /** Make a new source (and remount with a new `key`) to start over. */
  source: Source<T>;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => Key;
  /** Shown when the first batch is empty. */
  empty: string;
  className?: string;
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A list that loads the next batch when its end scrolls into view (spec: page size 10, later loads delayed 500 ms),
 * '查询失败' with a retry when a load fails, the empty text, and '没有更多了' at the end. Plain DOM, so it can sit on
 * the first screen.
 */
export function InfiniteList<T>({ source, render, keyOf, empty, className = '' }: Props<T>) {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed' | 'done'>('idle');
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const loaded = useRef(0);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    try {
      if (loaded.current > 0) await later(500);
      const batch = await source();
      loaded.current += 1;
      setItems((prev) => [...prev, ...batch.items]);
      setStatus(batch.more ? 'idle' : 'done');
    } catch {
      setStatus('failed');
    } finally {
      busy.current = false;
    }
  }, [source]);

  useEffect(() => {
    const el = sentinel.current;
    if (status !== 'idle' || !el) return;
    // Fires at once while the end is already in view, so short batches keep loading until the screen is full.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [status, loadMore]);

  return (
    <div className={`infinite-list ${className}`}>
      <div className="infinite-list-items">
        {items.map((item) => (
          <div className="infinite-list-item" key={keyOf(item)}>
            {render(item)}
          </div>
        ))}
      </div>
      <div ref={sentinel} className="infinite-list-foot">
        {status === 'loading' && <span className="muted">加载中...</span>}
        {status === 'failed' && (
          <button type="button" className="text-link" onClick={() => void loadMore()}>
            查询失败，点击重试
          </button>
        )}
        {status === 'done' && <span className="muted">{items.length ? '没有更多了' : empty}</span>}
      </div>
    </div>
  );
}
