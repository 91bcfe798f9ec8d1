import { useSyncExternalStore, type MouseEvent } from 'react';

/**
 * The consumer store's own router (ADR 0038): path routes under /store/<shopId>/<screen>, pushState and popstate, and
 * nothing else, so the store's first screen carries no router library (issue budget: ≤ 100 KB gzip JS).
 */
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
window.addEventListener('popstate', emit);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const current = () => `${window.location.pathname}${window.location.search}`;

/** The address the store shows now (path and query). */
export const useAddress = () => useSyncExternalStore(subscribe, current);

export function go(to: string, opts: { replace?: boolean } = {}) {
  if (to === current()) return;
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  emit();
}

/** An <a>'s click that stays in the page (a plain click; a new tab or a modified click is the browser's). */
export function follow(e: MouseEvent<HTMLAnchorElement>, opts: { replace?: boolean } = {}) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  go(e.currentTarget.getAttribute('href') ?? '/', opts);
}

/** A shop id as the link carries it: digits only (the server answers a closed store for any other). */
const SHOP_ID = /^[1-9]\d{0,9}$/;

export interface StoreAddress {
  shopId: number | null;
  /** '' (home), 'item', 'cart', 'checkout', 'result', 'orders', 'order'. */
  screen: string;
  query: URLSearchParams;
}

export function parseAddress(address: string): StoreAddress {
  const url = new URL(address, window.location.origin);
  const [, first, id, screen = ''] = url.pathname.split('/');
  const shopId = first === 'store' && id && SHOP_ID.test(id) ? Number(id) : null;
  return { shopId, screen, query: url.searchParams };
}

/** The address of a store screen. */
export function storePath(shopId: number, screen = '', query?: Record<string, string | number>): string {
  const base = `/store/${shopId}${screen ? `/${screen}` : ''}`;
  if (!query) return base;
  return `${base}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
}
