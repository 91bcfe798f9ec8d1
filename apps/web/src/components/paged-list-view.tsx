import type { Key, ReactNode } from 'react';
import PageStateView from './page-state-view.js';
import type { PagedQuery } from './paged-list.js';
import { InfiniteScroll, PullToRefresh } from './ui.js';
import './paged-list.css';

interface Props<T> {
  paged: PagedQuery<T>;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => Key;
  empty?: ReactNode;
  skeleton?: ReactNode;
  className?: string;
}

/** The antd-mobile half of <PagedList> (a lazy chunk). */
export default function PagedListView<T>({ paged, render, keyOf, empty = '暂无记录', skeleton, className = '' }: Props<T>) {
  const { query, refresh, items } = paged;
  let body: ReactNode;
  if (query.isPending) body = skeleton ?? <PageStateView state="loading" />;
  else if (query.isError && !query.data) {
    body = <PageStateView state="error" error={query.error} retrying={query.isRefetching} onRetry={() => void query.refetch()} />;
  } else if (!items.length) body = <PageStateView state="empty" empty={empty} />;
  else {
    body = (
      <>
        <div className="paged-list-items" role="list">
          {items.map((item) => (
            <div className="paged-list-item" role="listitem" key={keyOf(item)}>
              {render(item)}
            </div>
          ))}
        </div>
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage({ throwOnError: true, cancelRefetch: false });
          }}
        >
          {(hasMore, failed, retry) => (
            <div className="paged-list-foot">
              {failed ? (
                <button type="button" className="paged-list-retry" onClick={retry}>
                  加载失败，点击重试
                </button>
              ) : hasMore ? (
                <span className="muted">加载中...</span>
              ) : (
                <span className="muted">没有更多了</span>
              )}
            </div>
          )}
        </InfiniteScroll>
      </>
    );
  }
  return (
    <div className={`paged-list ${className}`}>
      <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>
    </div>
  );
}
