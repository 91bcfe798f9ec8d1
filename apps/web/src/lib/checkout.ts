/**
 * What the settlement screen settles: written by the product detail (buy now / exchange) and the cart (settle),
 * read by /settlement. Kept in sessionStorage so a reload of /settlement keeps it; cleared on logout.
 */
import type { ProdType } from '@shop/contract/activity-state';
import { clearPickedAddress } from './picked-address.js';
import { session } from './session.js';

export interface CheckoutLine {
  prodId: number;
  singleProdId: number;
  /** PROD_TYPE: self-run, welfare, or activity (points exchange). */
  prodType: ProdType;
  buyNum: number;
  /** For activity items: the activity and its item. */
  activityId?: number;
  activityItemId?: number;
  /** Cart line it came from, cleared from the cart when the order is saved. */
  cartId?: number;
}

export interface Checkout {
  /** spec 1 §3 orderType: 1 ordinary, 2 welfare (points may offset), 3 points exchange. */
  orderType: 1 | 2 | 3;
  lines: CheckoutLine[];
  /** Where the checkout started, to go back to. */
  from: 'detail' | 'cart';
}

const KEY = 'shop.checkout';

/** A new checkout starts without the address picked for an earlier one (spec 1 §4 Cart). */
export function setCheckout(checkout: Checkout) {
  clearPickedAddress();
  sessionStorage.setItem(KEY, JSON.stringify(checkout));
}

export function getCheckout(): Checkout | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Checkout) : null;
  } catch {
    return null;
  }
}

export function clearCheckout() {
  sessionStorage.removeItem(KEY);
}

/**
 * A saved order waiting for /payment (spec 1 §4 after an order is saved), for when the page is opened without `?id=`.
 * Only the id: the payment page reads the amounts and the split (isCanState) from the server.
 */
export interface PendingPayment {
  orderId: number;
}

const PAY_KEY = 'shop.pendingPayment';

export function setPendingPayment(p: PendingPayment) {
  sessionStorage.setItem(PAY_KEY, JSON.stringify(p));
}

export function getPendingPayment(): PendingPayment | null {
  try {
    const raw = sessionStorage.getItem(PAY_KEY);
    return raw ? (JSON.parse(raw) as PendingPayment) : null;
  } catch {
    return null;
  }
}

session.onReset(() => {
  clearCheckout();
  sessionStorage.removeItem(PAY_KEY);
});
