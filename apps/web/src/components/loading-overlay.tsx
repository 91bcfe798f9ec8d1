import { useLoading } from '../lib/loading.js';

/** '加载中...' over the page while a request is in flight (spec 1 §7). */
export function LoadingOverlay() {
  const busy = useLoading();
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
