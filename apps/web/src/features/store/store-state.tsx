import type { ReactNode } from 'react';
import { failureText } from './store-api.js';
import type { StoreRead } from './use-store-read.js';

/**
 * A read's states on a store screen: lines while loading, the failure said truthfully with 重试, the empty text,
 * else the content (the shop's page states, without antd-mobile).
 */
export function StoreState<T>({ read, empty, isEmpty, children }: { read: StoreRead<T>; empty?: string; isEmpty?: (d: T) => boolean; children: (d: T) => ReactNode }) {
  if (read.data === undefined) {
    if (read.error !== undefined && !read.loading) {
      return (
        <div className="store-state" role="alert">
          <p>{failureText(read.error)}</p>
          <button type="button" className="store-button ghost" onClick={read.refetch}>
            重试
          </button>
        </div>
      );
    }
    return (
      <div className="store-skeleton" aria-busy="true" aria-label="加载中">
        <span />
        <span />
        <span />
      </div>
    );
  }
  if (isEmpty?.(read.data)) return <p className="store-state">{empty ?? '暂无记录'}</p>;
  return <>{children(read.data)}</>;
}
