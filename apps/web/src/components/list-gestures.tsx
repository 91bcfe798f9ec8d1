import { useEffect, useRef, useState, type ReactNode } from 'react';
import './list-gestures.css';

// Pull-to-refresh and load-more for <PagedList>, in place of antd-mobile's PullToRefresh and InfiniteScroll (those
// bring react-spring and @use-gesture, ~35 KB gzip, onto every screen with a list). Same texts, same thresholds.

const HEAD = 40; // px, the head's height while refreshing (antd-mobile headHeight)
const THRESHOLD = 60; // px pulled before a release refreshes (antd-mobile threshold)
const COMPLETE_DELAY = 500; // ms '刷新成功' stays
const COLLAPSE = 300; // ms, the head's height transition (list-gestures.css)
const TEXT = { pulling: '下拉刷新', canRelease: '释放立即刷新', refreshing: '加载中...', complete: '刷新成功' } as const;
type Status = keyof typeof TEXT;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether nothing above the touch point is scrolled down (then a downward drag is a pull, not a scroll). */
function atTop(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) if (el.scrollTop > 0) return false;
  return window.scrollY <= 0;
}

/** The nearest ancestor that scrolls; null for the page itself (the viewport). */
function scrollParent(node: HTMLElement): HTMLElement | null {
  for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
    if (/auto|scroll|overlay/.test(getComputedStyle(el).overflowY)) return el;
  }
  return null;
}

/** A drag down while at the top shows 下拉刷新 / 释放立即刷新; released past 60 px it refreshes (加载中... then 刷新成功). */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const busy = useRef(false);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let start: { x: number; y: number } | null = null;
    let pulling = false;
    let pulled = 0;
    async function refresh() {
      busy.current = true;
      setHeight(HEAD);
      setStatus('refreshing');
      try {
        await refreshRef.current();
        setStatus('complete');
        await sleep(COMPLETE_DELAY);
      } finally {
        setHeight(0);
        await sleep(COLLAPSE);
        setStatus('pulling');
        busy.current = false;
      }
    }
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      start = busy.current || e.touches.length !== 1 || !touch ? null : { x: touch.clientX, y: touch.clientY };
      pulling = false;
    };
    const onMove = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!start || !touch) return;
      const dy = touch.clientY - start.y;
      if (!pulling) {
        // The first move decides: downward, mostly vertical, and at the top is a pull; anything else is left alone.
        if (dy <= 0 || Math.abs(touch.clientX - start.x) > dy || !atTop(e.target)) {
          start = null;
          return;
        }
        pulling = true;
        setDragging(true);
      }
      if (e.cancelable) e.preventDefault();
      // antd-mobile's rubber band: the head follows the finger ever more slowly, at most 5 × HEAD.
      pulled = Math.max(0, (dy * HEAD * 5 * 0.5) / (HEAD * 5 + 0.5 * dy));
      setHeight(pulled);
      setStatus(pulled > THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      const wasPulling = pulling;
      start = null;
      pulling = false;
      if (!wasPulling) return;
      setDragging(false);
      if (pulled > THRESHOLD) void refresh();
      else {
        setHeight(0);
        setStatus('pulling');
      }
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return (
    <div className="pull-refresh" ref={ref}>
      <div className={`pull-refresh-head${dragging ? ' pull-refresh-dragging' : ''}`} style={{ height }}>
        <div className="pull-refresh-head-content" style={{ height: HEAD }}>
          {TEXT[status]}
        </div>
      </div>
      <div className="pull-refresh-content">{children}</div>
    </div>
  );
}

interface LoadMoreProps {
  hasMore: boolean;
  /** Loads the next page; a rejection shows the retry. */
  loadMore: () => Promise<void>;
  children: (hasMore: boolean, failed: boolean, retry: () => void) => ReactNode;
}

/**
 * The list's foot: loads the next page whenever it comes within 250 px of the visible area (an IntersectionObserver
 * sentinel, observed afresh after every page, so a page that does not fill the screen is followed by the next).
 */
export function LoadMore({ hasMore, loadMore, children }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const loading = useRef(false);
  const loadRef = useRef(loadMore);
  loadRef.current = loadMore;

  function run() {
    if (loading.current) return;
    loading.current = true;
    setFailed(false);
    loadRef.current().then(
      () => {
        loading.current = false;
        setRound((r) => r + 1);
      },
      () => {
        loading.current = false;
        setFailed(true);
      },
    );
  }

  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        run();
      },
      { root: scrollParent(el), rootMargin: '0px 0px 250px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // run reads only refs and setters: observed afresh after each page (round), when more comes or a retry clears failed.
  }, [hasMore, failed, round]);

  return (
    <div className="load-more" ref={ref}>
      {children(hasMore, failed, run)}
    </div>
  );
}
