import { lazy, Suspense, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { classifyError } from '../lib/query.js';

// The skeleton, error and empty views carry antd-mobile: a chunk of their own, so a first screen that uses
// <PageState> does not put the component library into the entry bundle; a cached answer never loads it.
const StateView = lazy(() => import('./page-state-view.js'));

interface Props<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isRefetching'>;
  /** While the first answer is on its way; the default is three lines of antd-mobile Skeleton. */
  skeleton?: ReactNode;
  /** Whether the answer counts as empty (then `empty` shows instead of the children). */
  isEmpty?: (data: T) => boolean;
  /** The empty text (the spec's wording); '暂无记录' by default. */
  empty?: ReactNode;
  /** A business refusal shows the empty state instead of the error (spec 2 §8: logistics says '暂无物流信息'). */
  emptyOnRefusal?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * One page state for every loader: a skeleton while loading, an error that says truthfully why
 * (网络已断开 / 加载超时 / 服务器错误, or the server's refusal) with a '重试' button, the empty state with an
 * illustration, else the content.
 */
export function PageState<T>({ query, skeleton, isEmpty, empty = '暂无记录', emptyOnRefusal, children }: Props<T>) {
  if (query.isPending) {
    return <Suspense fallback={null}>{skeleton ?? <StateView state="loading" />}</Suspense>;
  }
  // A failed refresh keeps what was shown; only a screen with nothing to show gives way to the error.
  if (query.isError && query.data === undefined) {
    if (emptyOnRefusal && classifyError(query.error).kind === 'refused') {
      return (
        <Suspense fallback={null}>
          <StateView state="empty" empty={empty} />
        </Suspense>
      );
    }
    return (
      <Suspense fallback={null}>
        <StateView state="error" error={query.error} retrying={query.isRefetching} onRetry={() => void query.refetch()} />
      </Suspense>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) {
    return (
      <Suspense fallback={null}>
        <StateView state="empty" empty={empty} />
      </Suspense>
    );
  }
  return <>{children(data)}</>;
}
