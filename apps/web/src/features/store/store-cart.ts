import { useSyncExternalStore } from 'react';

/**
 * The consumer's cart, kept on the phone per store (ADR 0038: the cart is the client's; the server prices the order
 * again from the specs and counts at checkout). Prices here are what the store showed, in fen, for the screen only.
 */
export interface CartLine {
  prodId: number;
  singleProdId: number;
  prodName: string;
  specDispStr: string;
  imgUrl: string;
  /** The shown price in fen. */
  price: number;
  buyNum: number;
}

export const MAX_BUY = 999;
const keyOf = (shopId: number) => `shop.storeCart.${shopId}`;
const lists = new Map<number, CartLine[]>();
const listeners = new Set<() => void>();
const NONE: CartLine[] = [];

function read(shopId: number): CartLine[] {
  const known = lists.get(shopId);
  if (known) return known;
  let lines: CartLine[] = [];
  try {
    const raw = JSON.parse(localStorage.getItem(keyOf(shopId)) ?? '[]') as unknown;
    if (Array.isArray(raw)) lines = raw.filter((l: CartLine) => Number.isInteger(l?.singleProdId) && Number.isInteger(l?.buyNum) && l.buyNum > 0);
  } catch {
    /* a broken cart counts as empty */
  }
  lists.set(shopId, lines);
  return lines;
}

function write(shopId: number, lines: CartLine[]) {
  lists.set(shopId, lines);
  try {
    localStorage.setItem(keyOf(shopId), JSON.stringify(lines));
  } catch {
    /* private mode: the cart lasts for this page only */
  }
  listeners.forEach((l) => l());
}

export const cart = {
  lines: (shopId: number) => read(shopId),
  add(shopId: number, line: CartLine) {
    const lines = read(shopId);
    const same = lines.find((l) => l.singleProdId === line.singleProdId);
    const next = same
      ? lines.map((l) => (l === same ? { ...line, buyNum: Math.min(MAX_BUY, l.buyNum + line.buyNum) } : l))
      : [...lines, { ...line, buyNum: Math.min(MAX_BUY, line.buyNum) }];
    write(shopId, next);
  },
  setCount(shopId: number, singleProdId: number, buyNum: number) {
    write(shopId, read(shopId).map((l) => (l.singleProdId === singleProdId ? { ...l, buyNum: Math.max(1, Math.min(MAX_BUY, buyNum)) } : l)));
  },
  remove(shopId: number, singleProdIds: number[]) {
    write(shopId, read(shopId).filter((l) => !singleProdIds.includes(l.singleProdId)));
  },
};

export function useCart(shopId: number | null): CartLine[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (shopId === null ? NONE : read(shopId)),
  );
}

/** The lines checkout takes: the whole cart, or the one spec of 立即购买 (kept for the tab, not in the cart). */
const BUY_NOW = 'shop.storeBuyNow';
export function setBuyNow(line: CartLine | null) {
  if (line) sessionStorage.setItem(BUY_NOW, JSON.stringify(line));
  else sessionStorage.removeItem(BUY_NOW);
}
export function buyNowLine(): CartLine | null {
  try {
    const line = JSON.parse(sessionStorage.getItem(BUY_NOW) ?? 'null') as CartLine | null;
    return line && Number.isInteger(line.singleProdId) && Number.isInteger(line.buyNum) ? line : null;
  } catch {
    return null;
  }
}
