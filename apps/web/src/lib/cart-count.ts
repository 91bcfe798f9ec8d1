import { useSyncExternalStore } from 'react';
import { selectOrderShopCartCount } from '@shop/contract/cart';
import { call } from './api.js';
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

session.onReset(() => setCartCount(0));

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
