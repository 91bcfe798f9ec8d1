import { useSyncExternalStore } from 'react';
import { call } from './api.js';
import { selectOrderShopCartCount } from './first-screen-ops.js';
import { session } from './session.js';

/** The cart count behind the tab badge; the cart feature sets it. */
let count = 0;
const listeners = new Set<() => void>();

export function setCartCount(next: number) {
  count = Math.max(0, Math.floor(next));
  listeners.forEach((l) => l());
}

export const cartCount = () => count;

/** The badge counts what the server counts (the agent's lines); called after anything that changes the cart. */
export async function refreshCartCount(): Promise<void> {
  try {
    setCartCount((await call(selectOrderShopCartCount, {}, { background: true, quiet: true })).obj);
  } catch {
    /* the badge keeps its last value */
  }
}

/**
 * Specs just added to the cart (from /detail), ticked when the cart next shows them: what the agent just chose is what
 * they mean to settle. In sessionStorage, so the cart opened after a reload still ticks them; taken once.
 */
const JUST_ADDED_KEY = 'shop.justAdded';

export function markJustAdded(singleProdId: number) {
  const ids = new Set(takeJustAdded());
  ids.add(singleProdId);
  sessionStorage.setItem(JUST_ADDED_KEY, JSON.stringify([...ids]));
}

export function takeJustAdded(): number[] {
  const raw = sessionStorage.getItem(JUST_ADDED_KEY);
  sessionStorage.removeItem(JUST_ADDED_KEY);
  try {
    const ids: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(ids) ? ids.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

session.onReset(() => {
  setCartCount(0);
  sessionStorage.removeItem(JUST_ADDED_KEY);
});

export function useCartCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => count,
  );
}

/** spec 1 §9: the cart badge is capped at 99. */
export const cartBadge = (n: number) => (n <= 0 ? undefined : String(Math.min(n, 99)));
