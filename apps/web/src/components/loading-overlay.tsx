import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLoading } from '../lib/loading.js';
import { clearToastOnNavigation } from '../lib/toast.js';

/**
 * '加载中...' over the page while a blocking request is in flight: only money actions and other submissions
 * (queries load in the background and show skeletons). The layout mounts it once, so it also clears the previous
 * screen's toast on every navigation.
 */
export function LoadingOverlay() {
  const busy = useLoading();
  const { pathname, search } = useLocation();
  useEffect(() => clearToastOnNavigation(), [pathname, search]);
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-box">
        <span className="spinner" aria-hidden="true" />
        <span>加载中...</span>
      </div>
    </div>
  );
}
