import { AppError } from '../../http/errors.js';

/** spec 2 §4 order circulationState. */
export const ORDER_STATE = {
  unpaid: 1,
  /** Offline payment submitted, awaiting the merchant's review. */
  review: 2,
  toShip: 3,
  shipped: 4,
  done: 5,
  closed: 6,
  /** Closed by the payment window running out. */
  timedOut: 7,
} as const;
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

/**
 * The only moves an order makes (CONVENTIONS 9). A rejected offline payment goes back from review to unpaid.
 * Every move is a compare-and-set on the current state (order.repository moveState).
 */
export const orderTransitions: Record<number, readonly number[]> = {
  1: [2, 3, 6, 7],
  2: [1, 3],
  3: [4],
  4: [5],
};

export function canMove(from: number, to: number): boolean {
  return orderTransitions[from]?.includes(to) ?? false;
}

export function assertTransition(from: number, to: number): void {
  if (!canMove(from, to)) throw new AppError('VALIDATION', '订单状态已变化，请刷新后重试');
}
