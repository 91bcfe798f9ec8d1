import { lazy, Suspense, type Key, type ReactNode } from 'react';
import type { PagedQuery } from './paged-list.js';
import { LoadMore, PullToRefresh } from './list-gestures.js';
import './paged-list.css';

// The error and empty views carry antd-mobile (ErrorBlock): a chunk of their own, loaded only when the list failed or
// is empty (a plain skeleton stands in until it arrives). The first load shows the plain skeleton itself, so a screen
// whose list loads fine (/home) never fetches the component library.
const PageStateView = lazy(() => import('./page-state-view.js'));

/** A title bar over three lines, drawn by CSS alone (antd-mobile Skeleton's shape, without its code). */
function PlainSkeleton() {
  return (
    <div className="paged-list-skeleton" role="status" aria-busy="true" aria-label="加载中">
      <span />
      <span />
      <span />
      <span />
    </div>
  );
}

interface Props<T> {
  paged: PagedQuery<T>;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => Key;
  empty?: ReactNode;
  skeleton?: ReactNode;
  className?: string;
}

/** The view half of <PagedList> (a lazy chunk): rows, pull-to-refresh, the foot that loads the next page. */
export default function PagedListView<T>({ paged, render, keyOf, empty = '暂无记录', skeleton, className = '' }: Props<T>) {
  const { query, refresh, items } = paged;
  let body: ReactNode;
  const state = (view: ReactNode) => <Suspense fallback={<PlainSkeleton />}>{view}</Suspense>;
  if (query.isPending) body = skeleton ?? <PlainSkeleton />;
  else if (query.isError && !query.data) {
    body = state(<PageStateView state="error" error={query.error} retrying={query.isRefetching} onRetry={() => void query.refetch()} />);
  } else if (!items.length) body = state(<PageStateView state="empty" empty={empty} />);
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
        <LoadMore
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
        </LoadMore>
      </>
    );
  }
  return (
    <div className={`paged-list ${className}`}>
      <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>
    </div>
  );
}
